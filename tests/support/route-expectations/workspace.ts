import {
  adminOnly,
  adminWrite,
  expectation,
  readable,
  uniqueName,
  type MatrixContext,
  type RouteExpectation,
  type SignedInRouteKey,
} from '../matrix';

/** Who may call the workspace's routes: chat, permissions, projects and channels. */

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
} satisfies { readonly [K in SignedInRouteKey]?: RouteExpectation<unknown> };
