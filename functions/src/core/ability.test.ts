import { subject } from '@casl/ability';
import { describe, expect, it } from 'vitest';

import { abilityRulesFor, buildAbility, matchEveryField, type AbilityRule } from './ability';

describe('abilityRulesFor (docs/product.md#roles)', () => {
  it('lets an admin manage all', () => {
    const ability = buildAbility(abilityRulesFor({ id: 'a', role: 'admin' }));
    expect(abilityRulesFor({ id: 'a', role: 'admin' })).toEqual([{ action: 'manage', subject: 'all' }]);
    expect(ability.can('manage', 'all')).toBe(true);
    expect(ability.can('delete', 'Project')).toBe(true);
    expect(ability.can('manage', 'Permission')).toBe(true);
  });

  it('lets a client read AclDemo and only its own projects', () => {
    const ability = buildAbility(abilityRulesFor({ id: 'c1', role: 'client' }));
    expect(ability.can('read', 'AclDemo')).toBe(true);
    expect(ability.can('read', subject('Project', { clientId: 'c1' }))).toBe(true);
    expect(ability.can('read', subject('Project', { clientId: 'c2' }))).toBe(false);
    expect(ability.can('update', subject('Project', { clientId: 'c1' }))).toBe(false);
    expect(ability.can('manage', 'all')).toBe(false);
  });

  it('limits a client to its own profile, comments, mailbox and referrals', () => {
    const ability = buildAbility(abilityRulesFor({ id: 'c1', role: 'client' }));
    expect(ability.can('update', subject('User', { id: 'c1' }))).toBe(true);
    expect(ability.can('read', subject('User', { id: 'c2' }))).toBe(false);
    expect(ability.can('create', subject('Comment', { clientId: 'c1' }))).toBe(true);
    expect(ability.can('create', subject('Comment', { clientId: 'c2' }))).toBe(false);
    expect(ability.can('read', subject('Email', { ownerId: 'c1' }))).toBe(true);
    expect(ability.can('read', subject('Email', { ownerId: 'c2' }))).toBe(false);
    expect(ability.can('read', subject('Referral', { referrerId: 'c2' }))).toBe(false);
    expect(ability.can('read', 'Plan')).toBe(true);
    expect(ability.can('read', 'Chat')).toBe(true);
  });

  it("keeps the admin's areas from a client", () => {
    const ability = buildAbility(abilityRulesFor({ id: 'c1', role: 'client' }));
    for (const area of ['Permission', 'Channel', 'Integration', 'Mailing'] as const) {
      expect(ability.can('read', area)).toBe(false);
      expect(ability.can('manage', area)).toBe(false);
    }
  });

  it('gives each client rule one action and one subject (docs/product.md#stored-values)', () => {
    for (const rule of abilityRulesFor({ id: 'c1', role: 'client' })) {
      expect(typeof rule.action).toBe('string');
      expect(typeof rule.subject).toBe('string');
    }
  });

  it('gives other roles no rules', () => {
    expect(abilityRulesFor({ id: 'x', role: 'guest' })).toEqual([]);
  });
});

describe('matchEveryField (the conditions matcher)', () => {
  it('grants a record whose fields equal every condition, whatever else it holds', () => {
    const own = matchEveryField({ clientId: 'c1' });
    expect(own({ id: 'p1', clientId: 'c1', name: 'Apollo' })).toBe(true);
    expect(matchEveryField({ clientId: 'c1', projectId: 'p1' })({ clientId: 'c1', projectId: 'p1' })).toBe(true);
  });

  it("refuses another's record, a record without the field, and a partial match", () => {
    expect(matchEveryField({ clientId: 'c1' })({ clientId: 'c2' })).toBe(false);
    expect(matchEveryField({ clientId: 'c1' })({ id: 'c1' })).toBe(false);
    expect(matchEveryField({ clientId: 'c1', projectId: 'p1' })({ clientId: 'c1', projectId: 'p2' })).toBe(false);
  });

  it('compares strictly, without coercion', () => {
    expect(matchEveryField({ version: 1 })({ version: '1' })).toBe(false);
    expect(matchEveryField({ ownerId: null })({})).toBe(false);
  });

  it('knows no MongoDB operators: such a condition grants nothing', () => {
    expect(matchEveryField({ clientId: { $in: ['c1', 'c2'] } })({ clientId: 'c1' })).toBe(false);
    expect(matchEveryField({ clientId: { $ne: 'c2' } })({ clientId: 'c1' })).toBe(false);
  });
});

describe('buildAbility with equality conditions', () => {
  it('grants a conditional rule on the subject type (what the web app asks) and on matching records only', () => {
    const ability = buildAbility([{ action: 'read', subject: 'Task', conditions: { clientId: 'c1', stage: 'done' } }]);
    expect(ability.can('read', 'Task')).toBe(true);
    expect(ability.can('read', subject('Task', { clientId: 'c1', stage: 'done' }))).toBe(true);
    expect(ability.can('read', subject('Task', { clientId: 'c1', stage: 'todo' }))).toBe(false);
    expect(ability.can('read', subject('Task', { clientId: 'c2', stage: 'done' }))).toBe(false);
    expect(ability.can('read', subject('Project', { clientId: 'c1', stage: 'done' }))).toBe(false);
  });

  it('lets a later inverted rule take back matching records', () => {
    const rules: AbilityRule[] = [
      { action: 'read', subject: 'Email' },
      { action: 'read', subject: 'Email', conditions: { folder: 'spam' }, inverted: true },
    ];
    const ability = buildAbility(rules);
    expect(ability.can('read', subject('Email', { folder: 'inbox' }))).toBe(true);
    expect(ability.can('read', subject('Email', { folder: 'spam' }))).toBe(false);
  });

  it('follows rule updates (the web app swaps rules on sign-in and sign-out)', () => {
    const ability = buildAbility([]);
    expect(ability.can('read', subject('Project', { clientId: 'c1' }))).toBe(false);
    ability.update(abilityRulesFor({ id: 'c1', role: 'client' }));
    expect(ability.can('read', subject('Project', { clientId: 'c1' }))).toBe(true);
    expect(ability.can('read', subject('Project', { clientId: 'c2' }))).toBe(false);
  });
});
