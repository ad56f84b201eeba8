/**
 * The one route table. The local server serves it, CDK builds API Gateway from it, and the
 * authorisation matrix test walks it. Adding a route here without a handler fails typecheck
 * (each area's handler must implement exactly its route keys), and so does adding one without
 * its row in route-expectations.ts (who may call it: the authorisation matrix).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One Lambda function per area; `functions/src/<area>/handler.ts` exports `handler`. */
export const areas = ['health', 'auth', 'chat', 'permissions', 'projects'] as const;
export type Area = (typeof areas)[number];

export interface HttpRouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway path syntax: `{name}` for a path parameter. Keeps the `/api` prefix. */
  readonly path: `/api/${string}`;
  readonly area: Area;
  /** Public routes skip authentication; every other route requires a valid access token. */
  readonly access: 'public' | 'signed-in';
  readonly summary: string;
}

// One line per route reads as a table; keep it that way.
// prettier-ignore
export const httpRoutes = [
  { method: 'GET', path: '/api/health', area: 'health', access: 'public', summary: 'Liveness probe' },
  { method: 'POST', path: '/api/auth/login', area: 'auth', access: 'public', summary: 'Sign in with phone and password' },
  { method: 'POST', path: '/api/auth/register', area: 'auth', access: 'public', summary: 'Create a client account and sign in' },
  { method: 'POST', path: '/api/auth/refresh', area: 'auth', access: 'public', summary: 'Rotate the refresh cookie, issue a new access token' },
  { method: 'POST', path: '/api/auth/logout', area: 'auth', access: 'public', summary: 'Revoke the current session' },
  { method: 'POST', path: '/api/auth/forgot-password', area: 'auth', access: 'public', summary: 'Send a one-time reset code' },
  { method: 'POST', path: '/api/auth/reset-password', area: 'auth', access: 'public', summary: 'Set a new password with the code' },
  { method: 'GET', path: '/api/auth/me', area: 'auth', access: 'signed-in', summary: 'The signed-in user and ability rules' },
  { method: 'GET', path: '/api/apps/chat/chats-and-contacts', area: 'chat', access: 'signed-in', summary: 'Chats (newest first), contacts and the profile user; q and statusFilter' },
  { method: 'GET', path: '/api/apps/chat/chats/{userId}', area: 'chat', access: 'signed-in', summary: 'Open the chat with a contact (newest page); resets unseenMsgs' },
  { method: 'GET', path: '/api/apps/chat/chats/{userId}/messages', area: 'chat', access: 'signed-in', summary: 'Older messages of a chat, newest first, by cursor' },
  { method: 'POST', path: '/api/apps/chat/chats/{userId}', area: 'chat', access: 'signed-in', summary: 'Send a message (creates the chat on the first one)' },
  { method: 'POST', path: '/api/apps/chat/contacts', area: 'chat', access: 'signed-in', summary: "Change a contact's status (admins; body userId, status)" },
  { method: 'GET', path: '/api/apps/permissions', area: 'permissions', access: 'signed-in', summary: 'List permissions (spec §7: q, sortBy=name, orderBy, page, itemsPerPage; admin)' },
  { method: 'POST', path: '/api/apps/permissions', area: 'permissions', access: 'signed-in', summary: 'Create a permission with a unique name (admin)' },
  { method: 'PATCH', path: '/api/apps/permissions/{id}', area: 'permissions', access: 'signed-in', summary: 'Rename and/or reassign from the version read (admin; stale is 409)' },
  { method: 'DELETE', path: '/api/apps/permissions/{id}', area: 'permissions', access: 'signed-in', summary: 'Delete a permission, optionally at ?version= (admin)' },
  { method: 'GET', path: '/api/apps/projects', area: 'projects', access: 'signed-in', summary: 'List projects in the caller\'s scope: q, status, type, clientId, sort, order, limit, cursor' },
  { method: 'POST', path: '/api/apps/projects', area: 'projects', access: 'signed-in', summary: 'Create a project of a type (admin)' },
  { method: 'GET', path: '/api/apps/projects/people', area: 'projects', access: 'signed-in', summary: 'Clients or admins to pick for a project, by name prefix (admin)' },
  { method: 'GET', path: '/api/apps/projects/{id}', area: 'projects', access: 'signed-in', summary: 'One project with its stages and progress' },
  { method: 'PATCH', path: '/api/apps/projects/{id}', area: 'projects', access: 'signed-in', summary: 'Edit from the version read (admin; stale is 409 with the current state)' },
  { method: 'DELETE', path: '/api/apps/projects/{id}', area: 'projects', access: 'signed-in', summary: 'Delete with its tasks, confirmed by ?confirm=<exact name> (admin)' },
  { method: 'POST', path: '/api/apps/projects/{id}/archive', area: 'projects', access: 'signed-in', summary: 'Archive from the version read (admin)' },
  { method: 'POST', path: '/api/apps/projects/{id}/restore', area: 'projects', access: 'signed-in', summary: 'Restore an archived project to its earlier status (admin)' },
  { method: 'GET', path: '/api/apps/projects/{id}/board', area: 'projects', access: 'signed-in', summary: 'The project and all its tasks by stage and rank' },
  { method: 'GET', path: '/api/apps/projects/{id}/activity', area: 'projects', access: 'signed-in', summary: 'What happened in a project, newest first, by cursor' },
  { method: 'POST', path: '/api/apps/projects/{id}/tasks', area: 'projects', access: 'signed-in', summary: 'Add a task at the end of a stage (admin)' },
  { method: 'GET', path: '/api/apps/projects/{id}/tasks/{taskId}', area: 'projects', access: 'signed-in', summary: 'One task' },
  { method: 'PATCH', path: '/api/apps/projects/{id}/tasks/{taskId}', area: 'projects', access: 'signed-in', summary: 'Edit a task from the version read (admin)' },
  { method: 'DELETE', path: '/api/apps/projects/{id}/tasks/{taskId}', area: 'projects', access: 'signed-in', summary: 'Delete a task and its comments (admin)' },
  { method: 'POST', path: '/api/apps/projects/{id}/tasks/{taskId}/move', area: 'projects', access: 'signed-in', summary: 'Move a task to a stage and index, from the version read (admin)' },
  { method: 'GET', path: '/api/apps/projects/{id}/tasks/{taskId}/comments', area: 'projects', access: 'signed-in', summary: 'Comments of a task, oldest first, by cursor' },
  { method: 'POST', path: '/api/apps/projects/{id}/tasks/{taskId}/comments', area: 'projects', access: 'signed-in', summary: 'Comment on a task (admin, or the project\'s client)' },
  { method: 'DELETE', path: '/api/apps/projects/{id}/tasks/{taskId}/comments/{commentId}', area: 'projects', access: 'signed-in', summary: 'Delete a comment (admin)' },
] as const satisfies readonly HttpRouteDefinition[];

export type HttpRoute = (typeof httpRoutes)[number];
/** Distributes over a union of routes (a plain template literal would cross methods and paths). */
export type RouteKey<R extends HttpRouteDefinition = HttpRoute> = R extends HttpRouteDefinition
  ? `${R['method']} ${R['path']}`
  : never;
export type AreaRouteKey<A extends Area> = RouteKey<Extract<HttpRoute, { area: A }>>;

export const routeKeyOf = (route: HttpRouteDefinition): string => `${route.method} ${route.path}`;

export interface WebSocketRouteDefinition {
  readonly routeKey: '$connect' | '$disconnect' | '$default';
  readonly area: Area;
  readonly summary: string;
}

/** WebSocket routes: the chat area's function serves them and pushes to connections. */
export const webSocketRoutes = [
  { routeKey: '$connect', area: 'chat', summary: 'Check the access token (?token=), record the connection, go online' },
  { routeKey: '$disconnect', area: 'chat', summary: 'Forget the connection; presence offline with the last one' },
  { routeKey: '$default', area: 'chat', summary: 'Client frames: delivered receipts, typing, presence' },
] as const satisfies readonly WebSocketRouteDefinition[];
