import type { HttpMethod, HttpRoute, RouteKey } from '@orbit/functions/routes';

/**
 * Who may call what: one expectation per route of the route table (functions/src/routes.ts), walked by the
 * authorisation matrix test (tests/api/authorisation-matrix.test.ts). Each signed-in route is
 * called as six identities — nobody, a forged token, an expired token, client A, client B and
 * the admin — and each public route with no token and with bad ones.
 *
 * Adding a route to routes.ts without an entry here fails typecheck (the maps below are keyed
 * by every route key) and fails the matrix test. To add yours, append to your area's group:
 *
 *   'GET /api/projects/{id}': expectation({
 *     // Runs before every call, so each identity meets a fresh record (a DELETE cannot eat
 *     // the next identity's fixture). Here: a project of client A, created by the admin.
 *     setup: async ({ as, users }) => (await as('admin').request('POST', '/api/projects', {
 *       body: { ..., clientId: users.clientA.id } })).body as { project: { id: string } },
 *     request: (fixture) => ({ params: { id: fixture.project.id } }),
 *     // Another client's record is 404, not 403 (core/authorize.ts: authorizeResource).
 *     expect: { clientA: 200, clientB: 404, admin: 200 },
 *   }),
 *
 * nobody, forged and expired always get 401 on a signed-in route, so entries give only the
 * three signed-in identities. Seeded users: admin, clientA and clientB of seed/src/demo-users.ts.
 */

export const signedInIdentities = ['clientA', 'clientB', 'admin'] as const;
export type SignedInIdentity = (typeof signedInIdentities)[number];
/** Callers without a valid token: no token, a token signed with another key, an expired one. */
export const anonymousIdentities = ['nobody', 'forged', 'expired'] as const;
export type AnonymousIdentity = (typeof anonymousIdentities)[number];
export type Identity = AnonymousIdentity | SignedInIdentity;
export const identities: readonly Identity[] = [...anonymousIdentities, ...signedInIdentities];
/** What every signed-in route answers a caller without a valid token. */
export const anonymousStatus = 401;

export type SignedInRouteKey = RouteKey<Extract<HttpRoute, { access: 'signed-in' }>>;
export type PublicRouteKey = RouteKey<Extract<HttpRoute, { access: 'public' }>>;

/** The request the matrix sends: `{name}` path parameters, query and JSON body. */
export interface MatrixRequest {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

export interface MatrixResponse {
  readonly status: number;
  readonly body: unknown;
}

/** Calls the API as one signed-in demo user (a concrete path, parameters filled in). */
export interface MatrixCaller {
  request(method: HttpMethod, path: string, options?: { body?: unknown }): Promise<MatrixResponse>;
}

export interface MatrixContext {
  readonly users: Readonly<Record<SignedInIdentity, { readonly id: string }>>;
  as(identity: SignedInIdentity): MatrixCaller;
}

export interface RouteExpectation<Fixture = undefined> {
  /** Runs before each identity's call; what it returns is given to `request` and `after`. */
  setup?(context: MatrixContext): Promise<Fixture>;
  /** The sample request; absent means no parameters, query or body. */
  request?(fixture: Fixture, context: MatrixContext): MatrixRequest;
  /** The expected status for each signed-in identity. */
  readonly expect: Readonly<Record<SignedInIdentity, number>>;
  /** Extra checks after each call, e.g. that a refused DELETE left the record in place. */
  after?(
    call: { identity: Identity; response: MatrixResponse; fixture: Fixture },
    context: MatrixContext,
  ): Promise<void>;
}

export interface PublicRouteExpectation {
  request?(): MatrixRequest;
  /** The status without a token; a forged or expired token must not change it. */
  readonly status: number;
}

/** Keeps each entry's fixture type checked while the map holds entries of different fixtures. */
export const expectation = <Fixture = undefined>(entry: RouteExpectation<Fixture>): RouteExpectation<unknown> =>
  entry as RouteExpectation<unknown>;

const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

const createPermissionAsAdmin = async ({ as }: MatrixContext) => {
  const response = await as('admin').request('POST', '/api/apps/permissions', {
    body: { name: uniqueName('Matrix fixture'), assignedTo: ['support'] },
  });
  if (response.status !== 201) throw new Error(`fixture: creating a permission answered ${response.status}`);
  return (response.body as { permission: { id: string; name: string; version: number } }).permission;
};

const stillListed = async (context: MatrixContext, name: string): Promise<boolean> => {
  const response = await context.as('admin').request('GET', `/api/apps/permissions?q=${encodeURIComponent(name)}`);
  return (response.body as { totalPermissions: number }).totalPermissions === 1;
};

/** A project of client A (with one task and one comment), made by the admin for one call. */
interface ProjectFixture {
  readonly project: { id: string; name: string; version: number };
  readonly task: { id: string; version: number };
  readonly comment: { id: string };
}

const createProjectFixture = async ({ as, users }: MatrixContext): Promise<ProjectFixture> => {
  const admin = as('admin');
  const created = await admin.request('POST', '/api/apps/projects', {
    body: { type: 'development', name: uniqueName('Matrix project'), clientId: users.clientA.id },
  });
  if (created.status !== 201) throw new Error(`fixture: creating a project answered ${created.status}`);
  const project = (created.body as { project: ProjectFixture['project'] }).project;
  const added = await admin.request('POST', `/api/apps/projects/${project.id}/tasks`, {
    body: { title: 'Fixture task' },
  });
  if (added.status !== 201) throw new Error(`fixture: adding a task answered ${added.status}`);
  const task = (added.body as { task: ProjectFixture['task'] }).task;
  const commented = await admin.request('POST', `/api/apps/projects/${project.id}/tasks/${task.id}/comments`, {
    body: { body: 'Fixture comment' },
  });
  if (commented.status !== 201) throw new Error(`fixture: commenting answered ${commented.status}`);
  return { project, task, comment: (commented.body as { comment: ProjectFixture['comment'] }).comment };
};

const createArchivedProjectFixture = async (context: MatrixContext): Promise<ProjectFixture> => {
  const fixture = await createProjectFixture(context);
  const archived = await context.as('admin').request('POST', `/api/apps/projects/${fixture.project.id}/archive`, {
    body: { version: fixture.project.version },
  });
  if (archived.status !== 200) throw new Error(`fixture: archiving answered ${archived.status}`);
  return { ...fixture, project: (archived.body as { project: ProjectFixture['project'] }).project };
};

const projectStillThere = async (context: MatrixContext, projectId: string): Promise<boolean> =>
  (await context.as('admin').request('GET', `/api/apps/projects/${projectId}`)).status === 200;

/** A message the admin schedules to client A an hour ahead (send later). */
const scheduleForClientA = async ({ as, users }: MatrixContext) => {
  const response = await as('admin').request('POST', `/api/apps/chat/chats/${users.clientA.id}/scheduled`, {
    body: { message: 'Matrix fixture', sendAt: new Date(Date.now() + 3_600_000).toISOString() },
  });
  if (response.status !== 201) throw new Error(`fixture: scheduling a message answered ${response.status}`);
  return (response.body as { scheduled: { id: string; version: number } }).scheduled;
};

/** Client A owns the fixture: it may read and comment (200/201) but not write (403); client B gets 404. */
const readable = { clientA: 200, clientB: 404, admin: 200 } as const;
/** Admin-only routes: both clients are refused (403) whatever the record. */
const adminOnly = (status: number) => ({ clientA: 403, clientB: 403, admin: status });

/** An email channel made by the admin for one call (connecting it calls nothing outside). */
const createEmailChannel = async ({ as }: MatrixContext) => {
  const response = await as('admin').request('POST', '/api/apps/channels', {
    body: { type: 'email', name: uniqueName('Matrix mail'), fromAddress: 'matrix@example.com', fromName: 'Matrix' },
  });
  if (response.status !== 201) throw new Error(`fixture: connecting a channel answered ${response.status}`);
  return (response.body as { channel: { id: string; version: number } }).channel;
};

const adminWrite = (status: number) => ({ clientA: 403, clientB: 404, admin: status });

/** Client A's profile version now, for an edit from the version read. */
const clientAProfileVersion = async ({ as, users }: MatrixContext): Promise<number> => {
  const response = await as('admin').request('GET', `/api/users/${users.clientA.id}`);
  if (response.status !== 200) throw new Error(`fixture: reading a profile answered ${response.status}`);
  return (response.body as { user: { version: number } }).user.version;
};

export const signedInRouteExpectations: { readonly [K in SignedInRouteKey]: RouteExpectation<unknown> } = {
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

  // chat: everyone signed in chats; a client's contacts are the admins, so client A is nobody's
  // contact but the admin's (404 for client B and for client A itself, not 403).
  'GET /api/apps/chat/chats-and-contacts': expectation({
    request: () => ({ query: { q: '', statusFilter: 'online,away,offline' } }),
    expect: { clientA: 200, clientB: 200, admin: 200 },
  }),
  'GET /api/apps/chat/chats/{userId}': expectation({
    request: (_fixture, { users }) => ({ params: { userId: users.clientA.id } }),
    expect: { clientA: 404, clientB: 404, admin: 200 },
  }),
  'GET /api/apps/chat/chats/{userId}/messages': expectation({
    // The admin's chat with client A exists (the first message creates it).
    setup: async ({ as, users }) => {
      const sent = await as('admin').request('POST', `/api/apps/chat/chats/${users.clientA.id}`, {
        body: { message: 'Matrix fixture' },
      });
      if (sent.status !== 201) throw new Error(`fixture: sending a message answered ${sent.status}`);
    },
    request: (_fixture, { users }) => ({ params: { userId: users.clientA.id }, query: { limit: '5' } }),
    expect: { clientA: 404, clientB: 404, admin: 200 },
  }),
  'POST /api/apps/chat/chats/{userId}': expectation({
    request: (_fixture, { users }) => ({
      params: { userId: users.clientA.id },
      body: { message: 'Hello from the matrix' },
    }),
    expect: { clientA: 404, clientB: 404, admin: 201 },
  }),
  'GET /api/apps/chat/contacts': expectation({
    request: () => ({ query: { q: 'a', limit: '5' } }),
    expect: { clientA: 200, clientB: 200, admin: 200 },
  }),
  'POST /api/apps/chat/contacts': expectation({
    request: (_fixture, { users }) => ({ body: { userId: users.clientA.id, status: 'interest_shown' } }),
    expect: { clientA: 403, clientB: 403, admin: 200 },
  }),
  'POST /api/apps/chat/chats/{userId}/messages/{messageId}/retry': expectation({
    // A plain in-app message has no channel delivery to retry: the admin's answer is 409.
    setup: async ({ as, users }) => {
      const sent = await as('admin').request('POST', `/api/apps/chat/chats/${users.clientA.id}`, {
        body: { message: 'Matrix fixture' },
      });
      if (sent.status !== 201) throw new Error(`fixture: sending a message answered ${sent.status}`);
      return (sent.body as { msg: { id: string } }).msg;
    },
    request: (fixture, { users }) => ({ params: { userId: users.clientA.id, messageId: fixture.id } }),
    expect: { clientA: 403, clientB: 403, admin: 409 },
  }),
  // Send later is the admin's: a client is refused (403) before anything is read.
  'GET /api/apps/chat/chats/{userId}/scheduled': expectation({
    request: (_fixture, { users }) => ({ params: { userId: users.clientA.id } }),
    expect: { clientA: 403, clientB: 403, admin: 200 },
  }),
  'POST /api/apps/chat/chats/{userId}/scheduled': expectation({
    request: (_fixture, { users }) => ({
      params: { userId: users.clientA.id },
      body: { message: 'Scheduled by the matrix', sendAt: new Date(Date.now() + 3_600_000).toISOString() },
    }),
    expect: { clientA: 403, clientB: 403, admin: 201 },
  }),
  'PATCH /api/apps/chat/chats/{userId}/scheduled/{scheduledId}': expectation({
    setup: scheduleForClientA,
    request: (fixture, { users }) => ({
      params: { userId: users.clientA.id, scheduledId: fixture.id },
      body: { message: 'Edited by the matrix', version: fixture.version },
    }),
    expect: { clientA: 403, clientB: 403, admin: 200 },
  }),
  'DELETE /api/apps/chat/chats/{userId}/scheduled/{scheduledId}': expectation({
    setup: scheduleForClientA,
    request: (fixture, { users }) => ({ params: { userId: users.clientA.id, scheduledId: fixture.id } }),
    expect: { clientA: 403, clientB: 403, admin: 204 },
  }),

  // permissions: the admin's; a client is refused (403) whatever the record.
  'GET /api/apps/permissions': expectation({
    request: () => ({ query: { q: 'manage', sortBy: 'name', orderBy: 'asc', page: '1', itemsPerPage: '5' } }),
    expect: { clientA: 403, clientB: 403, admin: 200 },
  }),
  'POST /api/apps/permissions': expectation({
    request: () => ({ body: { name: uniqueName('Matrix'), assignedTo: ['manager'] } }),
    expect: { clientA: 403, clientB: 403, admin: 201 },
  }),
  'PATCH /api/apps/permissions/{id}': expectation({
    setup: createPermissionAsAdmin,
    request: (fixture) => ({ params: { id: fixture.id }, body: { assignedTo: ['manager'], version: fixture.version } }),
    expect: { clientA: 403, clientB: 403, admin: 200 },
  }),
  'DELETE /api/apps/permissions/{id}': expectation({
    setup: createPermissionAsAdmin,
    request: (fixture) => ({ params: { id: fixture.id } }),
    expect: { clientA: 403, clientB: 403, admin: 204 },
    after: async ({ identity, fixture }, context) => {
      if ((await stillListed(context, fixture.name)) !== (identity !== 'admin')) {
        throw new Error(`DELETE as ${identity}: the permission's presence afterwards is wrong`);
      }
    },
  }),
  // projects: an admin manages all; client A reads its own project and comments on it, client B
  // cannot tell it exists (404); every other write by a client is 403.
  'GET /api/apps/projects': expectation({
    request: () => ({ query: { status: 'all', sort: 'name', limit: '5' } }),
    expect: { clientA: 200, clientB: 200, admin: 200 },
  }),
  'POST /api/apps/projects': expectation({
    request: (_fixture, { users }) => ({
      body: { type: 'design', name: uniqueName('Matrix new project'), clientId: users.clientA.id },
    }),
    expect: { clientA: 403, clientB: 403, admin: 201 },
  }),
  'GET /api/apps/projects/people': expectation({
    request: () => ({ query: { role: 'client' } }),
    expect: { clientA: 403, clientB: 403, admin: 200 },
  }),
  'GET /api/apps/projects/{id}': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id } }),
    expect: readable,
  }),
  'PATCH /api/apps/projects/{id}': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({
      params: { id: fixture.project.id },
      body: { version: fixture.project.version, priority: 'high' },
    }),
    expect: adminWrite(200),
  }),
  'DELETE /api/apps/projects/{id}': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id }, query: { confirm: fixture.project.name } }),
    expect: adminWrite(204),
    after: async ({ identity, fixture }, context) => {
      if ((await projectStillThere(context, fixture.project.id)) !== (identity !== 'admin')) {
        throw new Error(`DELETE as ${identity}: the project's presence afterwards is wrong`);
      }
    },
  }),
  'POST /api/apps/projects/{id}/archive': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id }, body: { version: fixture.project.version } }),
    expect: adminWrite(200),
  }),
  'POST /api/apps/projects/{id}/restore': expectation({
    setup: createArchivedProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id }, body: { version: fixture.project.version } }),
    expect: adminWrite(200),
  }),
  'GET /api/apps/projects/{id}/board': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id } }),
    expect: readable,
  }),
  'GET /api/apps/projects/{id}/activity': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id } }),
    expect: readable,
  }),
  'POST /api/apps/projects/{id}/tasks': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id }, body: { title: 'Matrix task' } }),
    expect: adminWrite(201),
  }),
  'GET /api/apps/projects/{id}/tasks/{taskId}': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id, taskId: fixture.task.id } }),
    expect: readable,
  }),
  'PATCH /api/apps/projects/{id}/tasks/{taskId}': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({
      params: { id: fixture.project.id, taskId: fixture.task.id },
      body: { version: fixture.task.version, title: 'Renamed by the matrix' },
    }),
    expect: adminWrite(200),
  }),
  'DELETE /api/apps/projects/{id}/tasks/{taskId}': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id, taskId: fixture.task.id } }),
    expect: adminWrite(200),
  }),
  'POST /api/apps/projects/{id}/tasks/{taskId}/move': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({
      params: { id: fixture.project.id, taskId: fixture.task.id },
      body: { version: fixture.task.version, stage: 'done', index: 0 },
    }),
    expect: adminWrite(200),
  }),
  'GET /api/apps/projects/{id}/tasks/{taskId}/comments': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id, taskId: fixture.task.id } }),
    expect: readable,
  }),
  'POST /api/apps/projects/{id}/tasks/{taskId}/comments': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({
      params: { id: fixture.project.id, taskId: fixture.task.id },
      body: { body: 'A comment from the matrix' },
    }),
    expect: { clientA: 201, clientB: 404, admin: 201 },
  }),
  'DELETE /api/apps/projects/{id}/tasks/{taskId}/comments/{commentId}': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({
      params: { id: fixture.project.id, taskId: fixture.task.id, commentId: fixture.comment.id },
    }),
    expect: adminWrite(204),
  }),

  // channels: the admin's; a client is refused (403) whatever the record. The fixture is an
  // email channel (connecting it calls nothing outside).
  'GET /api/apps/channels': expectation({ expect: adminOnly(200) }),
  'POST /api/apps/channels': expectation({
    request: () => ({
      body: { type: 'email', name: uniqueName('Matrix mail'), fromAddress: 'matrix@example.com', fromName: 'Matrix' },
    }),
    expect: adminOnly(201),
  }),
  'GET /api/apps/channels/leads': expectation({ expect: adminOnly(200) }),
  'GET /api/apps/channels/work': expectation({ expect: adminOnly(200) }),
  'POST /api/apps/channels/work/{jobId}/replay': expectation({
    request: () => ({ params: { jobId: 'no-such-job' } }),
    expect: adminOnly(404),
  }),
  'GET /api/apps/channels/{id}': expectation({
    setup: createEmailChannel,
    request: (fixture) => ({ params: { id: fixture.id } }),
    expect: adminOnly(200),
  }),
  'PATCH /api/apps/channels/{id}': expectation({
    setup: createEmailChannel,
    request: (fixture) => ({ params: { id: fixture.id }, body: { name: 'Matrix renamed', version: fixture.version } }),
    expect: adminOnly(200),
  }),
  'DELETE /api/apps/channels/{id}': expectation({
    setup: createEmailChannel,
    request: (fixture) => ({ params: { id: fixture.id } }),
    expect: adminOnly(204),
    after: async ({ identity, fixture }, context) => {
      const status = (await context.as('admin').request('GET', `/api/apps/channels/${fixture.id}`)).status;
      if ((status === 200) !== (identity !== 'admin')) {
        throw new Error(`DELETE as ${identity}: the channel's presence afterwards is wrong`);
      }
    },
  }),
  'POST /api/apps/channels/{id}/pause': expectation({
    setup: createEmailChannel,
    request: (fixture) => ({ params: { id: fixture.id }, body: {} }),
    expect: adminOnly(200),
  }),
  'POST /api/apps/channels/{id}/resume': expectation({
    setup: createEmailChannel,
    request: (fixture) => ({ params: { id: fixture.id }, body: {} }),
    expect: adminOnly(200),
  }),
  'POST /api/apps/channels/{id}/test': expectation({
    setup: createEmailChannel,
    request: (fixture) => ({ params: { id: fixture.id }, body: { to: 'matrix-test@example.com' } }),
    expect: adminOnly(202),
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
};

export const publicRouteExpectations: { readonly [K in PublicRouteKey]: PublicRouteExpectation } = {
  'GET /api/health': { status: 200 },
  // Bodies of the wrong shape: the answer shows the route ran without asking for a token.
  'POST /api/auth/login': { request: () => ({ body: {} }), status: 400 },
  'POST /api/auth/register': { request: () => ({ body: {} }), status: 400 },
  // The refresh cookie is its credential, not the access token: without a cookie, 401.
  'POST /api/auth/refresh': { status: 401 },
  'POST /api/auth/logout': { status: 204 },
  'POST /api/auth/forgot-password': { request: () => ({ body: {} }), status: 400 },
  'POST /api/auth/reset-password': { request: () => ({ body: {} }), status: 400 },
  // Security: the second step of a sign-in, with no challenge.
  'POST /api/auth/login/two-step': { request: () => ({ body: {} }), status: 400 },
  // Hooks: without the channel's secret token / a valid signature, 401 (the same whether the
  // channel exists or not, so a caller learns nothing).
  'POST /api/hooks/telegram/{channelId}': {
    request: () => ({ params: { channelId: 'no-such-channel' }, body: { update_id: 1 } }),
    status: 401,
  },
  'POST /api/hooks/webhook/{channelId}': {
    request: () => ({ params: { channelId: 'no-such-channel' }, body: {} }),
    status: 401,
  },
};
