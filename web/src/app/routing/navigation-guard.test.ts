import { abilityRulesFor, buildAbility, type AbilityRule } from '@orbit/functions/core/ability';
import { describe, expect, it } from 'vitest';
import type { RouteHandle } from './route-handle';
import {
  canNavigate,
  guardNavigation,
  loginRedirectFor,
  needsPermissionCheck,
  noPermissions,
  resolveIndexRedirect,
  resolveNavigation,
  type GuardSession,
} from './navigation-guard';
import { createRoutes, handlesOf } from './routes';

const routes = createRoutes({
  isInitialized: () => true,
  currentLocation: () => ({ pathname: '/', search: '', hash: '', state: null, key: 'default' }),
});

// The rules the API gives each role (functions/src/core/ability.ts): one definition for both sides.
const adminRules = abilityRulesFor({ id: 'u1', role: 'admin' });
const clientRules = abilityRulesFor({ id: 'u2', role: 'client' });

const signedOut: GuardSession = { isLoggedIn: false, userData: null };
const admin: GuardSession = { isLoggedIn: true, userData: { role: 'admin', phone: '+15550100001' } };
const client: GuardSession = { isLoggedIn: true, userData: { role: 'client', phone: '+15550100002' } };

/** Where a visit to `url` ends up, using the real route table. */
const visit = (url: string, session: GuardSession, rules: AbilityRule[]): string | null => {
  const { pathname, search } = new URL(url, 'http://orbit.test');
  return resolveNavigation({ pathname, search }, handlesOf(routes, pathname), session, buildAbility(rules));
};

describe('index redirect (docs/product.md#routes)', () => {
  it('sends an admin, a client or anyone with a stored phone to apps-projects', () => {
    expect(resolveIndexRedirect({ role: 'admin' }, '')).toBe('/apps/projects');
    expect(resolveIndexRedirect({ role: 'client' }, '?x=1')).toBe('/apps/projects');
    expect(resolveIndexRedirect({ role: 'auditor', phone: '+15550100009' }, '')).toBe('/apps/projects');
  });

  it('sends other staff to apps-projects when their rules let them read projects, else to access control', () => {
    const reader = buildAbility([{ action: 'read', subject: 'Project' }]);
    const baseline = buildAbility([{ action: 'read', subject: 'AclDemo' }]);
    for (const role of ['manager', 'support', 'users', 'restricted-user']) {
      expect(resolveIndexRedirect({ role }, '', reader)).toBe('/apps/projects');
      // A phone does not send them to a page their rules refuse.
      expect(resolveIndexRedirect({ role, phone: '+15550100009' }, '?x=1', baseline)).toBe('/access-control');
    }
    expect(resolveIndexRedirect({ role: 'admin' }, '', baseline)).toBe('/apps/projects');
  });

  it('asks the rules at the index only for those staff', () => {
    const index: RouteHandle[] = [{ name: 'index' }];
    expect(needsPermissionCheck(index, { role: 'support' })).toBe(true);
    expect(needsPermissionCheck(index, { role: 'admin' })).toBe(false);
    expect(needsPermissionCheck(index, { role: 'client' })).toBe(false);
    expect(needsPermissionCheck(index, null)).toBe(false);
  });

  it('sends anyone else to login, keeping the query string', () => {
    expect(resolveIndexRedirect(null, '?x=1&y=two')).toBe('/login?x=1&y=two');
    expect(resolveIndexRedirect({ role: 'auditor' }, '')).toBe('/login');
    expect(resolveIndexRedirect({ role: 'auditor', phone: '' }, '?a=b')).toBe('/login?a=b');
  });

  it('runs before the guard when the index route matches', () => {
    expect(visit('/', signedOut, [])).toBe('/login');
    expect(visit('/?x=1', signedOut, [])).toBe('/login?x=1');
    expect(visit('/', admin, adminRules)).toBe('/apps/projects');
    expect(visit('/?x=1', client, clientRules)).toBe('/apps/projects');
  });
});

describe('route guard (docs/product.md#behaviour)', () => {
  it('lets public routes through for everyone, signed in or not', () => {
    for (const url of [
      '/login',
      '/not-authorized',
      '/pages/misc/not-authorized',
      '/no/such/page',
      '/pages/misc/not-found/x',
    ]) {
      expect(visit(url, signedOut, [])).toBeNull();
      expect(visit(url, client, clientRules)).toBeNull();
    }
  });

  it('sends a signed-in user away from signed-out-only routes to /', () => {
    expect(visit('/register', admin, adminRules)).toBe('/');
    expect(visit('/forgot-password?x=1', client, clientRules)).toBe('/');
    expect(visit('/register?ref=ABCD', signedOut, [])).toBeNull();
    expect(visit('/forgot-password', signedOut, [])).toBeNull();
  });

  it('sends a signed-out visitor to login with the query and `to` set to the intended path', () => {
    expect(visit('/apps/chat?x=1', signedOut, [])).toBe('/login?x=1&to=/apps/chat');
    expect(visit('/apps/projects', signedOut, [])).toBe('/login?to=/apps/projects');
    expect(visit('/apps/project-create/design/42', signedOut, [])).toBe('/login?to=/apps/project-create/design/42');
    expect(visit('/apps/chat?to=/elsewhere&x=1', signedOut, [])).toBe('/login?to=/apps/chat&x=1');
  });

  it('omits `to` when the target is /', () => {
    expect(loginRedirectFor({ pathname: '/', search: '?x=1' })).toBe('/login?x=1');
    expect(loginRedirectFor({ pathname: '/', search: '?to=/apps/chat&x=1' })).toBe('/login?x=1');
    const protectedRoot: RouteHandle = { name: 'apps-projects', action: 'read', subject: 'Project' };
    expect(guardNavigation({ pathname: '/', search: '' }, [protectedRoot], signedOut, buildAbility([]))).toBe('/login');
  });

  it('keeps the query readable and its values encoded', () => {
    expect(loginRedirectFor({ pathname: '/apps/email/inbox', search: '?q=a b&r=x%26y' })).toBe(
      '/login?q=a%20b&r=x%26y&to=/apps/email/inbox',
    );
  });

  it('counts a user with userData but no accessToken as signed out', () => {
    // Logged in means both are stored; without permission such a user goes to login, not to not-authorized.
    const halfSession: GuardSession = { isLoggedIn: false, userData: { role: 'client' } };
    expect(visit('/apps/channels', halfSession, clientRules)).toBe('/login?to=/apps/channels');
  });

  it('sends a signed-in user without permission to not-authorized', () => {
    expect(visit('/apps/channels', client, clientRules)).toBe('/not-authorized');
    expect(visit('/apps/mailings?x=1', client, clientRules)).toBe('/not-authorized');
    expect(visit('/apps/integrations', client, clientRules)).toBe('/not-authorized');
    expect(visit('/apps/project-create/design', client, clientRules)).toBe('/not-authorized');
    expect(visit('/apps/chat', { isLoggedIn: true, userData: { role: 'guest' } }, [])).toBe('/not-authorized');
  });

  it('lets a user through where the rules allow the route', () => {
    for (const url of ['/apps/projects', '/apps/chat', '/access-control', '/user/view', '/apps/email/inbox']) {
      expect(visit(url, client, clientRules)).toBeNull();
    }
    for (const url of ['/apps/channels', '/apps/mailings', '/apps/email/inbox', '/apps/project-create/design/7']) {
      expect(visit(url, admin, adminRules)).toBeNull();
    }
  });

  it('lets /wiki and /telegram through so they can open their link', () => {
    expect(visit('/wiki', signedOut, [])).toBeNull();
    expect(visit('/telegram', client, clientRules)).toBeNull();
  });
});

describe('permission (docs/product.md#behaviour)', () => {
  const client = buildAbility(clientRules);
  const admin = buildAbility(adminRules);

  it("uses the last matched route's action and subject when it sets both", () => {
    const matches: RouteHandle[] = [
      { name: 'access-control', action: 'read', subject: 'AclDemo' },
      { name: 'apps-channels', action: 'manage', subject: 'Channel' },
    ];
    expect(canNavigate(matches, client)).toBe(false);
    expect(canNavigate(matches, admin)).toBe(true);
  });

  it('otherwise grants access if any matched route is allowed', () => {
    expect(
      canNavigate([{ name: 'access-control', action: 'read', subject: 'AclDemo' }, { name: 'apps-chat' }], client),
    ).toBe(true);
    expect(
      canNavigate([{ name: 'apps-channels', action: 'manage', subject: 'Channel' }, { name: 'apps-chat' }], client),
    ).toBe(false);
  });

  it('allows a route without action and subject only to manage-all (as the original guard did)', () => {
    expect(canNavigate([{ name: 'apps-chat' }], admin)).toBe(true);
    expect(canNavigate([{ name: 'apps-chat' }], client)).toBe(false);
  });

  it('treats conditional rules as allowing the route (a client reads their own projects)', () => {
    expect(canNavigate([{ name: 'apps-projects', action: 'read', subject: 'Project' }], client)).toBe(true);
    expect(canNavigate([{ name: 'project-edit', action: 'update', subject: 'Project' }], client)).toBe(false);
  });
});

describe('loading CASL only when needed', () => {
  it('asks for a permission check only where the guard would consult the ability', () => {
    expect(needsPermissionCheck([{ name: 'login', public: true, unauthenticatedOnly: true }])).toBe(false);
    expect(needsPermissionCheck([{ name: 'register', unauthenticatedOnly: true }])).toBe(false);
    expect(needsPermissionCheck([{ name: 'index' }])).toBe(false);
    expect(needsPermissionCheck([])).toBe(false);
    expect(needsPermissionCheck([{ name: 'apps-chat', action: 'read', subject: 'Chat' }])).toBe(true);
  });

  it('gives the same answer without the ability wherever no check is needed', () => {
    const sessions = [signedOut, admin, client];
    for (const url of ['/', '/login', '/register', '/forgot-password', '/not-authorized', '/nope', '/wiki']) {
      const { pathname, search } = new URL(url, 'http://orbit.test');
      const matches = handlesOf(routes, pathname);
      expect(needsPermissionCheck(matches)).toBe(false);
      for (const session of sessions) {
        expect(resolveNavigation({ pathname, search }, matches, session, noPermissions)).toBe(
          resolveNavigation({ pathname, search }, matches, session, buildAbility(adminRules)),
        );
      }
    }
  });
});
