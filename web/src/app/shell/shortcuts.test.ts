import { describe, expect, it } from 'vitest';
import { readCookie } from '../../shared/theme/cookies';
import { defaultShortcuts, getShortcuts, maxShortcuts, parseShortcuts, setShortcuts } from './shortcuts';

describe('navbar shortcuts', () => {
  it('start with the defaults and keep only known pages, at most eight, once each', () => {
    expect(parseShortcuts(undefined)).toEqual(defaultShortcuts);
    expect(parseShortcuts('')).toEqual([]);
    expect(parseShortcuts('apps-chat,nope,apps-chat,apps-email')).toEqual(['apps-chat', 'apps-email']);
    expect(maxShortcuts).toBe(8);
  });

  it('are kept in the orbit-shortcuts cookie', () => {
    setShortcuts(['apps-mailings', 'apps-chat']);
    expect(readCookie('shortcuts')).toBe('apps-mailings,apps-chat');
    expect(getShortcuts()).toEqual(['apps-mailings', 'apps-chat']);
  });
});
