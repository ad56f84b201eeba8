import { subject } from '@casl/ability';
import { describe, expect, it } from 'vitest';

import { abilityRulesFor, buildAbility } from './ability';

describe('abilityRulesFor (spec §6)', () => {
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

  it('gives each client rule one action and one subject (spec §3)', () => {
    for (const rule of abilityRulesFor({ id: 'c1', role: 'client' })) {
      expect(typeof rule.action).toBe('string');
      expect(typeof rule.subject).toBe('string');
    }
  });

  it('gives other roles no rules', () => {
    expect(abilityRulesFor({ id: 'x', role: 'guest' })).toEqual([]);
  });
});
