import type { AreaRouteKey } from '../routes';
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
} from '../projects/requests';
import { projectListResponse, projectResponse } from '../projects/responses';
import type { RouteDoc } from './route-doc';

/** The projects area's routes in the public API's description (schemas from its contract). */
export const projectsRouteDocs = {
  'GET /api/apps/projects': {
    summary: "List projects in the caller's scope: q, status, type, clientId, sort, order, limit, cursor",
    query: listProjectsQuery,
    status: 200,
    response: projectListResponse,
  },
  'POST /api/apps/projects': {
    summary: 'Create a project of a type (admin)',
    body: createProjectRequest,
    status: 201,
    response: projectResponse,
  },
  'GET /api/apps/projects/people': {
    summary: 'Clients or admins to pick for a project, by name prefix (admin)',
    query: peopleQuery,
    status: 200,
  },
  'GET /api/apps/projects/{id}': {
    summary: 'One project with its stages and progress',
    status: 200,
    response: projectResponse,
  },
  'PATCH /api/apps/projects/{id}': {
    summary: 'Edit from the version read (admin; stale is 409 with the current state)',
    body: updateProjectRequest,
    status: 200,
    response: projectResponse,
  },
  'DELETE /api/apps/projects/{id}': {
    summary: 'Delete with its tasks, confirmed by ?confirm=<exact name> (admin)',
    query: deleteProjectQuery,
    status: 204,
  },
  'POST /api/apps/projects/{id}/archive': {
    summary: 'Archive from the version read (admin)',
    body: versionRequest,
    status: 200,
    response: projectResponse,
  },
  'POST /api/apps/projects/{id}/restore': {
    summary: 'Restore an archived project to its earlier status (admin)',
    body: versionRequest,
    status: 200,
    response: projectResponse,
  },
  'GET /api/apps/projects/{id}/board': { summary: 'The project and all its tasks by stage and rank', status: 200 },
  'GET /api/apps/projects/{id}/activity': {
    summary: 'What happened in a project, newest first, by cursor',
    query: pageQuery,
    status: 200,
  },
  'POST /api/apps/projects/{id}/tasks': {
    summary: 'Add a task at the end of a stage (admin)',
    body: createTaskRequest,
    status: 201,
  },
  'GET /api/apps/projects/{id}/tasks/{taskId}': { summary: 'One task', status: 200 },
  'PATCH /api/apps/projects/{id}/tasks/{taskId}': {
    summary: 'Edit a task from the version read (admin)',
    body: updateTaskRequest,
    status: 200,
  },
  'DELETE /api/apps/projects/{id}/tasks/{taskId}': { summary: 'Delete a task and its comments (admin)', status: 200 },
  'POST /api/apps/projects/{id}/tasks/{taskId}/move': {
    summary: 'Move a task to a stage and index, from the version read (admin)',
    body: moveTaskRequest,
    status: 200,
  },
  'GET /api/apps/projects/{id}/tasks/{taskId}/comments': {
    summary: 'Comments of a task, oldest first, by cursor',
    query: pageQuery,
    status: 200,
  },
  'POST /api/apps/projects/{id}/tasks/{taskId}/comments': {
    summary: "Comment on a task (admin, or the project's client)",
    body: createCommentRequest,
    status: 201,
  },
  'DELETE /api/apps/projects/{id}/tasks/{taskId}/comments/{commentId}': {
    summary: 'Delete a comment (admin)',
    status: 204,
  },
} as const satisfies Record<AreaRouteKey<'projects'>, RouteDoc>;
