import {
  everyone,
  expectation,
  type MatrixContext,
  type RouteExpectation,
  type SignedInRouteKey,
  type Statuses,
} from '../matrix';

/**
 * Who may call a person's own routes: the auth area's, the user view's and the notifications'.
 * The target is client A. Staff read another's profile with `read User` (the manager's Management
 * and the restricted user's Only View; the support and users roles have only their own profile, so
 * client A is 404 to them) and change it with `update User` (the administrator only).
 */

/** Those who may read client A's profile get `status`; the rest cannot tell it exists (404). */
const readableProfile = (status: number): Statuses => ({
  clientA: status,
  clientB: 404,
  admin: status,
  manager: status,
  support: 404,
  users: 404,
  restrictedUser: status,
});

/** Client A's profile version now, for an edit from the version read. */
const clientAProfileVersion = async ({ as, users }: MatrixContext): Promise<number> => {
  const response = await as('admin').request('GET', `/api/users/${users.clientA.id}`);
  if (response.status !== 200) throw new Error(`fixture: reading a profile answered ${response.status}`);
  return (response.body as { user: { version: number } }).user.version;
};

export const accountRouteExpectations = {
  // auth
  'GET /api/auth/me': expectation({ expect: everyone(200) }),

  // auth, security (docs/user-view.md): client A's own sessions, log and two-step verification.
  // The admin reads them and revokes one session, but changes no one else's password or two-step
  // (403); staff who may read profiles read them (a revoke is an update: 403); client B, support
  // and users get 404. Self-only writes are sent a body that fails validation where a valid
  // one would change client A's account, so client A's answer is 400 (authorised, then checked).
  'GET /api/users/{id}/sessions': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id } }),
    expect: readableProfile(200),
  }),
  'DELETE /api/users/{id}/sessions/{sessionId}': expectation({
    // A session of client A's own, opened for this call (its id is the access token's `sid`).
    setup: async ({ as }) => {
      const response = await as('clientA').request('POST', '/api/auth/login', {
        body: { phone: '+15550100002', password: 'Client#2026' },
      });
      if (response.status !== 201) throw new Error(`fixture: signing in answered ${response.status}`);
      const token = (response.body as { accessToken: string }).accessToken;
      return (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;
    },
    request: (sessionId, { users }) => ({ params: { id: users.clientA.id, sessionId } }),
    expect: { clientA: 204, clientB: 404, admin: 204, manager: 403, support: 404, users: 404, restrictedUser: 403 },
    serial: true,
  }),
  'POST /api/users/{id}/sessions/revoke-others': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id } }),
    expect: { clientA: 200, clientB: 404, admin: 403, manager: 403, support: 404, users: 404, restrictedUser: 403 },
  }),
  'GET /api/users/{id}/security-log': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id }, query: { limit: '5' } }),
    expect: readableProfile(200),
  }),
  'POST /api/users/{id}/password': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id }, body: { currentPassword: '' } }),
    expect: { clientA: 400, clientB: 404, admin: 403, manager: 403, support: 404, users: 404, restrictedUser: 403 },
  }),
  'GET /api/users/{id}/two-step': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id } }),
    expect: readableProfile(200),
  }),
  'POST /api/users/{id}/two-step': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id } }),
    expect: { clientA: 201, clientB: 404, admin: 403, manager: 403, support: 404, users: 404, restrictedUser: 403 },
  }),
  'POST /api/users/{id}/two-step/confirm': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id }, body: { code: 'not a code' } }),
    expect: { clientA: 400, clientB: 404, admin: 403, manager: 403, support: 404, users: 404, restrictedUser: 403 },
  }),
  'DELETE /api/users/{id}/two-step': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id }, body: {} }),
    expect: { clientA: 400, clientB: 404, admin: 403, manager: 403, support: 404, users: 404, restrictedUser: 403 },
  }),
  'POST /api/users/{id}/two-step/recovery-codes': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id }, body: {} }),
    expect: { clientA: 400, clientB: 404, admin: 403, manager: 403, support: 404, users: 404, restrictedUser: 403 },
  }),

  // users (the user view): client A's profile. Admins may act on anyone's, a client only on its
  // own (another's is 404); staff who may read profiles read it but do not change it (403); the
  // sign-in identifier changes only by its owner (admin: 403).
  'GET /api/users/{id}': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id } }),
    expect: readableProfile(200),
  }),
  'PATCH /api/users/{id}': expectation({
    setup: clientAProfileVersion,
    request: (version, { users }) => ({ params: { id: users.clientA.id }, body: { about: 'Matrix about', version } }),
    expect: { clientA: 200, clientB: 404, admin: 200, manager: 403, support: 404, users: 404, restrictedUser: 403 },
    serial: true,
  }),
  'POST /api/users/{id}/avatar/upload': expectation({
    request: (_fixture, { users }) => ({
      params: { id: users.clientA.id },
      body: { contentType: 'image/png', size: 1024 },
    }),
    expect: { clientA: 200, clientB: 404, admin: 200, manager: 403, support: 404, users: 404, restrictedUser: 403 },
  }),
  // Nothing was uploaded under the key: 400 for who may confirm, 404 for another client.
  'POST /api/users/{id}/avatar': expectation({
    request: (_fixture, { users }) => ({
      params: { id: users.clientA.id },
      body: { key: `media/pending/${users.clientA.id}/01JAAAAAAAAAAAAAAAAAAAAAAA` },
    }),
    expect: { clientA: 400, clientB: 404, admin: 400, manager: 403, support: 404, users: 404, restrictedUser: 403 },
  }),
  'DELETE /api/users/{id}/avatar': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id } }),
    expect: { clientA: 200, clientB: 404, admin: 200, manager: 403, support: 404, users: 404, restrictedUser: 403 },
    serial: true,
  }),
  'POST /api/users/{id}/contact-change': expectation({
    request: (_fixture, { users }) => ({
      params: { id: users.clientA.id },
      body: {
        field: 'email',
        value: `matrix-${Date.now().toString(36)}@example.com`,
        currentPassword: 'Client#2026',
      },
    }),
    expect: { clientA: 202, clientB: 404, admin: 403, manager: 403, support: 404, users: 404, restrictedUser: 403 },
  }),
  'POST /api/users/{id}/contact-change/confirm': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id }, body: { field: 'email', code: '000000' } }),
    expect: { clientA: 400, clientB: 404, admin: 403, manager: 403, support: 404, users: 404, restrictedUser: 403 },
  }),

  // notifications: everyone's own (no id in any path), so every signed-in identity gets 200.
  'GET /api/notifications': expectation({ expect: everyone(200) }),
  'GET /api/notifications/unread': expectation({ expect: everyone(200) }),
  'POST /api/notifications/read': expectation({
    // An id that is nobody's (or another user's) is not found for everyone: nothing to mark.
    request: () => ({ body: { ids: ['01J00000000000000000000000'] } }),
    expect: everyone(404),
    refusalFromBody: 'the ids to mark read are in the body: with none given, there is nothing to find',
  }),
  'POST /api/notifications/read-all': expectation({
    request: () => ({ body: { upTo: '01J00000000000000000000000' } }),
    expect: everyone(200),
  }),
  'GET /api/notifications/settings': expectation({ expect: everyone(200) }),
  'PUT /api/notifications/settings': expectation({
    request: () => ({
      body: {
        settings: {
          inApp: {
            message: true,
            taskAssigned: true,
            taskComment: true,
            projectStatus: true,
            mention: true,
            webhookDisabled: true,
          },
          email: {
            message: false,
            taskAssigned: true,
            taskComment: false,
            projectStatus: false,
            mention: true,
            webhookDisabled: true,
          },
        },
      },
    }),
    expect: everyone(200),
  }),
} satisfies { readonly [K in SignedInRouteKey]?: RouteExpectation<unknown> };
