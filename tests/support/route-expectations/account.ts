import { expectation, readable, type MatrixContext, type RouteExpectation, type SignedInRouteKey } from '../matrix';

/** Who may call a person's own routes: the auth area's, the user view's and the notifications'. */

/** Client A's profile version now, for an edit from the version read. */
const clientAProfileVersion = async ({ as, users }: MatrixContext): Promise<number> => {
  const response = await as('admin').request('GET', `/api/users/${users.clientA.id}`);
  if (response.status !== 200) throw new Error(`fixture: reading a profile answered ${response.status}`);
  return (response.body as { user: { version: number } }).user.version;
};

export const accountRouteExpectations = {
  // auth
  'GET /api/auth/me': expectation({ expect: { clientA: 200, clientB: 200, admin: 200 } }),

  // auth, security (docs/user-view.md): client A's own sessions, log and two-step verification.
  // The admin reads them and revokes one session, but changes no one else's password or two-step
  // (403); client B gets 404. Self-only writes are sent a body that fails validation where a valid
  // one would change client A's account, so client A's answer is 400 (authorised, then checked).
  'GET /api/users/{id}/sessions': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id } }),
    expect: readable,
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
    expect: { clientA: 204, clientB: 404, admin: 204 },
  }),
  'POST /api/users/{id}/sessions/revoke-others': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id } }),
    expect: { clientA: 200, clientB: 404, admin: 403 },
  }),
  'GET /api/users/{id}/security-log': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id }, query: { limit: '5' } }),
    expect: readable,
  }),
  'POST /api/users/{id}/password': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id }, body: { currentPassword: '' } }),
    expect: { clientA: 400, clientB: 404, admin: 403 },
  }),
  'GET /api/users/{id}/two-step': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id } }),
    expect: readable,
  }),
  'POST /api/users/{id}/two-step': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id } }),
    expect: { clientA: 201, clientB: 404, admin: 403 },
  }),
  'POST /api/users/{id}/two-step/confirm': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id }, body: { code: 'not a code' } }),
    expect: { clientA: 400, clientB: 404, admin: 403 },
  }),
  'DELETE /api/users/{id}/two-step': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id }, body: {} }),
    expect: { clientA: 400, clientB: 404, admin: 403 },
  }),
  'POST /api/users/{id}/two-step/recovery-codes': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id }, body: {} }),
    expect: { clientA: 400, clientB: 404, admin: 403 },
  }),

  // users (the user view): client A's profile. Admins may act on anyone's, a client only on its
  // own (another's is 404); the sign-in identifier changes only by its owner (admin: 403).
  'GET /api/users/{id}': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id } }),
    expect: readable,
  }),
  'PATCH /api/users/{id}': expectation({
    setup: clientAProfileVersion,
    request: (version, { users }) => ({ params: { id: users.clientA.id }, body: { about: 'Matrix about', version } }),
    expect: readable,
  }),
  'POST /api/users/{id}/avatar/upload': expectation({
    request: (_fixture, { users }) => ({
      params: { id: users.clientA.id },
      body: { contentType: 'image/png', size: 1024 },
    }),
    expect: readable,
  }),
  // Nothing was uploaded under the key: 400 for who may confirm, 404 for another client.
  'POST /api/users/{id}/avatar': expectation({
    request: (_fixture, { users }) => ({
      params: { id: users.clientA.id },
      body: { key: `media/pending/${users.clientA.id}/01JAAAAAAAAAAAAAAAAAAAAAAA` },
    }),
    expect: { clientA: 400, clientB: 404, admin: 400 },
  }),
  'DELETE /api/users/{id}/avatar': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id } }),
    expect: readable,
  }),
  'POST /api/users/{id}/contact-change': expectation({
    request: (_fixture, { users }) => ({
      params: { id: users.clientA.id },
      body: { field: 'email', value: `matrix-${Date.now().toString(36)}@example.com` },
    }),
    expect: { clientA: 202, clientB: 404, admin: 403 },
  }),
  'POST /api/users/{id}/contact-change/confirm': expectation({
    request: (_fixture, { users }) => ({ params: { id: users.clientA.id }, body: { field: 'email', code: '000000' } }),
    expect: { clientA: 400, clientB: 404, admin: 403 },
  }),

  // notifications: everyone's own (no id in any path), so every signed-in identity gets 200.
  'GET /api/notifications': expectation({ expect: { clientA: 200, clientB: 200, admin: 200 } }),
  'GET /api/notifications/unread': expectation({ expect: { clientA: 200, clientB: 200, admin: 200 } }),
  'POST /api/notifications/read': expectation({
    // An id that is nobody's (or another user's) is not found for everyone: nothing to mark.
    request: () => ({ body: { ids: ['01J00000000000000000000000'] } }),
    expect: { clientA: 404, clientB: 404, admin: 404 },
  }),
  'POST /api/notifications/read-all': expectation({
    request: () => ({ body: { upTo: '01J00000000000000000000000' } }),
    expect: { clientA: 200, clientB: 200, admin: 200 },
  }),
  'GET /api/notifications/settings': expectation({ expect: { clientA: 200, clientB: 200, admin: 200 } }),
  'PUT /api/notifications/settings': expectation({
    request: () => ({
      body: {
        settings: {
          inApp: { message: true, taskAssigned: true, taskComment: true, projectStatus: true, mention: true },
          email: { message: false, taskAssigned: true, taskComment: false, projectStatus: false, mention: true },
        },
      },
    }),
    expect: { clientA: 200, clientB: 200, admin: 200 },
  }),
} satisfies { readonly [K in SignedInRouteKey]?: RouteExpectation<unknown> };
