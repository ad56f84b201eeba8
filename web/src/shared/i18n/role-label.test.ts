import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { roles } from '@orbit/functions/core/roles';
import ar from './locales/ar/core';
import en from './locales/en/core';
import fr from './locales/fr/core';
import { labelledRoles, roleLabel } from './role-label';

describe('role labels', () => {
  it('name every role a user can have, and the lead, in each language', () => {
    expect(labelledRoles).toEqual(expect.arrayContaining([...roles, 'lead']));
    for (const core of [en, fr, ar]) {
      for (const role of labelledRoles) expect(core.roles[role]).toMatch(/\S/);
    }
    expect(en.roles['restricted-user']).toBe('Restricted user');
    expect(en.roles.admin).toBe('Administrator');
  });

  it('translates a known role and shows an unknown one as stored', () => {
    const t = ((key: string) => `«${key}»`) as unknown as TFunction;
    expect(roleLabel(t, 'manager')).toBe('«roles.manager»');
    expect(roleLabel(t, 'auditor')).toBe('auditor');
  });
});
