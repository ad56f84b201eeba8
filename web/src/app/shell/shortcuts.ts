import { useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from '../../shared/theme/cookies';
import { navItemNames, type NavItemName } from '../layouts/nav-items';

/**
 * The navbar's shortcuts: pages the user pinned, editable from the shortcuts menu and kept in
 * the `orbit-shortcuts` cookie (30 days, path /, like every other preference). The menu shows only
 * those the user may open.
 */
export const shortcutsCookie = 'shortcuts';
export const maxShortcuts = 8;
/** Pages that exist today (no placeholder); the menu shows those the user may open. */
export const defaultShortcuts: readonly NavItemName[] = [
  'apps-projects',
  'apps-chat',
  'access-control',
  'apps-permissions',
];

const isNavItemName = (value: string): value is NavItemName => (navItemNames as readonly string[]).includes(value);

export const parseShortcuts = (raw: string | undefined): readonly NavItemName[] => {
  if (raw === undefined) return defaultShortcuts;
  if (raw === '') return [];
  return [...new Set(raw.split(',').filter(isNavItemName))].slice(0, maxShortcuts);
};

let snapshot: readonly NavItemName[] | undefined;
const listeners = new Set<() => void>();

export const getShortcuts = (): readonly NavItemName[] => (snapshot ??= parseShortcuts(readCookie(shortcutsCookie)));

export const setShortcuts = (names: readonly NavItemName[]): void => {
  snapshot = [...new Set(names)].slice(0, maxShortcuts);
  writeCookie(shortcutsCookie, snapshot.join(','));
  for (const listener of listeners) listener();
};

export const toggleShortcut = (name: NavItemName): void => {
  const current = getShortcuts();
  setShortcuts(current.includes(name) ? current.filter((n) => n !== name) : [...current, name]);
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useShortcuts = (): readonly NavItemName[] => useSyncExternalStore(subscribe, getShortcuts, getShortcuts);
