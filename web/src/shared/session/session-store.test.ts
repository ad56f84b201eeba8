import { describe, expect, it } from 'vitest';
import { ability } from './ability';
import {
  applyAbilityUpdate,
  clearSession,
  getSession,
  isLoggedIn,
  readSession,
  subscribeToRulesReplaced,
  updateSession,
} from './session-store';

const userData = {
  id: 'u2',
  fullName: 'Chloé Martin',
  username: 'chloe',
  avatar: null,
  email: 'chloe@example.com',
  phone: '+15550100002',
  role: 'client',
};

describe('session (docs/product.md#stored-values, #behaviour)', () => {
  it('stores userData, accessToken and userAbilityRules in localStorage under the names of docs/product.md#stored-values', () => {
    updateSession({ userData, accessToken: 'token-1', userAbilityRules: [{ action: 'read', subject: 'AclDemo' }] });
    expect(JSON.parse(localStorage.getItem('userData') ?? 'null')).toEqual(userData);
    expect(localStorage.getItem('accessToken')).toBe('token-1');
    expect(JSON.parse(localStorage.getItem('userAbilityRules') ?? 'null')).toEqual([
      { action: 'read', subject: 'AclDemo' },
    ]);
    expect(isLoggedIn(getSession())).toBe(true);
  });

  it('is logged in only when both userData and accessToken are stored', () => {
    localStorage.setItem('userData', JSON.stringify(userData));
    expect(isLoggedIn(readSession())).toBe(false);
    localStorage.removeItem('userData');
    localStorage.setItem('accessToken', 'token');
    expect(isLoggedIn(readSession())).toBe(false);
  });

  it('survives corrupt stored values', () => {
    localStorage.setItem('userData', '{not json');
    localStorage.setItem('userAbilityRules', '"nope"');
    expect(readSession()).toEqual({ userData: null, accessToken: null, userAbilityRules: [] });
  });

  it('keeps the CASL ability in step with the stored rules', () => {
    updateSession({ userData, accessToken: 't', userAbilityRules: [{ action: 'read', subject: 'AclDemo' }] });
    expect(ability.can('read', 'AclDemo')).toBe(true);
    expect(ability.can('manage', 'Channel')).toBe(false);
    updateSession({ userAbilityRules: [{ action: 'manage', subject: 'all' }] });
    expect(ability.can('manage', 'Channel')).toBe(true);
    clearSession();
    expect(ability.can('read', 'AclDemo')).toBe(false);
    expect(localStorage.length).toBe(0);
  });

  it('replaces the rules and the role when the server pushes ability.updated, and says so', () => {
    updateSession({
      userData: { ...userData, role: 'manager' },
      accessToken: 'token-1',
      userAbilityRules: [{ action: 'create', subject: 'Project' }],
    });
    expect(ability.can('create', 'Project')).toBe(true);
    let told = 0;
    const stop = subscribeToRulesReplaced(() => (told += 1));
    applyAbilityUpdate({ role: 'manager', rules: [{ action: 'read', subject: 'Project' }] });
    stop();
    expect(told).toBe(1);
    expect(ability.can('create', 'Project')).toBe(false);
    expect(ability.can('read', 'Project')).toBe(true);
    expect(getSession().userData?.role).toBe('manager');
    // Signed out: a late frame changes nothing.
    clearSession();
    applyAbilityUpdate({ role: 'admin', rules: [{ action: 'manage', subject: 'all' }] });
    expect(readSession().userAbilityRules).toEqual([]);
  });
});
