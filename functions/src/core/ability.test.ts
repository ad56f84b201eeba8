import { subject } from '@casl/ability';
import { describe, expect, it } from 'vitest';

import { abilityRulesFor, buildAbility } from './ability';

describe('abilityRulesFor (spec §6)', () => {
  it('lets an admin manage all', () => {
    const ability = buildAbility(abilityRulesFor({ id: 'a', role: 'admin' }));
    expect(ability.can('manage', 'all')).toBe(true);
    expect(ability.can('delete', 'Project')).toBe(true);
  });

  it('lets a client read AclDemo and only its own projects', () => {
    const ability = buildAbility(abilityRulesFor({ id: 'c1', role: 'client' }));
    expect(ability.can('read', 'AclDemo')).toBe(true);
    expect(ability.can('read', subject('Project', { clientId: 'c1' }))).toBe(true);
    expect(ability.can('read', subject('Project', { clientId: 'c2' }))).toBe(false);
    expect(ability.can('update', subject('Project', { clientId: 'c1' }))).toBe(false);
    expect(ability.can('manage', 'all')).toBe(false);
  });

  it('gives other roles no rules', () => {
    expect(abilityRulesFor({ id: 'x', role: 'guest' })).toEqual([]);
  });
});
