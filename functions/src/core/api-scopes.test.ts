import { describe, expect, it } from 'vitest';

import { httpRoutes, routeKeyOf } from '../routes';
import { actsOnIdentity, identityRouteKeys, scopeForRoute } from './api-scopes';

/**
 * What a key can never do, read off the route table: any route whose path names a credential, a
 * sign-in contact, a session, two-step verification, a role, an invitation that grants one, the
 * permissions that make up a role or another key must be out of every key's reach. A new route of
 * that kind in a key area fails here until it is added to `identityRouteKeys`.
 */
const identityShaped = (route: { method: string; path: string }): boolean =>
  /\/(password|sessions|two-step|contact-change|role|api-keys|webhooks)(\/|$)/.test(route.path) ||
  route.path.startsWith('/api/auth/') ||
  (route.method !== 'GET' && route.path.startsWith('/api/apps/permissions')) ||
  (route.method !== 'GET' && /\/suspend$|\/reactivate$/.test(route.path)) ||
  (route.method === 'POST' && /^\/api\/team\/invitations(\/\{id\}\/resend)?$/.test(route.path));

describe('what a key can never do', () => {
  it('gives no scope to any route acting on who someone is', () => {
    const reachable = httpRoutes.filter((route) => identityShaped(route) && scopeForRoute(route) !== undefined);
    expect(reachable.map(routeKeyOf)).toEqual([]);
  });

  it('names only routes that exist and sit in a key area', () => {
    const keys = new Set(httpRoutes.map(routeKeyOf));
    expect(identityRouteKeys.filter((key) => !keys.has(key))).toEqual([]);
  });

  it('still lets a key read and change the work itself', () => {
    const byKey = (key: string) => httpRoutes.find((route) => routeKeyOf(route) === key)!;
    expect(scopeForRoute(byKey('GET /api/apps/projects'))).toBe('projects:read');
    expect(scopeForRoute(byKey('POST /api/apps/projects'))).toBe('projects:write');
    expect(scopeForRoute(byKey('GET /api/team/members'))).toBe('team:read');
    expect(scopeForRoute(byKey('PATCH /api/users/{id}'))).toBe('users:write');
    expect(actsOnIdentity(byKey('POST /api/users/{id}/contact-change'))).toBe(true);
    expect(actsOnIdentity(byKey('POST /api/team/invitations'))).toBe(true);
    expect(actsOnIdentity(byKey('POST /api/apps/integrations/api-keys'))).toBe(true);
  });
});
