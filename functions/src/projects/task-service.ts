import type { Caller } from '../core/caller';
import { authorize, authorizeResource } from '../core/authorize';
import { ConditionFailed, retry, type RetryPolicy } from '../core/db';
import { NotFoundError } from '../core/errors';
import { parseLater } from '../core/http';
import { ulid } from '../core/ids';
import { readTaskFor, authorizeTaskCreation, taskSubject } from './access';
import { publishBoardChange } from './board-changes';
import { isDoneStage, projectLimits, stagesFor, type Board, type Project, type Task } from './contract';
import { archivedProject, explainTaskRejection, staleTask } from './conflicts';
import { actorOf, newActivity, now, resolveAssignee } from './people';
import { changedTaskFieldNames, checkStage, planNewTaskPlace, planTaskEdit, planTaskMove } from './plans';
import type { ProjectRecord, TaskChanges, TaskRecord } from './records';
import type { CreateTaskInput, MoveTaskRequest, UpdateTaskInput } from './requests';
import * as tasks from './task-repository';
import { boardOrder, toProject, toTask } from './views';
import { notifyTaskAssigned } from '../core/notifications/producers';

/** The board and its tasks: create, edit, move (drag and drop), delete. */

export const getBoard = async (caller: Caller, projectId: string): Promise<Board> => {
  const board = await tasks.getBoard(projectId);
  const project = authorizeResource(caller.ability, 'read', 'Project', board?.project, 'Project not found');
  authorize(caller.ability, 'read', 'Task', { clientId: project.clientId });
  return { project: toProject(project), tasks: boardOrder(project, board?.tasks ?? []).map(toTask) };
};

export const getTask = async (caller: Caller, names: { projectId: string; taskId: string }): Promise<Task> =>
  toTask((await readTaskFor(caller, names, 'read')).task);

export interface TaskResult {
  readonly task: Task;
  /** The project after the write: its counters (and so its progress) may have moved. */
  readonly project: Project;
}

/**
 * The project as a task write leaves it: the one read with the request, with the counters the
 * write moved (the write ADDs them atomically; this answer does not read them back).
 */
const withCounters = (project: ProjectRecord, deltas: { tasks?: number; done?: number }): ProjectRecord => ({
  ...project,
  taskCount: project.taskCount + (deltas.tasks ?? 0),
  doneTaskCount: project.doneTaskCount + (deltas.done ?? 0),
});

/** Answers a task write and tells the board's viewers. */
const published = async (caller: Caller, task: TaskRecord, project: ProjectRecord): Promise<TaskResult> => {
  const result = { task: toTask(task), project: toProject(project) };
  await publishBoardChange(project, caller, { kind: 'task', ...result });
  return result;
};

/**
 * A rank someone else took meanwhile (a concurrent create or move computed the same place from
 * the same board): read the board again and place the task anew.
 */
const rankTaken = (error: unknown) =>
  error instanceof ConditionFailed && error.labels.length === 1 && error.failed('rank');
const placeAgain: RetryPolicy = { attempts: 8, baseDelayMs: 10, maxDelayMs: 200, retryOn: rankTaken };

/**
 * A new task's rank: the end of its stage, then its own id's random tail, so that tasks created
 * at once from the same board read still get distinct places (in some order, all at the end).
 */
const appendedRank = (endRank: string, taskId: string): string =>
  `${endRank}${taskId.slice(-6).toLowerCase().replace(/0+$/u, '')}z`;

/** Runs a task write; a lost condition is explained as 404 or 409. */
const explainingRejection = async <T>(projectId: string, taskId: string, write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    // A taken rank is not the caller's conflict: the write is placed again (placeAgain).
    if (error instanceof ConditionFailed && !rankTaken(error)) return explainTaskRejection(error, projectId, taskId);
    throw error;
  }
};

/** The board (the project and its tasks, one Query), authorised for reading. */
const readBoardFor = async (caller: Caller, projectId: string) => {
  const board = await tasks.getBoard(projectId);
  const project = authorizeResource(caller.ability, 'read', 'Project', board?.project, 'Project not found');
  return { project, tasks: board?.tasks ?? [] };
};

/** A new task goes at the end of its stage: the board is read to find it (and again if taken). */
export const createTask = async (
  caller: Caller,
  projectId: string,
  body: () => CreateTaskInput,
): Promise<TaskResult> => {
  let board = await readBoardFor(caller, projectId);
  const { project } = board;
  authorizeTaskCreation(caller, project);
  const input = body();
  if (project.status === 'archived') throw archivedProject(project);
  checkStage(project, input.stage ?? stagesFor(project.projectType)[0]?.key ?? 'todo');
  const assignee = await resolveAssignee(caller, project, input.assigneeId);
  const id = ulid();
  const at = now();
  let firstPlacing = true;
  return retry(placeAgain, async () => {
    if (!firstPlacing) board = await readBoardFor(caller, projectId);
    firstPlacing = false;
    const place = planNewTaskPlace(project, board.tasks, input.stage);
    const task: TaskRecord = {
      id,
      projectId: project.id,
      title: input.title,
      description: input.description,
      stage: place.stage,
      rank: appendedRank(place.rank, id),
      assignee,
      dueDate: input.dueDate,
      priority: input.priority,
      commentCount: 0,
      version: 1,
      createdAt: at,
      updatedAt: at,
      createdBy: caller.principal.userId,
    };
    await explainingRejection(project.id, task.id, () =>
      tasks.createTask(
        task,
        place.done,
        projectLimits.tasksPerProject,
        newActivity(project.id, actorOf(caller), 'task.created', {
          taskId: task.id,
          taskTitle: task.title,
          toStage: place.stage,
        }),
      ),
    );
    await notifyAssignee(caller, project, task);
    return published(caller, task, withCounters(board.project, { tasks: 1, done: place.done ? 1 : 0 }));
  });
};

/** A task given to someone (core/notifications): their bell, unless they gave it themselves. */
const notifyAssignee = (caller: Caller, project: ProjectRecord, task: TaskRecord): Promise<void> =>
  notifyTaskAssigned(
    { id: caller.principal.userId, fullName: caller.fullName },
    { id: project.id, name: project.name, clientId: project.clientId },
    { id: task.id, title: task.title, assigneeId: task.assignee?.id ?? null },
  );

export const updateTask = async (
  caller: Caller,
  names: { projectId: string; taskId: string },
  body: () => UpdateTaskInput,
): Promise<TaskResult> => {
  const parsed = parseLater(body);
  const assigneeId = parsed.value?.assigneeId;
  const { project, task, people } = await readTaskFor(caller, names, 'update', assigneeId ? [assigneeId] : []);
  const input = parsed.get();
  if (project.status === 'archived') throw archivedProject(project);
  const plan = planTaskEdit(task, input);
  const changes: Partial<TaskChanges> = {
    ...plan.changes,
    ...(plan.assigneeId !== undefined
      ? { assignee: await resolveAssignee(caller, project, plan.assigneeId, people) }
      : {}),
  };
  const fields = changedTaskFieldNames(changes);
  if (fields.length === 0) return { task: toTask(task), project: toProject(project) };
  const after = await explainingRejection(project.id, task.id, () =>
    tasks.updateTask(
      task,
      { ...changes, updatedAt: now() },
      newActivity(project.id, actorOf(caller), 'task.updated', {
        taskId: task.id,
        taskTitle: changes.title ?? task.title,
        fields,
      }),
    ),
  );
  if (changes.assignee && changes.assignee.id !== task.assignee?.id) await notifyAssignee(caller, project, after);
  return published(caller, after, project);
};

/**
 * Drag and drop: a new stage and/or place within it, from the version the caller read. The
 * board read gives the project, the task and its neighbours at once.
 */
export const moveTask = async (
  caller: Caller,
  names: { projectId: string; taskId: string },
  body: () => MoveTaskRequest,
): Promise<TaskResult> =>
  retry(placeAgain, async () => {
    const { project, tasks: boardTasks } = await readBoardFor(caller, names.projectId);
    const task = boardTasks.find((candidate) => candidate.id === names.taskId);
    authorizeResource(caller.ability, 'update', 'Task', task && taskSubject(project, task), 'Task not found');
    if (!task) throw new NotFoundError('Task not found');
    const input = body();
    if (project.status === 'archived') throw archivedProject(project);
    checkStage(project, input.stage);
    if (input.version !== task.version) throw staleTask(task);
    const plan = planTaskMove(project, task, boardTasks, input);
    if (!plan) return { task: toTask(task), project: toProject(project) };
    const after = await explainingRejection(project.id, task.id, () =>
      tasks.moveTask(
        task,
        { stage: plan.stage, rank: plan.rank, updatedAt: now(), doneDelta: plan.doneDelta },
        task.stage !== plan.stage
          ? newActivity(project.id, actorOf(caller), 'task.moved', {
              taskId: task.id,
              taskTitle: task.title,
              fromStage: task.stage,
              toStage: plan.stage,
            })
          : undefined,
      ),
    );
    return published(caller, after, withCounters(project, { done: plan.doneDelta }));
  });

export const deleteTask = async (caller: Caller, names: { projectId: string; taskId: string }): Promise<Project> => {
  const { project, task } = await readTaskFor(caller, names, 'delete');
  if (project.status === 'archived') throw archivedProject(project);
  // Tasks from before comment counts were kept may have comments without saying so.
  const commentCount = task.commentCount as number | undefined;
  const commentKeys = commentCount === 0 ? [] : await tasks.commentKeysOf(project.id, task.id);
  const done = isDoneStage(project.projectType, task.stage);
  await explainingRejection(project.id, task.id, () =>
    tasks.deleteTask(
      task,
      done,
      newActivity(project.id, actorOf(caller), 'task.deleted', {
        taskId: task.id,
        taskTitle: task.title,
        fromStage: task.stage,
      }),
      commentKeys,
    ),
  );
  const updated = toProject(withCounters(project, { tasks: -1, done: done ? -1 : 0 }));
  await publishBoardChange(project, caller, { kind: 'taskDeleted', taskId: task.id, project: updated });
  return updated;
};
