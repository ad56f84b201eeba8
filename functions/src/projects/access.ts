import type { Caller } from '../core/caller';
import { authorize, authorizeResource } from '../core/authorize';
import { NotFoundError } from '../core/errors';
import { getProject } from './project-repository';
import type { ProjectRecord, TaskRecord } from './records';
import { getTask } from './task-repository';

/** Authorisation of the records a request names: 404 when hidden, 403 when read-only. */

/** The project if the caller may read it and do `action` to it: 404 if hidden, 403 if read-only. */
export const loadProject = async (
  caller: Caller,
  projectId: string,
  action: 'read' | 'update' | 'delete',
): Promise<ProjectRecord> =>
  authorizeResource(caller.ability, action, 'Project', await getProject(projectId), 'Project not found');

/** A task is checked as its project's (tasks carry their project's clientId for the rules). */
const taskSubject = (project: ProjectRecord, task: TaskRecord) => ({ ...task, clientId: project.clientId });

export const loadTask = async (
  caller: Caller,
  projectId: string,
  taskId: string,
  action: 'read' | 'update' | 'delete',
): Promise<{ project: ProjectRecord; task: TaskRecord }> => {
  const project = await loadProject(caller, projectId, 'read');
  const task = await getTask(project.id, taskId);
  authorizeResource(caller.ability, action, 'Task', task ? taskSubject(project, task) : undefined, 'Task not found');
  if (!task) throw new NotFoundError('Task not found');
  return { project, task };
};

/** May the caller create a task here? Checked before the body is read, so clients get 403. */
export const authorizeTaskCreation = (caller: Caller, project: ProjectRecord): void =>
  authorize(caller.ability, 'create', 'Task', { clientId: project.clientId });

export const authorizeCommentCreation = (caller: Caller, project: ProjectRecord): void =>
  authorize(caller.ability, 'create', 'Comment', { clientId: project.clientId });

/** Anyone who may create projects may pick people for them; checked before the query. */
export const authorizeProjectCreation = (caller: Caller): void => authorize(caller.ability, 'create', 'Project');
