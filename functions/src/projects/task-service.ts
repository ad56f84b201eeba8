import type { Caller } from '../core/caller';
import { authorize, authorizeResource } from '../core/authorize';
import { ConditionFailed, retry, type RetryPolicy } from '../core/db';
import { ulid } from '../core/ids';
import { isDoneStage, projectLimits, stagesFor, type Board, type Project, type Task } from './contract';
import { archivedProject, explainTaskRejection, staleTask } from './conflicts';
import { actorOf, newActivity, now, resolveAssignee } from './people';
import { changedTaskFieldNames, checkStage, planNewTaskPlace, planTaskEdit, planTaskMove } from './plans';
import { getProject } from './project-repository';
import type { ProjectRecord, TaskChanges, TaskRecord } from './records';
import type { CreateTaskInput, MoveTaskRequest, UpdateTaskInput } from './requests';
import * as tasks from './task-repository';
import { boardOrder, toProject, toTask } from './views';

/** The board and its tasks: create, edit, move (drag and drop), delete. */

export const getBoard = async (caller: Caller, projectId: string): Promise<Board> => {
  const board = await tasks.getBoard(projectId);
  const project = authorizeResource(caller.ability, 'read', 'Project', board?.project, 'Project not found');
  authorize(caller.ability, 'read', 'Task', { clientId: project.clientId });
  return { project: toProject(project), tasks: boardOrder(project, board?.tasks ?? []).map(toTask) };
};

export interface TaskResult {
  readonly task: Task;
  /** The project after the write: its counters (and so its progress) may have moved. */
  readonly project: Project;
}

const withProject = async (task: TaskRecord, fallback: ProjectRecord): Promise<TaskResult> => ({
  task: toTask(task),
  project: toProject((await getProject(task.projectId)) ?? fallback),
});

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

export const createTask = async (
  caller: Caller,
  project: ProjectRecord,
  input: CreateTaskInput,
): Promise<TaskResult> => {
  if (project.status === 'archived') throw archivedProject(project);
  checkStage(project, input.stage ?? stagesFor(project.projectType)[0]?.key ?? 'todo');
  const [assignee, actor] = await Promise.all([resolveAssignee(project, input.assigneeId), actorOf(caller)]);
  const id = ulid();
  const at = now();
  return retry(placeAgain, async () => {
    const board = await tasks.getBoard(project.id);
    const place = planNewTaskPlace(project, board?.tasks ?? [], input.stage);
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
        newActivity(project.id, actor, 'task.created', {
          taskId: task.id,
          taskTitle: task.title,
          toStage: place.stage,
        }),
      ),
    );
    return withProject(task, project);
  });
};

export const updateTask = async (
  caller: Caller,
  project: ProjectRecord,
  task: TaskRecord,
  input: UpdateTaskInput,
): Promise<TaskResult> => {
  if (project.status === 'archived') throw archivedProject(project);
  const plan = planTaskEdit(task, input);
  const changes: Partial<TaskChanges> = {
    ...plan.changes,
    ...(plan.assigneeId !== undefined ? { assignee: await resolveAssignee(project, plan.assigneeId) } : {}),
  };
  const fields = changedTaskFieldNames(changes);
  if (fields.length === 0) return withProject(task, project);
  const actor = actorOf(caller);
  return explainingRejection(project.id, task.id, async () => {
    const after = await tasks.updateTask(
      task,
      { ...changes, updatedAt: now() },
      newActivity(project.id, actor, 'task.updated', {
        taskId: task.id,
        taskTitle: changes.title ?? task.title,
        fields,
      }),
    );
    return withProject(after, project);
  });
};

/** Drag and drop: a new stage and/or place within it, from the version the caller read. */
export const moveTask = async (
  caller: Caller,
  project: ProjectRecord,
  task: TaskRecord,
  input: MoveTaskRequest,
): Promise<TaskResult> => {
  if (project.status === 'archived') throw archivedProject(project);
  checkStage(project, input.stage);
  if (input.version !== task.version) throw staleTask(task);
  const actor = task.stage !== input.stage ? actorOf(caller) : undefined;
  return retry(placeAgain, async () => {
    const board = await tasks.getBoard(project.id);
    const plan = planTaskMove(project, task, board?.tasks ?? [], input);
    if (!plan) return withProject(task, project);
    return explainingRejection(project.id, task.id, async () => {
      const after = await tasks.moveTask(
        task,
        { stage: plan.stage, rank: plan.rank, updatedAt: now(), doneDelta: plan.doneDelta },
        actor
          ? newActivity(project.id, actor, 'task.moved', {
              taskId: task.id,
              taskTitle: task.title,
              fromStage: task.stage,
              toStage: plan.stage,
            })
          : undefined,
      );
      return withProject(after, project);
    });
  });
};

export const deleteTask = async (caller: Caller, project: ProjectRecord, task: TaskRecord): Promise<Project> => {
  if (project.status === 'archived') throw archivedProject(project);
  const actor = actorOf(caller);
  await explainingRejection(project.id, task.id, () =>
    tasks.deleteTask(
      task,
      isDoneStage(project.projectType, task.stage),
      newActivity(project.id, actor, 'task.deleted', { taskId: task.id, taskTitle: task.title, fromStage: task.stage }),
    ),
  );
  return toProject((await getProject(project.id)) ?? project);
};
