import { defineAreaHandler } from '../core/handler';
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

/**
 * Thin: read the path, authorise the record it names (404 when hidden, 403 when read-only),
 * then parse the body and call the service. Authorising first means a client's write is 403
 * whatever its body says.
 */
export const handler = defineAreaHandler('projects', projectsHttpRoutes, {
  'GET /api/apps/projects': async ({ event, principal, ability }) =>
    json(200, await listProjects({ principal, ability }, parseQuery(event, listProjectsQuery))),

  'POST /api/apps/projects': async ({ event, principal, ability }) => {
    authorizeProjectCreation({ principal, ability });
    const project = await createProject({ principal, ability }, parseBody(event, createProjectRequest));
    return json(201, { project });
  },

  'GET /api/apps/projects/people': async ({ event, principal, ability }) => {
    authorizeProjectCreation({ principal, ability });
    return json(200, await findPeople({ principal, ability }, parseQuery(event, peopleQuery)));
  },

  'GET /api/apps/projects/{id}': async ({ event, principal, ability }) => {
    const project = await loadProject({ principal, ability }, pathParam(event, 'id'), 'read');
    return json(200, { project: toProject(project) });
  },

  'PATCH /api/apps/projects/{id}': async ({ event, principal, ability }) => {
    const caller = { principal, ability };
    const record = await loadProject(caller, pathParam(event, 'id'), 'update');
    return json(200, { project: await updateProject(caller, record, parseBody(event, updateProjectRequest)) });
  },

  'DELETE /api/apps/projects/{id}': async ({ event, principal, ability }) => {
    const record = await loadProject({ principal, ability }, pathParam(event, 'id'), 'delete');
    await deleteProject(record, parseQuery(event, deleteProjectQuery).confirm);
    return noContent();
  },

  'POST /api/apps/projects/{id}/archive': async ({ event, principal, ability }) => {
    const caller = { principal, ability };
    const record = await loadProject(caller, pathParam(event, 'id'), 'update');
    return json(200, { project: await archiveProject(caller, record, parseBody(event, versionRequest).version) });
  },

  'POST /api/apps/projects/{id}/restore': async ({ event, principal, ability }) => {
    const caller = { principal, ability };
    const record = await loadProject(caller, pathParam(event, 'id'), 'update');
    return json(200, { project: await restoreProject(caller, record, parseBody(event, versionRequest).version) });
  },

  'GET /api/apps/projects/{id}/board': async ({ event, principal, ability }) =>
    json(200, await getBoard({ principal, ability }, pathParam(event, 'id'))),

  'GET /api/apps/projects/{id}/activity': async ({ event, principal, ability }) => {
    const project = await loadProject({ principal, ability }, pathParam(event, 'id'), 'read');
    return json(200, await listActivity(project, parseQuery(event, pageQuery)));
  },

  'POST /api/apps/projects/{id}/tasks': async ({ event, principal, ability }) => {
    const caller = { principal, ability };
    const project = await loadProject(caller, pathParam(event, 'id'), 'read');
    authorizeTaskCreation(caller, project);
    return json(201, await createTask(caller, project, parseBody(event, createTaskRequest)));
  },

  'GET /api/apps/projects/{id}/tasks/{taskId}': async ({ event, principal, ability }) => {
    const { task } = await loadTask({ principal, ability }, pathParam(event, 'id'), pathParam(event, 'taskId'), 'read');
    return json(200, { task: toTask(task) });
  },

  'PATCH /api/apps/projects/{id}/tasks/{taskId}': async ({ event, principal, ability }) => {
    const caller = { principal, ability };
    const { project, task } = await loadTask(caller, pathParam(event, 'id'), pathParam(event, 'taskId'), 'update');
    return json(200, await updateTask(caller, project, task, parseBody(event, updateTaskRequest)));
  },

  'DELETE /api/apps/projects/{id}/tasks/{taskId}': async ({ event, principal, ability }) => {
    const caller = { principal, ability };
    const { project, task } = await loadTask(caller, pathParam(event, 'id'), pathParam(event, 'taskId'), 'delete');
    return json(200, { project: await deleteTask(caller, project, task) });
  },

  'POST /api/apps/projects/{id}/tasks/{taskId}/move': async ({ event, principal, ability }) => {
    const caller = { principal, ability };
    const { project, task } = await loadTask(caller, pathParam(event, 'id'), pathParam(event, 'taskId'), 'update');
    return json(200, await moveTask(caller, project, task, parseBody(event, moveTaskRequest)));
  },

  'GET /api/apps/projects/{id}/tasks/{taskId}/comments': async ({ event, principal, ability }) => {
    const caller = { principal, ability };
    const { project, task } = await loadTask(caller, pathParam(event, 'id'), pathParam(event, 'taskId'), 'read');
    return json(200, await listComments(caller, project, task, parseQuery(event, pageQuery)));
  },

  'POST /api/apps/projects/{id}/tasks/{taskId}/comments': async ({ event, principal, ability }) => {
    const caller = { principal, ability };
    const { project, task } = await loadTask(caller, pathParam(event, 'id'), pathParam(event, 'taskId'), 'read');
    authorizeCommentCreation(caller, project);
    const comment = await createComment(caller, project, task, parseBody(event, createCommentRequest));
    return json(201, { comment });
  },

  'DELETE /api/apps/projects/{id}/tasks/{taskId}/comments/{commentId}': async ({ event, principal, ability }) => {
    const caller = { principal, ability };
    const { project, task } = await loadTask(caller, pathParam(event, 'id'), pathParam(event, 'taskId'), 'read');
    await deleteComment(caller, project, task, pathParam(event, 'commentId'));
    return noContent();
  },
});
