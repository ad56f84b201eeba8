import type { Area, HttpMethod, RouteKey } from '../routes';

/**
 * What an API key may reach (docs/integrations.md, "API keys"): the app's own routes of these
 * areas, reading (GET) with `<area>:read`, changing (any other method) with `<area>:write`, and
 * never more than the admin who created the key may do. Shared with the web app (the key form).
 */
export const apiKeyAreas = [
  'projects',
  'chat',
  'channels',
  'email',
  'mailings',
  'permissions',
  'team',
  'users',
  'notifications',
] as const satisfies readonly Area[];
export type ApiKeyArea = (typeof apiKeyAreas)[number];

export const apiScopeAccess = ['read', 'write'] as const;
export type ApiScopeAccess = (typeof apiScopeAccess)[number];

export type ApiScope = `${ApiKeyArea}:${ApiScopeAccess}`;
export const apiScopes: readonly ApiScope[] = apiKeyAreas.flatMap((area) =>
  apiScopeAccess.map((access): ApiScope => `${area}:${access}`),
);

const keyAreas: ReadonlySet<string> = new Set(apiKeyAreas);

/**
 * What no key can ever do, whatever its scopes and whoever created it (docs/decisions.md,
 * "Security: what a key can never do"): act on who someone is or what they may do. A leaked key
 * must never turn into an account or into more rights, so these routes need a person signed in:
 * - credentials, sessions and two-step verification: the whole auth area (not a key area);
 * - other keys and webhooks' secrets: the whole integrations area (not a key area);
 * - sign-in contacts: a new email or phone is where the next reset code goes;
 * - roles and what they may do: a member's role, suspension (which ends sessions) and the
 *   permissions that make up each role's rules;
 * - invitations that grant a role (sending one, or a new link for one).
 * Within a key area, these route keys are refused (typed, so a renamed route fails typecheck).
 */
export const identityRouteKeys = [
  'POST /api/users/{id}/contact-change',
  'POST /api/users/{id}/contact-change/confirm',
  // Public (its token is the credential), but it moves a sign-in contact and ends sessions: never a key's.
  'POST /api/users/contact-change/undo',
  'PATCH /api/team/members/{id}/role',
  'POST /api/team/members/{id}/suspend',
  'POST /api/team/members/{id}/reactivate',
  'POST /api/team/invitations',
  'POST /api/team/invitations/{id}/resend',
  'POST /api/apps/permissions',
  'PATCH /api/apps/permissions/{id}',
  'DELETE /api/apps/permissions/{id}',
  // A WebSocket ticket opens a session's socket: a key is no session and opens none.
  'POST /api/realtime/ticket',
] as const satisfies readonly RouteKey[];

const identityRoutes: ReadonlySet<string> = new Set(identityRouteKeys);

/** What decides whether a key may call a route, and with which scope. */
export interface KeyRoute {
  readonly area: Area;
  readonly method: HttpMethod | string;
  readonly path: string;
}

/** Whether a route acts on who someone is (above): never for a key, whatever its scopes. */
export const actsOnIdentity = (route: KeyRoute): boolean =>
  !keyAreas.has(route.area) || identityRoutes.has(`${route.method} ${route.path}`);

/**
 * The scope a route needs from a key, or undefined when no key may call it: the one place that
 * decides what a key principal may reach (core/auth/api-key-auth.ts asks it for every request).
 */
export const scopeForRoute = (route: KeyRoute): ApiScope | undefined =>
  actsOnIdentity(route) ? undefined : `${route.area as ApiKeyArea}:${route.method === 'GET' ? 'read' : 'write'}`;
