import type { Action, Subject } from '@orbit/functions/core/ability';
import { isStaffRole } from '@orbit/functions/core/roles';
import type { RouteHandle } from './route-handle';

/**
 * The index redirect (docs/product.md#routes) and the route guard (docs/product.md#behaviour) as pure
 * functions: given where the user is going, the matched routes' handles and the session, say where to send
 * them instead (a path with its query) or `null` to let the navigation through.
 */

export interface NavigationTarget {
  readonly pathname: string;
  /** The query string with its leading '?', or ''. */
  readonly search: string;
}

export interface GuardSession {
  /** userData and accessToken are both stored (docs/product.md#behaviour). */
  readonly isLoggedIn: boolean;
  readonly userData: { readonly role?: unknown; readonly phone?: unknown } | null;
}

/** The part of a CASL ability the guard needs. */
export interface AbilityChecker {
  can(action: Action, subject: Subject): boolean;
}

/** Allows nothing: what the guard is given when no permission check can happen. */
export const noPermissions: AbilityChecker = { can: () => false };

/**
 * Whether the guard will ask the ability at all: not for the index redirect, public routes or signed-out-only
 * routes (docs/product.md#behaviour decides those first). The router then loads CASL only when needed.
 */
export const needsPermissionCheck = (
  matches: readonly RouteHandle[],
  userData: GuardSession['userData'] = null,
): boolean => {
  const leaf = matches.at(-1);
  // The index sends a staff member where their rules let them go (resolveIndexRedirect).
  if (leaf?.name === 'index') return landsByRules(userData);
  return leaf !== undefined && !leaf.public && !leaf.unauthenticatedOnly;
};

/** Staff below the administrator land where their role's rules let them (docs/roles.md). */
const landsByRules = (userData: GuardSession['userData']): boolean => {
  const role = userData?.role;
  return typeof role === 'string' && role !== 'admin' && isStaffRole(role);
};

export const paths = {
  projects: '/apps/projects',
  accessControl: '/access-control',
  login: '/login',
  notAuthorized: '/not-authorized',
  home: '/',
} as const;

/**
 * Query strings written the way the original router writes them: '/' and ':' stay readable, so
 * a signed-out visit to /apps/chat?x=1 lands on /login?x=1&to=/apps/chat.
 */
const encodeQueryPart = (value: string): string =>
  encodeURIComponent(value).replace(/%2F/gi, '/').replace(/%3A/gi, ':').replace(/%40/g, '@').replace(/%2C/gi, ',');

export const stringifyQuery = (params: URLSearchParams): string => {
  const parts = [...params].map(([key, value]) => `${encodeQueryPart(key)}=${encodeQueryPart(value)}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
};

/**
 * docs/product.md#routes, index: an admin, anyone with a stored phone value, or a client goes to apps-projects;
 * anyone else goes to login, keeping the current query string. The other staff roles are known roles too
 * (docs/roles.md): to apps-projects when their rules let them read projects, else to the access-control page,
 * which every staff member may read.
 */
export const resolveIndexRedirect = (
  userData: GuardSession['userData'],
  search: string,
  ability: AbilityChecker = noPermissions,
): string => {
  const role = userData?.role;
  if (landsByRules(userData)) return ability.can('read', 'Project') ? paths.projects : paths.accessControl;
  if (role === 'admin' || role === 'client' || Boolean(userData?.phone)) return paths.projects;
  return `${paths.login}${search}`;
};

/**
 * docs/product.md#behaviour, permission: the rules must allow the last matched route's action on its subject
 * when it sets both; otherwise any matched route's. A route without action and subject asks CASL about
 * neither, which only `manage all` (admin) grants, exactly as the original guard did.
 */
export const canNavigate = (matches: readonly RouteHandle[], ability: AbilityChecker): boolean => {
  const target = matches.at(-1);
  if (target?.action && target.subject) return ability.can(target.action, target.subject);
  // The original hands a possibly-missing action and subject straight to CASL, which then
  // matches only `manage all`; the casts keep that behaviour rather than invent another.
  return matches.some((route) => ability.can(route.action as Action, route.subject as Subject));
};

/** docs/product.md#behaviour: the original query plus `to` = the intended path, left out when the target is '/'. */
export const loginRedirectFor = (target: NavigationTarget): string => {
  const query = new URLSearchParams(target.search);
  if (target.pathname === paths.home) query.delete('to');
  else query.set('to', target.pathname);
  return `${paths.login}${stringifyQuery(query)}`;
};

/** docs/product.md#behaviour, the route guard. `null` lets the navigation through. */
export const guardNavigation = (
  target: NavigationTarget,
  matches: readonly RouteHandle[],
  session: GuardSession,
  ability: AbilityChecker,
): string | null => {
  const leaf = matches.at(-1);
  if (!leaf) return null;
  if (leaf.public) return null;
  if (leaf.unauthenticatedOnly) return session.isLoggedIn ? paths.home : null;
  if (canNavigate(matches, ability)) return null;
  return session.isLoggedIn ? paths.notAuthorized : loginRedirectFor(target);
};

/**
 * Everything that happens before a route renders: the index route redirects first (its target is
 * then guarded on the next navigation), every other route goes through the guard.
 */
export const resolveNavigation = (
  target: NavigationTarget,
  matches: readonly RouteHandle[],
  session: GuardSession,
  ability: AbilityChecker,
): string | null => {
  if (matches.at(-1)?.name === 'index') return resolveIndexRedirect(session.userData, target.search, ability);
  return guardNavigation(target, matches, session, ability);
};
