import { abilityRulesFor, buildAbility } from '@orbit/functions/core/ability';
import { describe, expect, it } from 'vitest';
import { canSeeNavItem, isNavItemActive, navItems, navTree, queryMatches, visibleNavTree } from './nav-items';

const visibleFor = (rules: Parameters<typeof buildAbility>[0]) =>
  navItems.filter((item) => canSeeNavItem(item, buildAbility(rules))).map((item) => item.name);

describe('navigation (docs/product.md#roles)', () => {
  it('shows an admin every area', () => {
    expect(visibleFor(abilityRulesFor({ id: 'u1', role: 'admin' }))).toEqual(navItems.map((item) => item.name));
  });

  it('shows a client only what their rules allow (no channels, mailings, integrations), plus the public links', () => {
    expect(visibleFor(abilityRulesFor({ id: 'u2', role: 'client' }))).toEqual([
      'apps-projects',
      'apps-chat',
      'apps-email',
      'information-plans',
      'information-referrals',
      'user-view',
      'access-control',
      'known-base',
      'telegram',
    ]);
  });

  it('marks a link active by route name or by navActiveLink', () => {
    const projects = navItems.find((item) => item.name === 'apps-projects');
    const email = navItems.find((item) => item.name === 'apps-email');
    if (!projects || !email) throw new Error('missing nav items');
    expect(isNavItemActive(projects, [{ name: 'apps-projects' }])).toBe(true);
    expect(isNavItemActive(projects, [{ name: 'project-edit', navActiveLink: 'apps-projects' }])).toBe(true);
    expect(isNavItemActive(email, [{ name: 'apps-email-filter', navActiveLink: 'apps-email' }])).toBe(true);
    expect(isNavItemActive(email, [{ name: 'apps-projects' }])).toBe(false);
  });

  it('links Wiki and Telegram to their routes, which open the deploy’s destination (or say it is not set)', () => {
    const links = navItems.filter((item) => item.name === 'known-base' || item.name === 'telegram');
    expect(links.map((item) => item.href)).toEqual(['/wiki', '/telegram']);
  });
});

describe('navigation tree (docs/product.md#roles: groups and headings)', () => {
  const shape = (rules: Parameters<typeof buildAbility>[0]) =>
    visibleNavTree(navTree, buildAbility(rules)).map((entry) =>
      entry.kind === 'heading'
        ? `# ${entry.key}`
        : entry.kind === 'group'
          ? `${entry.key}: ${entry.items.map((item) => item.name).join(', ')}`
          : entry.item.name,
    );

  it('places every navigation item exactly once', () => {
    const placed = navTree.flatMap((entry) =>
      entry.kind === 'link' ? [entry.item.name] : entry.kind === 'group' ? entry.items.map((item) => item.name) : [],
    );
    expect([...placed].sort()).toEqual(navItems.map((item) => item.name).sort());
  });

  it('shows an admin every group, and the administration heading over what only admins do', () => {
    const admin = shape(abilityRulesFor({ id: 'u1', role: 'admin' }));
    expect(admin).toContain('communication: apps-channels, apps-mailings, apps-integrations');
    expect(admin.slice(admin.indexOf('# administration'), admin.indexOf('# help'))).toEqual([
      '# administration',
      'apps-permissions',
    ]);
  });

  it('hides a group none of whose children is allowed, and a heading with nothing under it', () => {
    expect(shape(abilityRulesFor({ id: 'u2', role: 'client' }))).toEqual([
      '# apps',
      'apps-projects',
      'apps-chat',
      'apps-email',
      '# account',
      'user-view',
      'information: information-plans, information-referrals',
      'access-control',
      '# help',
      'known-base',
      'telegram',
    ]);
    expect(shape([])).toEqual(['# help', 'known-base', 'telegram']);
  });

  it('marks a link active only when its query matches (docs/product.md#routes)', () => {
    const email = navItems.find((item) => item.name === 'apps-email');
    if (!email) throw new Error('missing nav item');
    expect(queryMatches({ folder: 'inbox' }, '?folder=inbox&x=1')).toBe(true);
    expect(queryMatches({ folder: 'inbox' }, '?folder=sent')).toBe(false);
    expect(queryMatches(undefined, '?anything=1')).toBe(true);
    expect(isNavItemActive(email, [{ name: 'apps-email' }], '?x=1')).toBe(true);
  });
});
