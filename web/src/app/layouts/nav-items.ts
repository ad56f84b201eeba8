import type { Action, Subject } from '@orbit/functions/core/ability';
import type { RouteHandle, RouteName } from '../routing/route-handle';
import { routeHandleByName, routePathByName } from '../routing/route-table';

/** The navigation's routes, in order. */
export const navItemNames = [
  'apps-projects',
  'apps-chat',
  'apps-email',
  'apps-channels',
  'apps-mailings',
  'apps-integrations',
  'information-plans',
  'information-referrals',
  'user-view',
  'access-control',
  'apps-permissions',
  'known-base',
  'telegram',
  'apps-team',
] as const satisfies readonly RouteName[];

export type NavItemName = (typeof navItemNames)[number];

export interface NavItem {
  readonly name: NavItemName;
  readonly handle: RouteHandle;
  /** The in-app path (Wiki and Telegram too: their routes open the admin's destination). */
  readonly href: string;
}

/**
 * Wiki and Telegram link to /wiki and /telegram like any route: the route opens the destination
 * an admin saved in a new tab, or says it is not set up (shared/help-links.ts), so the
 * navigation never needs the links themselves.
 */
export const navItems: readonly NavItem[] = navItemNames.map((name) => {
  const handle = routeHandleByName.get(name);
  const path = routePathByName.get(name);
  if (!handle || !path) throw new Error(`Navigation item ${name} has no route`);
  return { name, handle, href: path };
});

interface AbilityChecker {
  can(action: Action, subject: Subject): boolean;
}

/** docs/product.md#roles: an item shows only if the user may perform its action on its subject; public ones always. */
export const canSeeNavItem = (item: NavItem, ability: AbilityChecker): boolean => {
  const { action, subject } = item.handle;
  if (item.handle.public) return true;
  return action !== undefined && subject !== undefined && ability.can(action, subject);
};

/** Query parameters a navigation item requires to be active (docs/product.md#routes); none so far carries any. */
export const navItemQuery: Partial<Record<NavItemName, Readonly<Record<string, string>>>> = {};

/** docs/product.md#routes: the query matches when every parameter the link carries has the same value now. */
export const queryMatches = (required: Readonly<Record<string, string>> | undefined, search: string): boolean => {
  if (!required) return true;
  const current = new URLSearchParams(search);
  return Object.entries(required).every(([key, value]) => current.get(key) === value);
};

/**
 * docs/product.md#routes: a link is active when a matched route's name, or its navActiveLink, is the link's
 * route, and the query matches (`search` is the current location's query string).
 */
export const isNavItemActive = (item: NavItem, matchedHandles: readonly RouteHandle[], search = ''): boolean =>
  matchedHandles.some((handle) => handle.name === item.name || handle.navActiveLink === item.name) &&
  queryMatches(navItemQuery[item.name], search);

/**
 * The navigation's shape: section headings, links, and groups of links (docs/product.md#roles: a group shows
 * only if one of its children may be shown; a heading only if something under it shows). Items
 * of navItemNames that the layout does not place are appended as plain links, so a new area
 * shows up even before it is given a place.
 */
export type NavHeadingKey = 'apps' | 'account' | 'administration' | 'help';
export type NavGroupKey = 'communication' | 'information';

type NavLayoutEntry =
  | NavItemName
  | { readonly heading: NavHeadingKey }
  | { readonly group: NavGroupKey; readonly items: readonly NavItemName[] };

const navLayout: readonly NavLayoutEntry[] = [
  { heading: 'apps' },
  'apps-projects',
  'apps-chat',
  'apps-email',
  { group: 'communication', items: ['apps-channels', 'apps-mailings', 'apps-integrations'] },
  'apps-team',
  { heading: 'account' },
  'user-view',
  { group: 'information', items: ['information-plans', 'information-referrals'] },
  // What the signed-in user may do: about their own account, so a client (who may open it) does
  // not see an "Administration" heading over it.
  'access-control',
  { heading: 'administration' },
  'apps-permissions',
  { heading: 'help' },
  'known-base',
  'telegram',
];

export type NavEntry =
  | { readonly kind: 'heading'; readonly key: NavHeadingKey }
  | { readonly kind: 'link'; readonly item: NavItem }
  | { readonly kind: 'group'; readonly key: NavGroupKey; readonly items: readonly NavItem[] };

const itemNamed = (name: NavItemName): NavItem | undefined => navItems.find((item) => item.name === name);

export const navTree: readonly NavEntry[] = (() => {
  const placed = new Set<NavItemName>();
  const entries: NavEntry[] = [];
  for (const entry of navLayout) {
    if (typeof entry === 'string') {
      const item = itemNamed(entry);
      if (item) entries.push({ kind: 'link', item });
      placed.add(entry);
    } else if ('heading' in entry) {
      entries.push({ kind: 'heading', key: entry.heading });
    } else {
      const items = entry.items.map(itemNamed).filter((item): item is NavItem => item !== undefined);
      entry.items.forEach((name) => placed.add(name));
      entries.push({ kind: 'group', key: entry.group, items });
    }
  }
  for (const item of navItems) if (!placed.has(item.name)) entries.push({ kind: 'link', item });
  return entries;
})();

/** docs/product.md#roles applied to the tree: hidden links removed, empty groups and headings dropped. */
export const visibleNavTree = (tree: readonly NavEntry[], ability: AbilityChecker): NavEntry[] => {
  const filtered: NavEntry[] = [];
  for (const entry of tree) {
    if (entry.kind === 'heading') filtered.push(entry);
    else if (entry.kind === 'link') {
      if (canSeeNavItem(entry.item, ability)) filtered.push(entry);
    } else {
      const items = entry.items.filter((item) => canSeeNavItem(item, ability));
      if (items.length > 0) filtered.push({ ...entry, items });
    }
  }
  // A heading stays only when something other than a heading follows it.
  return filtered.filter(
    (entry, index) => entry.kind !== 'heading' || (filtered[index + 1]?.kind ?? 'heading') !== 'heading',
  );
};
