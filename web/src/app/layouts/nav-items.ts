import type { Action, Subject } from '@orbit/functions/core/ability';
import { externalLinks } from '../../shared/config';
import type { RouteHandle, RouteName } from '../routing/route-handle';
import { routeHandleByName, routePathByName } from '../routing/route-table';

/** The navigation's routes, in order. Wiki and Telegram are plain links to their destinations. */
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
] as const satisfies readonly RouteName[];

export type NavItemName = (typeof navItemNames)[number];

export interface NavItem {
  readonly name: NavItemName;
  readonly handle: RouteHandle;
  /** The in-app path, or the external destination for Wiki and Telegram. */
  readonly href: string;
  readonly external: boolean;
}

const externalDestination: Partial<Record<NavItemName, string>> = {
  'known-base': externalLinks.wiki,
  telegram: externalLinks.telegram,
};

export const navItems: readonly NavItem[] = navItemNames.map((name) => {
  const handle = routeHandleByName.get(name);
  const path = routePathByName.get(name);
  if (!handle || !path) throw new Error(`Navigation item ${name} has no route`);
  const external = externalDestination[name];
  return { name, handle, href: external ?? path, external: external !== undefined };
});

interface AbilityChecker {
  can(action: Action, subject: Subject): boolean;
}

/** Spec §6: an item shows only if the user may perform its action on its subject; public ones always. */
export const canSeeNavItem = (item: NavItem, ability: AbilityChecker): boolean => {
  const { action, subject } = item.handle;
  if (item.handle.public) return true;
  return action !== undefined && subject !== undefined && ability.can(action, subject);
};

/**
 * Spec §2: a link is active when a matched route's name, or its navActiveLink, is the link's route
 * (navigation items carry no query, so the query always matches).
 */
export const isNavItemActive = (item: NavItem, matchedHandles: readonly RouteHandle[]): boolean =>
  matchedHandles.some((handle) => handle.name === item.name || handle.navActiveLink === item.name);
