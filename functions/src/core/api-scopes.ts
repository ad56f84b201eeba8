import type { Area } from '../routes';

/**
 * What an API key may reach (docs/integrations.md, "API keys"): the app's own routes of these
 * areas, reading (GET) with `<area>:read`, changing (any other method) with `<area>:write`, and
 * never more than the admin who created the key may do. Sign-in, sessions, passwords and two-step
 * verification (auth) and the integrations themselves (keys, webhooks) are not for keys: a leaked
 * key must not mint more keys or take over an account. Shared with the web app (the key form).
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

/** The scope a route needs from a key, or undefined when no key may call it. */
export const scopeForRoute = (route: { readonly area: Area; readonly method: string }): ApiScope | undefined =>
  keyAreas.has(route.area) ? `${route.area as ApiKeyArea}:${route.method === 'GET' ? 'read' : 'write'}` : undefined;
