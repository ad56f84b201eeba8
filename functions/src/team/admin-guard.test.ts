import { describe, expect, it } from 'vitest';

import { buildAbility } from '../core/ability';
import { callerFor, type Caller } from '../core/caller';
import { ForbiddenError } from '../core/errors';
import { mayActOnAdministrators, requireAdministratorFor } from './admin-guard';

/** A manager whose permissions grant every right on Team and Role (the most a permission can give). */
const manager: Caller = callerFor({ id: 'm1', role: 'manager', fullName: 'Mia Manager' }, 's1', {
  manager: [
    { action: 'manage', subject: 'Team' },
    { action: 'manage', subject: 'Role' },
    { action: 'manage', subject: 'Permission' },
  ],
});
const admin: Caller = callerFor({ id: 'a1', role: 'admin', fullName: 'Ada Admin' }, 's2');
/** An administrator's API key with every scope: the same role, but no session. */
const adminKey: Caller = {
  ...admin,
  principal: {
    via: 'api-key',
    apiKeyId: 'k1',
    userId: 'a1',
    role: 'admin',
    abilityRules: admin.principal.abilityRules,
  },
  ability: buildAbility(admin.principal.abilityRules),
};

describe('who may make or touch an administrator', () => {
  it('is an administrator signed in as themself', () => {
    expect(mayActOnAdministrators(admin)).toBe(true);
    expect(() => requireAdministratorFor(admin, 'users', 'admin')).not.toThrow();
  });

  it('is never anyone else, whatever their permissions grant on Team and Role', () => {
    expect(manager.ability.can('update', 'Role')).toBe(true);
    expect(mayActOnAdministrators(manager)).toBe(false);
    expect(() => requireAdministratorFor(manager, 'admin')).toThrow(ForbiddenError);
    expect(() => requireAdministratorFor(manager, 'users', 'admin')).toThrow(ForbiddenError);
    // Roles below the administrator's stay theirs to give, as their rules say.
    expect(() => requireAdministratorFor(manager, 'client', 'users')).not.toThrow();
  });

  it('is never an API key, even an administrator’s', () => {
    expect(mayActOnAdministrators(adminKey)).toBe(false);
    expect(() => requireAdministratorFor(adminKey, 'admin')).toThrow(ForbiddenError);
  });
});
