import { progressOf, stagesFor, type Activity, type Project, type Task, type TaskComment } from './contract';
import type { ActivityRecord, CommentRecord, ProjectRecord, TaskRecord } from './records';

/** Stored records as the API shows them. */

export const toProject = (record: ProjectRecord): Project => ({
  id: record.id,
  type: record.projectType,
  name: record.name,
  clientId: record.clientId,
  clientName: record.clientName,
  managers: record.managers,
  status: record.status,
  statusBeforeArchive: record.statusBeforeArchive ?? null,
  priority: record.priority,
  startDate: record.startDate ?? null,
  dueDate: record.dueDate ?? null,
  budget: record.budget ?? null,
  description: record.description,
  tags: record.tags,
  stages: stagesFor(record.projectType),
  taskCount: record.taskCount,
  doneTaskCount: record.doneTaskCount,
  progress: progressOf(record.taskCount, record.doneTaskCount),
  version: record.version,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
  archivedAt: record.archivedAt ?? null,
});

export const toTask = (record: TaskRecord): Task => ({
  id: record.id,
  projectId: record.projectId,
  title: record.title,
  description: record.description,
  stage: record.stage,
  rank: record.rank,
  assignee: record.assignee ?? null,
  dueDate: record.dueDate ?? null,
  priority: record.priority,
  commentCount: Math.max(0, record.commentCount ?? 0),
  version: record.version,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

export const toComment = (record: CommentRecord): TaskComment => ({
  id: record.id,
  taskId: record.taskId,
  author: record.author,
  body: record.body,
  createdAt: record.createdAt,
});

export const toActivity = (record: ActivityRecord): Activity => ({
  id: record.id,
  kind: record.kind,
  at: record.at,
  actor: record.actor,
  ...(record.taskId ? { taskId: record.taskId } : {}),
  ...(record.taskTitle ? { taskTitle: record.taskTitle } : {}),
  ...(record.fields ? { fields: record.fields } : {}),
  ...(record.fromStage ? { fromStage: record.fromStage } : {}),
  ...(record.toStage ? { toStage: record.toStage } : {}),
});

/** Tasks as the board shows them: by stage (the type's column order), then rank, then id. */
export const boardOrder = (record: ProjectRecord, tasks: readonly TaskRecord[]): TaskRecord[] => {
  const column = new Map(stagesFor(record.projectType).map((stage, index) => [stage.key, index]));
  return [...tasks].sort(
    (a, b) =>
      (column.get(a.stage) ?? 99) - (column.get(b.stage) ?? 99) ||
      (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
};
