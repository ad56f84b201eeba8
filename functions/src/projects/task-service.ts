import type { Caller } from '../core/caller';
import { authorize, authorizeResource } from '../core/authorize';
import { ConditionFailed } from '../core/db';
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

/** Runs a task write; a lost condition is explained as 404 or 409. */
const explainingRejection = async <T>(projectId: string, taskId: string, write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ConditionFailed) return explainTaskRejection(error, projectId, taskId);
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
  const [assignee, actor, board] = await Promise.all([
    resolveAssignee(project, input.assigneeId),
    actorOf(caller),
    tasks.getBoard(project.id),
  ]);
  const place = planNewTaskPlace(project, board?.tasks ?? [], input.stage);
  const at = now();
  const task: TaskRecord = {
    id: ulid(),
    projectId: project.id,
    title: input.title,
    description: input.description,
    stage: place.stage,
    rank: place.rank,
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
      newActivity(project.id, actor, 'task.created', { taskId: task.id, taskTitle: task.title, toStage: place.stage }),
    ),
  );
  return withProject(task, project);
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
  const actor = await actorOf(caller);
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
  const board = await tasks.getBoard(project.id);
  const plan = planTaskMove(project, task, board?.tasks ?? [], input);
  if (!plan) return withProject(task, project);
  const actor = plan.stageChanged ? await actorOf(caller) : undefined;
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
};

export const deleteTask = async (caller: Caller, project: ProjectRecord, task: TaskRecord): Promise<Project> => {
  if (project.status === 'archived') throw archivedProject(project);
  const actor = await actorOf(caller);
  await explainingRejection(project.id, task.id, () =>
    tasks.deleteTask(
      task,
      isDoneStage(project.projectType, task.stage),
      newActivity(project.id, actor, 'task.deleted', { taskId: task.id, taskTitle: task.title, fromStage: task.stage }),
    ),
  );
  return toProject((await getProject(project.id)) ?? project);
};
