import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyResultV2,
  APIGatewayProxyStructuredResultV2,
  APIGatewayProxyWebsocketEventV2,
  Context,
} from 'aws-lambda';

import { defineAreaHandler } from '../core/handler';
import { defineWebSocketActionHandler, frameBody, isWebSocketEvent } from '../core/websocket-handler';
import { receiveBoardFrame } from './board-watch';
import { publishBoardChange as publishToBoard } from '../core/live-board';
import type { BoardChange } from './contract';
import { projectsHttpRoutes } from '../routes';
import { json, noContent, parseBody, parseQuery, pathParam } from '../core/http';
import {
  createCommentRequest,
  createProjectRequest,
  createTaskRequest,
  deleteProjectQuery,
  listProjectsQuery,
  moveTaskRequest,
  pageQuery,
  peopleQuery,
  updateProjectRequest,
  updateTaskRequest,
  versionRequest,
} from './requests';
import {
  authorizeCommentCreation,
  authorizeProjectCreation,
  authorizeTaskCreation,
  loadProject,
  loadTask,
} from './access';
import { createComment, deleteComment, listActivity, listComments } from './comment-service';
import {
  archiveProject,
  createProject,
  deleteProject,
  findPeople,
  listProjects,
  restoreProject,
  updateProject,
} from './project-service';
import { createTask, deleteTask, getBoard, moveTask, updateTask } from './task-service';
import { toProject, toTask } from './views';

/** Tells the board's live viewers (core/live-board.ts), with the contract's change shapes. */
const publishBoardChange = (project: { id: string; clientId: string }, by: string, change: BoardChange) =>
  publishToBoard(project, by, change);

/**
 * Thin: read the path, authorise the record it names (404 when hidden, 403 when read-only),
 * then parse the body and call the service. Authorising first means a client's write is 403
 * whatever its body says. After a write, the board's live viewers are told (live-board.ts).
 */
const httpHandler = defineAreaHandler('projects', projectsHttpRoutes, {
  'GET /api/apps/projects': async ({ event, caller }) =>
    json(200, await listProjects(caller, parseQuery(event, listProjectsQuery))),

  'POST /api/apps/projects': async ({ event, caller }) => {
    authorizeProjectCreation(caller);
    const project = await createProject(caller, parseBody(event, createProjectRequest));
    return json(201, { project });
  },

  'GET /api/apps/projects/people': async ({ event, caller }) => {
    authorizeProjectCreation(caller);
    return json(200, await findPeople(caller, parseQuery(event, peopleQuery)));
  },

  'GET /api/apps/projects/{id}': async ({ event, caller }) => {
    const project = await loadProject(caller, pathParam(event, 'id'), 'read');
    return json(200, { project: toProject(project) });
  },

  'PATCH /api/apps/projects/{id}': async ({ event, caller }) => {
    const record = await loadProject(caller, pathParam(event, 'id'), 'update');
    const project = await updateProject(caller, record, parseBody(event, updateProjectRequest));
    await publishBoardChange(project, caller.principal.userId, { kind: 'project', project });
    return json(200, { project });
  },

  'DELETE /api/apps/projects/{id}': async ({ event, caller }) => {
    const record = await loadProject(caller, pathParam(event, 'id'), 'delete');
    await deleteProject(record, parseQuery(event, deleteProjectQuery).confirm);
    await publishBoardChange(record, caller.principal.userId, { kind: 'projectDeleted' });
    return noContent();
  },

  'POST /api/apps/projects/{id}/archive': async ({ event, caller }) => {
    const record = await loadProject(caller, pathParam(event, 'id'), 'update');
    const project = await archiveProject(caller, record, parseBody(event, versionRequest).version);
    await publishBoardChange(project, caller.principal.userId, { kind: 'project', project });
    return json(200, { project });
  },

  'POST /api/apps/projects/{id}/restore': async ({ event, caller }) => {
    const record = await loadProject(caller, pathParam(event, 'id'), 'update');
    const project = await restoreProject(caller, record, parseBody(event, versionRequest).version);
    await publishBoardChange(project, caller.principal.userId, { kind: 'project', project });
    return json(200, { project });
  },

  'GET /api/apps/projects/{id}/board': async ({ event, caller }) =>
    json(200, await getBoard(caller, pathParam(event, 'id'))),

  'GET /api/apps/projects/{id}/activity': async ({ event, caller }) => {
    const project = await loadProject(caller, pathParam(event, 'id'), 'read');
    return json(200, await listActivity(project, parseQuery(event, pageQuery)));
  },

  'POST /api/apps/projects/{id}/tasks': async ({ event, caller }) => {
    const project = await loadProject(caller, pathParam(event, 'id'), 'read');
    authorizeTaskCreation(caller, project);
    const result = await createTask(caller, project, parseBody(event, createTaskRequest));
    await publishBoardChange(result.project, caller.principal.userId, { kind: 'task', ...result });
    return json(201, result);
  },

  'GET /api/apps/projects/{id}/tasks/{taskId}': async ({ event, caller }) => {
    const { task } = await loadTask(caller, pathParam(event, 'id'), pathParam(event, 'taskId'), 'read');
    return json(200, { task: toTask(task) });
  },

  'PATCH /api/apps/projects/{id}/tasks/{taskId}': async ({ event, caller }) => {
    const { project, task } = await loadTask(caller, pathParam(event, 'id'), pathParam(event, 'taskId'), 'update');
    const result = await updateTask(caller, project, task, parseBody(event, updateTaskRequest));
    await publishBoardChange(result.project, caller.principal.userId, { kind: 'task', ...result });
    return json(200, result);
  },

  'DELETE /api/apps/projects/{id}/tasks/{taskId}': async ({ event, caller }) => {
    const { project, task } = await loadTask(caller, pathParam(event, 'id'), pathParam(event, 'taskId'), 'delete');
    const updated = await deleteTask(caller, project, task);
    await publishBoardChange(updated, caller.principal.userId, {
      kind: 'taskDeleted',
      taskId: task.id,
      project: updated,
    });
    return json(200, { project: updated });
  },

  'POST /api/apps/projects/{id}/tasks/{taskId}/move': async ({ event, caller }) => {
    const { project, task } = await loadTask(caller, pathParam(event, 'id'), pathParam(event, 'taskId'), 'update');
    const result = await moveTask(caller, project, task, parseBody(event, moveTaskRequest));
    await publishBoardChange(result.project, caller.principal.userId, { kind: 'task', ...result });
    return json(200, result);
  },

  'GET /api/apps/projects/{id}/tasks/{taskId}/comments': async ({ event, caller }) => {
    const { project, task } = await loadTask(caller, pathParam(event, 'id'), pathParam(event, 'taskId'), 'read');
    return json(200, await listComments(caller, project, task, parseQuery(event, pageQuery)));
  },

  'POST /api/apps/projects/{id}/tasks/{taskId}/comments': async ({ event, caller }) => {
    const { project, task } = await loadTask(caller, pathParam(event, 'id'), pathParam(event, 'taskId'), 'read');
    authorizeCommentCreation(caller, project);
    const comment = await createComment(caller, project, task, parseBody(event, createCommentRequest));
    await publishBoardChange(project, caller.principal.userId, { kind: 'comment', taskId: task.id, comment });
    return json(201, { comment });
  },

  'DELETE /api/apps/projects/{id}/tasks/{taskId}/comments/{commentId}': async ({ event, caller }) => {
    const { project, task } = await loadTask(caller, pathParam(event, 'id'), pathParam(event, 'taskId'), 'read');
    const commentId = pathParam(event, 'commentId');
    await deleteComment(caller, project, task, commentId);
    await publishBoardChange(project, caller.principal.userId, { kind: 'commentDeleted', taskId: task.id, commentId });
    return noContent();
  },
});

/** Board subscriptions arrive on the WebSocket API's action routes (routes.ts). */
const webSocketHandler = defineWebSocketActionHandler('projects', {
  subscribeBoard: async ({ connectionId, event }) => receiveBoardFrame(connectionId, frameBody(event)),
  unsubscribeBoard: async ({ connectionId, event }) => receiveBoardFrame(connectionId, frameBody(event)),
});

/** One Lambda for the projects: the HTTP API's routes and its WebSocket action routes. */
export const handler = ((event: APIGatewayProxyEventV2 | APIGatewayProxyWebsocketEventV2, context: Context) =>
  isWebSocketEvent(event)
    ? webSocketHandler(event, context)
    : httpHandler(event as APIGatewayProxyEventV2, context)) as {
  (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2>;
  (event: APIGatewayProxyWebsocketEventV2, context: Context): Promise<APIGatewayProxyResultV2>;
};
