import { ConflictError, ValidationError } from '../core/errors';
import { dueBeforeStart, isDoneStage, projectMessages, stagesFor, type PersonRef } from './contract';
import { archivedProject, staleProject, staleTask } from './conflicts';
import { rankAtIndex } from './rank';
import {
  editableProjectFields,
  type ProjectChanges,
  type ProjectRecord,
  type TaskChanges,
  type TaskRecord,
} from './records';
import type { MoveTaskRequest, UpdateProjectInput, UpdateTaskInput } from './requests';
import { boardOrder, toProject } from './views';

/**
 * What a write changes, decided without a database: the services read, plan here, then write.
 * Each plan refuses what the rules refuse (archived, stale version, bad dates) with the same
 * errors the API answers.
 */

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The editable fields of a stored project, as an edit starts from them. */
export const editableChangesOf = (record: ProjectRecord): ProjectChanges => {
  const withNulls: Partial<Record<keyof ProjectChanges, unknown>> = {};
  for (const field of editableProjectFields) withNulls[field] = record[field] ?? null;
  return withNulls as ProjectChanges;
};

/** May this project be edited from `version`? 409 when archived or stale. */
export const checkEditable = (record: ProjectRecord, version: number): void => {
  if (record.status === 'archived') throw archivedProject(record);
  if (version !== record.version) throw staleProject(record);
};

/** The people an edit names that must be looked up (only those that change). */
export const lookupsForUpdate = (
  record: ProjectRecord,
  input: UpdateProjectInput,
): { clientId?: string; managerIds?: readonly string[] } => ({
  ...(input.clientId !== undefined && input.clientId !== record.clientId ? { clientId: input.clientId } : {}),
  ...(input.managerIds !== undefined &&
  !sameValue(
    input.managerIds,
    record.managers.map((manager) => manager.id),
  )
    ? { managerIds: input.managerIds }
    : {}),
});

/** 409 when archived or stale, 400 when the dates end up the wrong way round; the resulting dates. */
export const checkProjectUpdate = (record: ProjectRecord, input: UpdateProjectInput) => {
  checkEditable(record, input.version);
  const startDate = input.startDate === undefined ? record.startDate : input.startDate;
  const dueDate = input.dueDate === undefined ? record.dueDate : input.dueDate;
  if (dueBeforeStart(startDate, dueDate)) throw new ValidationError({ dueDate: [projectMessages.dueBeforeStart] });
  return { startDate, dueDate };
};

export interface ProjectUpdatePlan {
  readonly changes: ProjectChanges;
  /** The fields the activity names (what the caller changed). */
  readonly fields: (keyof ProjectChanges)[];
}

/**
 * An edit from the version the caller read, with the people it names already looked up.
 * Undefined when nothing changes (the caller gets what is stored, no new version).
 */
export const planProjectUpdate = (
  record: ProjectRecord,
  input: UpdateProjectInput,
  resolved: { client?: PersonRef; managers?: PersonRef[] },
  at: string,
): ProjectUpdatePlan | undefined => {
  const { startDate, dueDate } = checkProjectUpdate(record, input);
  const client = resolved.client ?? { id: record.clientId, fullName: record.clientName };
  const current = editableChangesOf(record);
  const next: ProjectChanges = {
    ...current,
    name: input.name ?? record.name,
    clientId: client.id,
    clientName: client.fullName,
    managers: resolved.managers ?? record.managers,
    status: input.status ?? record.status,
    priority: input.priority ?? record.priority,
    startDate,
    dueDate,
    budget: input.budget === undefined ? record.budget : input.budget,
    description: input.description ?? record.description,
    tags: input.tags ?? record.tags,
  };
  const fields = editableProjectFields.filter(
    (field) => field !== 'clientName' && !sameValue(next[field], current[field]),
  );
  if (fields.length === 0) return undefined;
  return { changes: { ...next, updatedAt: at }, fields };
};

export const planArchive = (record: ProjectRecord, version: number, at: string): ProjectChanges => {
  if (record.status === 'archived') throw archivedProject(record);
  checkEditable(record, version);
  return {
    ...editableChangesOf(record),
    status: 'archived',
    statusBeforeArchive: record.status,
    archivedAt: at,
    updatedAt: at,
  };
};

export const planRestore = (record: ProjectRecord, version: number, at: string): ProjectChanges => {
  if (record.status !== 'archived') {
    throw new ConflictError({ status: ['This project is not archived'] }, toProject(record));
  }
  if (version !== record.version) throw staleProject(record);
  return {
    ...editableChangesOf(record),
    status: record.statusBeforeArchive ?? 'planning',
    statusBeforeArchive: null,
    archivedAt: null,
    updatedAt: at,
  };
};

/** 400 when the project's type has no such stage. */
export const checkStage = (project: ProjectRecord, stage: string): void => {
  if (!stagesFor(project.projectType).some((candidate) => candidate.key === stage)) {
    throw new ValidationError({ stage: [projectMessages.stageUnknown] });
  }
};

/**
 * A task edit: the fields that differ from the stored task (the assignee is looked up by the
 * service when `assigneeId` is among them). Empty when nothing changes.
 */
export const planTaskEdit = (
  task: TaskRecord,
  input: UpdateTaskInput,
): { changes: Partial<Omit<TaskChanges, 'assignee' | 'updatedAt'>>; assigneeId?: string | null } => {
  if (input.version !== task.version) throw staleTask(task);
  const changes: { -readonly [K in keyof TaskChanges]?: TaskChanges[K] } = {};
  if (input.title !== undefined && input.title !== task.title) changes.title = input.title;
  if (input.description !== undefined && input.description !== task.description)
    changes.description = input.description;
  if (input.priority !== undefined && input.priority !== task.priority) changes.priority = input.priority;
  if (input.dueDate !== undefined && input.dueDate !== (task.dueDate ?? null)) changes.dueDate = input.dueDate;
  const assigneeChanges = input.assigneeId !== undefined && input.assigneeId !== (task.assignee?.id ?? null);
  return { changes, ...(assigneeChanges ? { assigneeId: input.assigneeId } : {}) };
};

/** The activity's names for changed task fields (the assignee is asked for by id). */
export const changedTaskFieldNames = (changes: Partial<TaskChanges>): string[] =>
  Object.keys(changes).map((field) => (field === 'assignee' ? 'assigneeId' : field));

export interface TaskMovePlan {
  readonly stage: string;
  readonly rank: string;
  /** How the project's done count moves (-1, 0, 1). */
  readonly doneDelta: number;
  readonly stageChanged: boolean;
}

/**
 * Drag and drop to `input.index` within `input.stage`, among the board's current tasks.
 * Undefined when the task is already there.
 */
export const planTaskMove = (
  project: ProjectRecord,
  task: TaskRecord,
  boardTasks: readonly TaskRecord[],
  input: MoveTaskRequest,
): TaskMovePlan | undefined => {
  checkStage(project, input.stage);
  if (input.version !== task.version) throw staleTask(task);
  const ordered = boardOrder(project, boardTasks);
  const others = ordered.filter((candidate) => candidate.stage === input.stage && candidate.id !== task.id);
  if (task.stage === input.stage) {
    const currentIndex = ordered
      .filter((candidate) => candidate.stage === task.stage)
      .findIndex((candidate) => candidate.id === task.id);
    if (currentIndex === Math.min(input.index, others.length)) return undefined;
  }
  const wasDone = isDoneStage(project.projectType, task.stage);
  const isDone = isDoneStage(project.projectType, input.stage);
  return {
    stage: input.stage,
    rank: rankAtIndex(others, input.index),
    doneDelta: Number(isDone) - Number(wasDone),
    stageChanged: task.stage !== input.stage,
  };
};

/** Where a new task goes: the end of its stage's column (the type's first stage by default). */
export const planNewTaskPlace = (
  project: ProjectRecord,
  boardTasks: readonly TaskRecord[],
  requestedStage: string | undefined,
): { stage: string; rank: string; done: boolean } => {
  const stage = requestedStage ?? stagesFor(project.projectType)[0]?.key ?? 'todo';
  checkStage(project, stage);
  const column = boardOrder(project, boardTasks).filter((candidate) => candidate.stage === stage);
  return { stage, rank: rankAtIndex(column, column.length), done: isDoneStage(project.projectType, stage) };
};
