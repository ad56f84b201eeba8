import type { APIGatewayProxyEventV2 } from 'aws-lambda';

import { defineAreaHandler } from '../core/handler';
import { defineWebSocketActionHandler, frameBody, httpAndWebSocketHandler } from '../core/websocket-handler';
import { receiveBoardFrame } from './board-watch';
import { requestItemKeys } from './project-repository';
import { projectsHttpRoutes } from '../routes';
import { json, noContent, parseBody, parseQuery, pathIdIfValid, pathParam } from '../core/http';
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
import { createComment, deleteComment, listActivity, listComments } from './comment-service';
import {
  archiveProject,
  createProject,
  deleteProject,
  findPeople,
  getProject,
  listProjects,
  restoreProject,
  updateProject,
} from './project-service';
import { createTask, deleteTask, getBoard, getTask, moveTask, updateTask } from './task-service';

/**
 * The project, task and comment a path names, read with the caller's session: every route that
 * reads them by key (those that read the whole board or partition instead, by Query, need not).
 */
const readByQuery = new Set<string>([
  'DELETE /api/apps/projects/{id}',
  'GET /api/apps/projects/{id}/board',
  'POST /api/apps/projects/{id}/tasks',
  'POST /api/apps/projects/{id}/tasks/{taskId}/move',
]);
const readWithSession = (routeKey: string, event: APIGatewayProxyEventV2) => {
  const projectId = pathIdIfValid(event, 'id');
  if (projectId === undefined || readByQuery.has(routeKey)) return [];
  const taskId = event.pathParameters?.taskId === undefined ? undefined : pathIdIfValid(event, 'taskId');
  const commentId = event.pathParameters?.commentId === undefined ? undefined : pathIdIfValid(event, 'commentId');
  return Object.values(
    requestItemKeys(projectId, {
      ...(taskId === undefined ? {} : { taskId }),
      ...(commentId === undefined ? {} : { commentId }),
    }),
  );
};

/** The project and task a path names. */
const taskNames = (event: APIGatewayProxyEventV2) => ({
  projectId: pathParam(event, 'id'),
  taskId: pathParam(event, 'taskId'),
});

/**
 * Thin: one service call per route with the caller, the path's ids and the body or query as a
 * function. The services authorise the records the path names first (404 when hidden, 403 when
 * read-only) and read the body after, so a client's write is 403 whatever its body says; a
 * write's service also tells the board's live viewers (board-changes.ts).
 */
const httpHandler = defineAreaHandler(
  'projects',
  projectsHttpRoutes,
  {
    'GET /api/apps/projects': async ({ event, caller }) =>
      json(200, await listProjects(caller, () => parseQuery(event, listProjectsQuery))),

    'POST /api/apps/projects': async ({ event, caller }) =>
      json(201, { project: await createProject(caller, () => parseBody(event, createProjectRequest)) }),

    'GET /api/apps/projects/people': async ({ event, caller }) =>
      json(200, await findPeople(caller, () => parseQuery(event, peopleQuery))),

    'GET /api/apps/projects/{id}': async ({ event, caller }) =>
      json(200, { project: await getProject(caller, pathParam(event, 'id')) }),

    'PATCH /api/apps/projects/{id}': async ({ event, caller }) =>
      json(200, {
        project: await updateProject(caller, pathParam(event, 'id'), () => parseBody(event, updateProjectRequest)),
      }),

    'DELETE /api/apps/projects/{id}': async ({ event, caller }) => {
      await deleteProject(caller, pathParam(event, 'id'), () => parseQuery(event, deleteProjectQuery));
      return noContent();
    },

    'POST /api/apps/projects/{id}/archive': async ({ event, caller }) =>
      json(200, {
        project: await archiveProject(caller, pathParam(event, 'id'), () => parseBody(event, versionRequest)),
      }),

    'POST /api/apps/projects/{id}/restore': async ({ event, caller }) =>
      json(200, {
        project: await restoreProject(caller, pathParam(event, 'id'), () => parseBody(event, versionRequest)),
      }),

    'GET /api/apps/projects/{id}/board': async ({ event, caller }) =>
      json(200, await getBoard(caller, pathParam(event, 'id'))),

    'GET /api/apps/projects/{id}/activity': async ({ event, caller }) =>
      json(200, await listActivity(caller, pathParam(event, 'id'), () => parseQuery(event, pageQuery))),

    'POST /api/apps/projects/{id}/tasks': async ({ event, caller }) =>
      json(201, await createTask(caller, pathParam(event, 'id'), () => parseBody(event, createTaskRequest))),

    'GET /api/apps/projects/{id}/tasks/{taskId}': async ({ event, caller }) =>
      json(200, { task: await getTask(caller, taskNames(event)) }),

    'PATCH /api/apps/projects/{id}/tasks/{taskId}': async ({ event, caller }) =>
      json(200, await updateTask(caller, taskNames(event), () => parseBody(event, updateTaskRequest))),

    'DELETE /api/apps/projects/{id}/tasks/{taskId}': async ({ event, caller }) =>
      json(200, { project: await deleteTask(caller, taskNames(event)) }),

    'POST /api/apps/projects/{id}/tasks/{taskId}/move': async ({ event, caller }) =>
      json(200, await moveTask(caller, taskNames(event), () => parseBody(event, moveTaskRequest))),

    'GET /api/apps/projects/{id}/tasks/{taskId}/comments': async ({ event, caller }) =>
      json(200, await listComments(caller, taskNames(event), () => parseQuery(event, pageQuery))),

    'POST /api/apps/projects/{id}/tasks/{taskId}/comments': async ({ event, caller }) =>
      json(201, {
        comment: await createComment(caller, taskNames(event), () => parseBody(event, createCommentRequest)),
      }),

    'DELETE /api/apps/projects/{id}/tasks/{taskId}/comments/{commentId}': async ({ event, caller }) => {
      await deleteComment(caller, { ...taskNames(event), commentId: pathParam(event, 'commentId') });
      return noContent();
    },
  },
  { readWithSession },
);

/** Board subscriptions arrive on the WebSocket API's action routes (routes.ts). */
const webSocketHandler = defineWebSocketActionHandler('projects', {
  subscribeBoard: async ({ connectionId, event }) => receiveBoardFrame(connectionId, frameBody(event)),
  unsubscribeBoard: async ({ connectionId, event }) => receiveBoardFrame(connectionId, frameBody(event)),
});

/** One Lambda for the projects: the HTTP API's routes and its WebSocket action routes. */
export const handler = httpAndWebSocketHandler(httpHandler, webSocketHandler);
