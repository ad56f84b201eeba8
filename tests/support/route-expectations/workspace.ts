import {
  everyone,
  expectation,
  readByEveryone,
  uniqueName,
  type MatrixContext,
  type RouteExpectation,
  type SignedInRouteKey,
} from '../matrix';

/**
 * Who may call the workspace's routes: chat, permissions, projects and channels, for every role,
 * from the rules the seed's permissions give it (seed/src/permissions.ts; docs/roles.md has the
 * table). In short: manager = Management, Add & Remove Users, Project Planning, Client
 * Communication, Financial Management; support = Project Planning, Manage Email Sequences, Client
 * Communication, Manage Others' Tasks; users = Project Planning, Manage Email Sequences;
 * restrictedUser = Only View. Fixtures are client A's, made by the admin, so a staff member's
 * "own" rules (Project Planning's update of their own tasks) do not apply to them here.
 */

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

/** An email channel made by the admin for one call (connecting it calls nothing outside). */
const createEmailChannel = async ({ as }: MatrixContext) => {
  const response = await as('admin').request('POST', '/api/apps/channels', {
    body: { type: 'email', name: uniqueName('Matrix mail'), fromAddress: 'matrix@example.com', fromName: 'Matrix' },
  });
  if (response.status !== 201) throw new Error(`fixture: connecting a channel answered ${response.status}`);
  return (response.body as { channel: { id: string; version: number } }).channel;
};

export const workspaceRouteExpectations = {
  // chat: whoever may read Chat (clients, the administrator, Client Communication, Only View; not
  // the users role: 403) chats. A client's contacts are the staff, so client A is no client's
  // contact (404 for client B and for client A itself, not 403); staff see clients. Sending is
  // `create Chat` (Only View reads only: 403); a lead's status is `update Contact`.
  'GET /api/apps/chat/chats-and-contacts': expectation({
    request: () => ({ query: { q: '', statusFilter: 'online,away,offline' } }),
    expect: { clientA: 200, clientB: 200, admin: 200, manager: 200, support: 200, users: 403, restrictedUser: 200 },
  }),
  'GET /api/apps/chat/chats/{userId}': expectation({
    request: (_fixture, { users }) => ({ params: { userId: users.clientA.id } }),
    expect: { clientA: 404, clientB: 404, admin: 200, manager: 200, support: 200, users: 403, restrictedUser: 200 },
  }),
  'GET /api/apps/chat/chats/{userId}/messages': expectation({
    // The admin's, the manager's and the support's chats with client A exist (the first message
    // creates one); the restricted user, who may not send, has none: 404.
    setup: async ({ as, users }) => {
      for (const sender of ['admin', 'manager', 'support'] as const) {
        const sent = await as(sender).request('POST', `/api/apps/chat/chats/${users.clientA.id}`, {
          body: { message: 'Matrix fixture' },
        });
        if (sent.status !== 201) throw new Error(`fixture: sending a message answered ${sent.status}`);
      }
    },
    request: (_fixture, { users }) => ({ params: { userId: users.clientA.id }, query: { limit: '5' } }),
    expect: { clientA: 404, clientB: 404, admin: 200, manager: 200, support: 200, users: 403, restrictedUser: 404 },
  }),
  'POST /api/apps/chat/chats/{userId}': expectation({
    request: (_fixture, { users }) => ({
      params: { userId: users.clientA.id },
      body: { message: 'Hello from the matrix' },
    }),
    expect: { clientA: 404, clientB: 404, admin: 201, manager: 201, support: 201, users: 403, restrictedUser: 403 },
  }),
  'GET /api/apps/chat/contacts': expectation({
    request: () => ({ query: { q: 'a', limit: '5' } }),
    expect: { clientA: 200, clientB: 200, admin: 200, manager: 200, support: 200, users: 403, restrictedUser: 200 },
  }),
  'POST /api/apps/chat/contacts': expectation({
    request: (_fixture, { users }) => ({ body: { userId: users.clientA.id, status: 'interest_shown' } }),
    expect: { clientA: 403, clientB: 403, admin: 200, manager: 200, support: 200, users: 403, restrictedUser: 403 },
  }),
  'POST /api/apps/chat/chats/{userId}/messages/{messageId}/retry': expectation({
    // A plain in-app message has no channel delivery to retry: the admin's answer is 409. Retrying
    // is `update Chat`; the manager and the support may, but the message is not in their chat (404).
    setup: async ({ as, users }) => {
      const sent = await as('admin').request('POST', `/api/apps/chat/chats/${users.clientA.id}`, {
        body: { message: 'Matrix fixture' },
      });
      if (sent.status !== 201) throw new Error(`fixture: sending a message answered ${sent.status}`);
      return (sent.body as { msg: { id: string } }).msg;
    },
    request: (fixture, { users }) => ({ params: { userId: users.clientA.id, messageId: fixture.id } }),
    expect: { clientA: 403, clientB: 403, admin: 409, manager: 404, support: 404, users: 403, restrictedUser: 403 },
  }),
  // Send later is `update Chat` (the administrator, Client Communication): others are refused
  // (403) before anything is read. A schedule is its author's: the admin's is 404 to the others.
  'GET /api/apps/chat/chats/{userId}/scheduled': expectation({
    request: (_fixture, { users }) => ({ params: { userId: users.clientA.id } }),
    expect: { clientA: 403, clientB: 403, admin: 200, manager: 200, support: 200, users: 403, restrictedUser: 403 },
  }),
  'POST /api/apps/chat/chats/{userId}/scheduled': expectation({
    request: (_fixture, { users }) => ({
      params: { userId: users.clientA.id },
      body: { message: 'Scheduled by the matrix', sendAt: new Date(Date.now() + 3_600_000).toISOString() },
    }),
    expect: { clientA: 403, clientB: 403, admin: 201, manager: 201, support: 201, users: 403, restrictedUser: 403 },
  }),
  'PATCH /api/apps/chat/chats/{userId}/scheduled/{scheduledId}': expectation({
    setup: scheduleForClientA,
    request: (fixture, { users }) => ({
      params: { userId: users.clientA.id, scheduledId: fixture.id },
      body: { message: 'Edited by the matrix', version: fixture.version },
    }),
    expect: { clientA: 403, clientB: 403, admin: 200, manager: 404, support: 404, users: 403, restrictedUser: 403 },
  }),
  'DELETE /api/apps/chat/chats/{userId}/scheduled/{scheduledId}': expectation({
    setup: scheduleForClientA,
    request: (fixture, { users }) => ({ params: { userId: users.clientA.id, scheduledId: fixture.id } }),
    expect: { clientA: 403, clientB: 403, admin: 204, manager: 404, support: 404, users: 403, restrictedUser: 403 },
  }),

  // A WebSocket ticket: every signed-in person opens sockets (the bell's, at least).
  'POST /api/realtime/ticket': expectation({ expect: everyone(201) }),

  // permissions: read with `read Permission` (the manager's Management), changed with the
  // administrator's `manage Permission`; everyone else is refused (403) whatever the record.
  'GET /api/apps/permissions': expectation({
    request: () => ({ query: { q: 'manage', sortBy: 'name', orderBy: 'asc', page: '1', itemsPerPage: '5' } }),
    expect: { clientA: 403, clientB: 403, admin: 200, manager: 200, support: 403, users: 403, restrictedUser: 403 },
  }),
  'POST /api/apps/permissions': expectation({
    request: () => ({ body: { name: uniqueName('Matrix'), assignedTo: ['manager'] } }),
    expect: { clientA: 403, clientB: 403, admin: 201, manager: 403, support: 403, users: 403, restrictedUser: 403 },
  }),
  'PATCH /api/apps/permissions/{id}': expectation({
    setup: createPermissionAsAdmin,
    request: (fixture) => ({ params: { id: fixture.id }, body: { assignedTo: ['manager'], version: fixture.version } }),
    expect: { clientA: 403, clientB: 403, admin: 200, manager: 403, support: 403, users: 403, restrictedUser: 403 },
  }),
  'DELETE /api/apps/permissions/{id}': expectation({
    setup: createPermissionAsAdmin,
    request: (fixture) => ({ params: { id: fixture.id } }),
    expect: { clientA: 403, clientB: 403, admin: 204, manager: 403, support: 403, users: 403, restrictedUser: 403 },
    // By the answer, not the identity: a key acting as the admin deletes too, unless refused.
    after: async ({ identity, response, fixture }, context) => {
      if ((await stillListed(context, fixture.name)) !== (response.status !== 204)) {
        throw new Error(`DELETE as ${identity}: the permission's presence afterwards is wrong`);
      }
    },
  }),
  // projects: an admin manages all; client A reads its own project and comments on it, client B
  // cannot tell it exists (404); every other write by a client is 403. Every staff role reads;
  // Project Planning (manager, support, users) creates and updates projects, creates tasks and
  // comments and updates its own tasks only; the manager's Management deletes projects; Manage
  // Others' Tasks (support) updates, moves and deletes any task and deletes comments; Only View
  // (restrictedUser) reads and nothing else (403).
  'GET /api/apps/projects': expectation({
    request: () => ({ query: { status: 'all', sort: 'name', limit: '5' } }),
    expect: everyone(200),
  }),
  'POST /api/apps/projects': expectation({
    request: (_fixture, { users }) => ({
      body: { type: 'design', name: uniqueName('Matrix new project'), clientId: users.clientA.id },
    }),
    expect: { clientA: 403, clientB: 403, admin: 201, manager: 201, support: 201, users: 201, restrictedUser: 403 },
  }),
  'GET /api/apps/projects/people': expectation({
    request: () => ({ query: { role: 'client' } }),
    expect: { clientA: 403, clientB: 403, admin: 200, manager: 200, support: 200, users: 200, restrictedUser: 403 },
  }),
  'GET /api/apps/projects/{id}': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id } }),
    expect: readByEveryone(200),
  }),
  'PATCH /api/apps/projects/{id}': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({
      params: { id: fixture.project.id },
      body: { version: fixture.project.version, priority: 'high' },
    }),
    expect: { clientA: 403, clientB: 404, admin: 200, manager: 200, support: 200, users: 200, restrictedUser: 403 },
  }),
  'DELETE /api/apps/projects/{id}': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id }, query: { confirm: fixture.project.name } }),
    expect: { clientA: 403, clientB: 404, admin: 204, manager: 204, support: 403, users: 403, restrictedUser: 403 },
    after: async ({ identity, response, fixture }, context) => {
      const deleted = response.status === 204;
      if ((await projectStillThere(context, fixture.project.id)) === deleted) {
        throw new Error(`DELETE as ${identity}: the project's presence afterwards is wrong`);
      }
    },
  }),
  'POST /api/apps/projects/{id}/archive': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id }, body: { version: fixture.project.version } }),
    expect: { clientA: 403, clientB: 404, admin: 200, manager: 200, support: 200, users: 200, restrictedUser: 403 },
  }),
  'POST /api/apps/projects/{id}/restore': expectation({
    setup: createArchivedProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id }, body: { version: fixture.project.version } }),
    expect: { clientA: 403, clientB: 404, admin: 200, manager: 200, support: 200, users: 200, restrictedUser: 403 },
  }),
  'GET /api/apps/projects/{id}/board': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id } }),
    expect: readByEveryone(200),
  }),
  'GET /api/apps/projects/{id}/activity': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id } }),
    expect: readByEveryone(200),
  }),
  'POST /api/apps/projects/{id}/tasks': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id }, body: { title: 'Matrix task' } }),
    expect: { clientA: 403, clientB: 404, admin: 201, manager: 201, support: 201, users: 201, restrictedUser: 403 },
  }),
  'GET /api/apps/projects/{id}/tasks/{taskId}': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id, taskId: fixture.task.id } }),
    expect: readByEveryone(200),
  }),
  'PATCH /api/apps/projects/{id}/tasks/{taskId}': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({
      params: { id: fixture.project.id, taskId: fixture.task.id },
      body: { version: fixture.task.version, title: 'Renamed by the matrix' },
    }),
    // The fixture's task is nobody's: "own tasks" (manager, users) do not include it.
    expect: { clientA: 403, clientB: 404, admin: 200, manager: 403, support: 200, users: 403, restrictedUser: 403 },
  }),
  'DELETE /api/apps/projects/{id}/tasks/{taskId}': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id, taskId: fixture.task.id } }),
    expect: { clientA: 403, clientB: 404, admin: 200, manager: 403, support: 200, users: 403, restrictedUser: 403 },
  }),
  'POST /api/apps/projects/{id}/tasks/{taskId}/move': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({
      params: { id: fixture.project.id, taskId: fixture.task.id },
      body: { version: fixture.task.version, stage: 'done', index: 0 },
    }),
    expect: { clientA: 403, clientB: 404, admin: 200, manager: 403, support: 200, users: 403, restrictedUser: 403 },
  }),
  'GET /api/apps/projects/{id}/tasks/{taskId}/comments': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({ params: { id: fixture.project.id, taskId: fixture.task.id } }),
    expect: readByEveryone(200),
  }),
  'POST /api/apps/projects/{id}/tasks/{taskId}/comments': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({
      params: { id: fixture.project.id, taskId: fixture.task.id },
      body: { body: 'A comment from the matrix' },
    }),
    expect: { clientA: 201, clientB: 404, admin: 201, manager: 201, support: 201, users: 201, restrictedUser: 403 },
  }),
  'DELETE /api/apps/projects/{id}/tasks/{taskId}/comments/{commentId}': expectation({
    setup: createProjectFixture,
    request: (fixture) => ({
      params: { id: fixture.project.id, taskId: fixture.task.id, commentId: fixture.comment.id },
    }),
    expect: { clientA: 403, clientB: 404, admin: 204, manager: 403, support: 204, users: 403, restrictedUser: 403 },
  }),

  // channels: read with `read Channel` (Management, Client Communication: manager, support),
  // connected, changed and removed by the administrator only (no permission grants more); the
  // rest are refused (403) whatever the record. The fixture is an email channel (connecting it
  // calls nothing outside).
  'GET /api/apps/channels': expectation({
    expect: { clientA: 403, clientB: 403, admin: 200, manager: 200, support: 200, users: 403, restrictedUser: 403 },
  }),
  'POST /api/apps/channels': expectation({
    request: () => ({
      body: { type: 'email', name: uniqueName('Matrix mail'), fromAddress: 'matrix@example.com', fromName: 'Matrix' },
    }),
    expect: { clientA: 403, clientB: 403, admin: 201, manager: 403, support: 403, users: 403, restrictedUser: 403 },
  }),
  'GET /api/apps/channels/leads': expectation({
    expect: { clientA: 403, clientB: 403, admin: 200, manager: 200, support: 200, users: 403, restrictedUser: 403 },
  }),
  'GET /api/apps/channels/work': expectation({
    // Every area's failed jobs: for those who may replay them (update Channel), not channel readers.
    expect: { clientA: 403, clientB: 403, admin: 200, manager: 403, support: 403, users: 403, restrictedUser: 403 },
  }),
  'POST /api/apps/channels/work/{jobId}/replay': expectation({
    request: () => ({ params: { jobId: 'no-such-job' } }),
    expect: { clientA: 403, clientB: 403, admin: 404, manager: 403, support: 403, users: 403, restrictedUser: 403 },
  }),
  'GET /api/apps/channels/{id}': expectation({
    setup: createEmailChannel,
    request: (fixture) => ({ params: { id: fixture.id } }),
    expect: { clientA: 403, clientB: 403, admin: 200, manager: 200, support: 200, users: 403, restrictedUser: 403 },
  }),
  'PATCH /api/apps/channels/{id}': expectation({
    setup: createEmailChannel,
    request: (fixture) => ({ params: { id: fixture.id }, body: { name: 'Matrix renamed', version: fixture.version } }),
    expect: { clientA: 403, clientB: 403, admin: 200, manager: 403, support: 403, users: 403, restrictedUser: 403 },
  }),
  'DELETE /api/apps/channels/{id}': expectation({
    setup: createEmailChannel,
    request: (fixture) => ({ params: { id: fixture.id } }),
    expect: { clientA: 403, clientB: 403, admin: 204, manager: 403, support: 403, users: 403, restrictedUser: 403 },
    after: async ({ identity, response, fixture }, context) => {
      const status = (await context.as('admin').request('GET', `/api/apps/channels/${fixture.id}`)).status;
      if ((status === 200) !== (response.status !== 204)) {
        throw new Error(`DELETE as ${identity}: the channel's presence afterwards is wrong`);
      }
    },
  }),
  'POST /api/apps/channels/{id}/pause': expectation({
    setup: createEmailChannel,
    request: (fixture) => ({ params: { id: fixture.id }, body: {} }),
    expect: { clientA: 403, clientB: 403, admin: 200, manager: 403, support: 403, users: 403, restrictedUser: 403 },
  }),
  'POST /api/apps/channels/{id}/resume': expectation({
    setup: createEmailChannel,
    request: (fixture) => ({ params: { id: fixture.id }, body: {} }),
    expect: { clientA: 403, clientB: 403, admin: 200, manager: 403, support: 403, users: 403, restrictedUser: 403 },
  }),
  'POST /api/apps/channels/{id}/test': expectation({
    setup: createEmailChannel,
    request: (fixture) => ({ params: { id: fixture.id }, body: { to: 'matrix-test@example.com' } }),
    expect: { clientA: 403, clientB: 403, admin: 202, manager: 403, support: 403, users: 403, restrictedUser: 403 },
  }),
} satisfies { readonly [K in SignedInRouteKey]?: RouteExpectation<unknown> };
