import type { Activity, PersonRef, Project, ProjectType, Task } from './contract';

/**
 * What the projects area stores: the records its repositories read and write, and the fields
 * an edit may change (listed once here; the repositories write exactly these).
 */

/**
 * A stored project: the contract's Project without what is derived on reading (stages from the
 * type, progress from the counters), its type stored as `projectType`, and who created it.
 */
export type ProjectRecord = Omit<Project, 'type' | 'stages' | 'progress'> & {
  readonly projectType: ProjectType;
  readonly createdBy: string;
};

/** The fields a project edit (also archive and restore) may change; counters belong to task writes. */
export const editableProjectFields = [
  'name',
  'clientId',
  'clientName',
  'managers',
  'status',
  'statusBeforeArchive',
  'priority',
  'startDate',
  'dueDate',
  'budget',
  'description',
  'tags',
  'updatedAt',
  'archivedAt',
] as const satisfies readonly (keyof ProjectRecord)[];
export type ProjectChanges = Pick<ProjectRecord, (typeof editableProjectFields)[number]>;

/** A stored task is the contract's Task plus who created it. */
export type TaskRecord = Task & { readonly createdBy: string };

/** The fields a task edit may change (a move changes stage and rank: see moveTask). */
export const editableTaskFields = [
  'title',
  'description',
  'assignee',
  'dueDate',
  'priority',
  'updatedAt',
] as const satisfies readonly (keyof TaskRecord)[];
export type TaskChanges = Pick<TaskRecord, (typeof editableTaskFields)[number]>;

export interface CommentRecord {
  readonly id: string;
  readonly projectId: string;
  readonly taskId: string;
  readonly author: PersonRef & { readonly role: string };
  readonly body: string;
  readonly createdAt: string;
}

/** An activity as stored: the API's shape, in its project's partition. */
export type ActivityRecord = Activity & { readonly projectId: string };
