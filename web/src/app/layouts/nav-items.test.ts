import { abilityRulesFor, buildAbility } from '@orbit/functions/core/ability';
import { describe, expect, it } from 'vitest';
import { canSeeNavItem, isNavItemActive, navItems } from './nav-items';

const visibleFor = (rules: Parameters<typeof buildAbility>[0]) =>
  navItems.filter((item) => canSeeNavItem(item, buildAbility(rules))).map((item) => item.name);

describe('navigation (spec §6)', () => {
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

  it('links Wiki and Telegram straight to their destinations', () => {
    const external = navItems.filter((item) => item.external);
    expect(external.map((item) => item.name)).toEqual(['known-base', 'telegram']);
    for (const item of external) expect(item.href).toMatch(/^https:\/\//);
  });
});
