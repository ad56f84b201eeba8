import type { ConditionFailed } from '../core/db';
import { ConflictError, NotFoundError } from '../core/errors';
import { projectLimits, projectMessages } from './contract';
import { getProject } from './project-repository';
import type { ProjectRecord, TaskRecord } from './records';
import { getTask } from './task-repository';
import { toProject, toTask } from './views';

/** The 409s of the projects area, and how a lost conditional write is explained to the caller. */

export const staleProject = (current: ProjectRecord) =>
  new ConflictError({ version: [projectMessages.staleVersion] }, toProject(current));
export const archivedProject = (current: ProjectRecord) =>
  new ConflictError({ status: [projectMessages.archived] }, toProject(current));
export const staleTask = (current: TaskRecord) =>
  new ConflictError({ version: [projectMessages.staleVersion] }, toTask(current));

/** After a lost project write: 404 if the project went away, else 409 with its current state. */
export const explainProjectRejection = async (projectId: string): Promise<never> => {
  const current = await getProject(projectId);
  if (!current) throw new NotFoundError('Project not found');
  if (current.status === 'archived') throw archivedProject(current);
  throw staleProject(current);
};

/** After a lost task write: explain by the project (gone, archived, full) or the task (gone, stale). */
export const explainTaskRejection = async (
  failure: ConditionFailed,
  projectId: string,
  taskId: string,
): Promise<never> => {
  if (failure.failed('project')) {
    const project = await getProject(projectId);
    if (!project) throw new NotFoundError('Project not found');
    if (project.status === 'archived') throw archivedProject(project);
    if (project.taskCount >= projectLimits.tasksPerProject) {
      throw new ConflictError({ tasks: [projectMessages.taskLimit] }, toProject(project));
    }
  }
  const task = await getTask(projectId, taskId);
  if (!task) throw new NotFoundError('Task not found');
  throw staleTask(task);
};
