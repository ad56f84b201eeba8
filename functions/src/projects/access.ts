import type { Caller } from '../core/caller';
import { authorize, authorizeResource, can } from '../core/authorize';
import { ForbiddenError, NotFoundError } from '../core/errors';
import type { UserRecord } from '../core/users/records';
import { readRequestItems } from './project-repository';
import type { CommentRecord, ProjectRecord, TaskRecord } from './records';

/**
 * What a request names, read in one round trip and authorised before anything else happens:
 * 404 when the caller may not see it, 403 when it may see but not do `action`. The people a
 * body names (client, managers, assignee) come in the same BatchGet, so a write needs no
 * further read before its transaction (docs/decisions.md, "One caller").
 */

type Action = 'read' | 'update' | 'delete';

/**
 * A task as the rules see it: its project's clientId (a client's rules name its projects) and
 * its assignee's id as `assigneeId` (the field an "own tasks" rule names: core/ability.ts
 * ownerFieldOf), so Project Planning's `update Task` (own) lets a staff member move and edit the
 * tasks assigned to them and no others.
 */
export const taskSubject = (project: Pick<ProjectRecord, 'clientId'>, task: Pick<TaskRecord, 'assignee'>) => ({
  ...task,
  clientId: project.clientId,
  assigneeId: task.assignee?.id ?? null,
});

export interface NamedProject {
  readonly project: ProjectRecord;
  /** The people the request's body names, by id; a missing id was not found. */
  readonly people: ReadonlyMap<string, UserRecord>;
}

export const readProjectFor = async (
  caller: Caller,
  projectId: string,
  action: Action,
  peopleIds: readonly string[] = [],
): Promise<NamedProject> => {
  const read = await readRequestItems(caller.readAlong, projectId, { peopleIds });
  return {
    project: authorizeResource(caller.ability, action, 'Project', read.project, 'Project not found'),
    people: read.people,
  };
};

export interface NamedTask extends NamedProject {
  readonly task: TaskRecord;
  readonly comment?: CommentRecord;
}

/** The project (which the caller must be able to read) and its task, checked for `action`. */
export const readTaskFor = async (
  caller: Caller,
  names: { projectId: string; taskId: string; commentId?: string },
  action: Action,
  peopleIds: readonly string[] = [],
): Promise<NamedTask> => {
  const read = await readRequestItems(caller.readAlong, names.projectId, {
    taskId: names.taskId,
    commentId: names.commentId,
    peopleIds,
  });
  const project = authorizeResource(caller.ability, 'read', 'Project', read.project, 'Project not found');
  const task = read.task;
  authorizeResource(caller.ability, action, 'Task', task ? taskSubject(project, task) : undefined, 'Task not found');
  if (!task) throw new NotFoundError('Task not found');
  return { project, task, people: read.people, ...(read.comment ? { comment: read.comment } : {}) };
};

/** May the caller create a task here? Checked before the body is read, so clients get 403. */
export const authorizeTaskCreation = (caller: Caller, project: ProjectRecord): void =>
  authorize(caller.ability, 'create', 'Task', { clientId: project.clientId });

export const authorizeCommentCreation = (caller: Caller, project: ProjectRecord): void =>
  authorize(caller.ability, 'create', 'Comment', { clientId: project.clientId });

export const authorizeProjectCreation = (caller: Caller): void => authorize(caller.ability, 'create', 'Project');

/**
 * Anyone who may name people on a project or its tasks (create or update a project: client and
 * managers; create or update a task: its assignee) may search for them; checked before the query.
 */
export const authorizePeoplePicking = (caller: Caller): void => {
  const picks = (['create', 'update'] as const).some(
    (action) => can(caller.ability, action, 'Project') || can(caller.ability, action, 'Task'),
  );
  if (!picks) throw new ForbiddenError();
};
