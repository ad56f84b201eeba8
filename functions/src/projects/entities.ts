import { defineEntity, sortKeySeparator, type TableKey } from '../core/entity';
import {
  defaultListStatuses,
  listSorts,
  projectStatuses,
  type ListSort,
  type ProjectStatus,
  type ProjectType,
} from './contract';
import type { ActivityRecord, CommentRecord, ProjectRecord, TaskRecord } from './records';

/**
 * The projects area's entities (their rows in core/access-patterns.ts). A project's partition
 * holds the project, its tasks, their comments and its activity:
 * - the board is one Query from sk=PROJECT upwards (PROJECT, then TASK#…);
 * - comments of a task and the activity are begins_with Queries (COMMENT#<task>#, ACTIVITY#),
 *   both sorting below PROJECT so the board's Query never reads them.
 *
 * Lists are entries, not GSIs: a list needs four sort orders and two scopes, and the table has
 * two GSIs shared by every area. Each project therefore writes small entries (2 scopes x 4
 * sorts, for its status and for the `all` and, unless completed or archived, `open` sets: 16
 * or 24) in the same transaction as the project itself, partitioned by status set, so:
 * - a status filter picks partitions, a sort picks the partition family, the scope bounds it;
 * - the default list and "every status" are one partition each; any other set of statuses
 *   merges one partition per status (merged-pages.ts), each read with Limit;
 * - reads are strongly consistent (a new project is in the list at once), unlike a GSI;
 * - task moves do not touch entries: a page's projects are then fetched with one BatchGet, so
 *   progress is always current.
 * The costs: a project edit rewrites up to 48 entries in its transaction (~52 items of 100),
 * and type filters and searches are filter expressions over the chosen partitions, bounded by
 * a read budget per request (a page may come back short, with a cursor to continue).
 */

const projectPartition = (projectId: string) => `PROJECT#${projectId}`;

export const projectEntity = defineEntity<ProjectRecord, [projectId: string]>({
  type: 'Project',
  key: (projectId) => ({ pk: projectPartition(projectId), sk: 'PROJECT' }),
  keyOf: (project) => ({ pk: projectPartition(project.id), sk: 'PROJECT' }),
});

/** Every item of a project (for deleting it whole). */
export const projectPartitionKey = projectPartition;
/** The board's Query: the project and its tasks (sk >= PROJECT). */
export const boardSortKeyFrom = 'PROJECT';

const taskSortKeyPrefix = 'TASK#';
export const isTaskSortKey = (sk: string): boolean => sk.startsWith(taskSortKeyPrefix);
export const taskEntity = defineEntity<TaskRecord, [projectId: string, taskId: string]>({
  type: 'Task',
  key: (projectId, taskId) => ({ pk: projectPartition(projectId), sk: `${taskSortKeyPrefix}${taskId}` }),
  keyOf: (task) => ({ pk: projectPartition(task.projectId), sk: `${taskSortKeyPrefix}${task.id}` }),
});

/**
 * A rank taken in a stage: written (attribute_not_exists) in the same transaction as the task
 * that takes it and deleted when the task leaves it, so two tasks written at once can never
 * share a place. Sorts before PROJECT, outside the board's Query.
 */
export const rankClaimKey = (projectId: string, stage: string, rank: string) => ({
  pk: projectPartition(projectId),
  sk: `CLAIM#RANK#${stage}#${rank}`,
});

/** A task's comments, oldest first: begins_with this prefix. */
export const commentSortKeyPrefix = (taskId: string) => `COMMENT#${taskId}#`;
export const commentEntity = defineEntity<CommentRecord, [projectId: string, taskId: string, commentId: string]>({
  type: 'TaskComment',
  key: (projectId, taskId, commentId) => ({
    pk: projectPartition(projectId),
    sk: `${commentSortKeyPrefix(taskId)}${commentId}`,
  }),
  keyOf: (comment) => ({
    pk: projectPartition(comment.projectId),
    sk: `${commentSortKeyPrefix(comment.taskId)}${comment.id}`,
  }),
});

/** A project's activity, newest first: begins_with this prefix. */
export const activitySortKeyPrefix = 'ACTIVITY#';
export const activityEntity = defineEntity<ActivityRecord, [projectId: string, activityId: string]>({
  type: 'ProjectActivity',
  key: (projectId, activityId) => ({ pk: projectPartition(projectId), sk: `${activitySortKeyPrefix}${activityId}` }),
  keyOf: (activity) => ({
    pk: projectPartition(activity.projectId),
    sk: `${activitySortKeyPrefix}${activity.id}`,
  }),
});

/* ---------- Lists and counts ---------- */

/**
 * Whose projects a list holds: the workspace's (what an admin lists) or one client's (a client's
 * own list, and an admin's client filter).
 */
export type ProjectListScope = { readonly kind: 'workspace' } | { readonly kind: 'client'; readonly clientId: string };
export const scopeName = (scope: ProjectListScope) => (scope.kind === 'workspace' ? 'W' : `C#${scope.clientId}`);
export const scopesOf = (project: Pick<ProjectRecord, 'clientId'>): ProjectListScope[] => [
  { kind: 'workspace' },
  { kind: 'client', clientId: project.clientId },
];

/**
 * Which statuses a list partition holds: one status, or one of the two sets lists ask for most,
 * each with partitions of its own so that it is one Query rather than a merge of one per
 * status: `open` (the default list: planning, active, on hold) and `all`.
 */
export type ListStatusSet = ProjectStatus | 'open' | 'all';

const sameStatuses = (a: readonly ProjectStatus[], b: readonly ProjectStatus[]) =>
  a.length === b.length && a.every((status) => b.includes(status));

/** The partitions a status filter reads: a set's own when it is one, else one per status. */
export const statusSetsFor = (statuses: readonly ProjectStatus[]): ListStatusSet[] => {
  if (sameStatuses(statuses, projectStatuses)) return ['all'];
  if (sameStatuses(statuses, defaultListStatuses)) return ['open'];
  return [...statuses];
};

/** The partitions a project with this status is listed in. */
const statusSetsOf = (status: ProjectStatus): ListStatusSet[] => [
  status,
  'all',
  ...(defaultListStatuses.includes(status) ? (['open'] as const) : []),
];

export const listPartitionKey = (scope: ProjectListScope, statusSet: ListStatusSet, sort: ListSort) =>
  `PLIST#${scopeName(scope)}#${statusSet}#${sort}`;

/**
 * The due-date sort value of a project without one: after every dated one. Descending lists read
 * the dated and undated key ranges one after the other (project-service.ts), so undated projects
 * come last both ways.
 */
export const noDueDate = '9999-12-31';

const sortValueOf = (project: ProjectRecord, sort: ListSort): string => {
  switch (sort) {
    case 'updated':
      return project.updatedAt;
    case 'created':
      return project.createdAt;
    case 'name':
      return project.name.normalize('NFKC').toLowerCase();
    case 'due':
      return project.dueDate ?? noDueDate;
  }
};

/** What a search matches: the name, the client's name and the tags, lower-cased. */
export const searchTextOf = (project: Pick<ProjectRecord, 'name' | 'clientName' | 'tags'>): string =>
  [project.name, project.clientName, ...project.tags].join(' ').normalize('NFKC').toLowerCase();

/** One project in one list partition: sk = sort value, separator, id. */
export interface ListEntryRecord {
  readonly scope: ProjectListScope;
  readonly status: ListStatusSet;
  readonly sort: ListSort;
  readonly sortValue: string;
  readonly projectId: string;
  readonly projectType: ProjectType;
  readonly search: string;
}

const listEntryKey = (entry: Omit<ListEntryRecord, 'projectType' | 'search'>): TableKey => ({
  pk: listPartitionKey(entry.scope, entry.status, entry.sort),
  sk: `${entry.sortValue}${sortKeySeparator}${entry.projectId}`,
});

/**
 * Stored without scope/status/sort/sortValue (they are in the key): the item holds only what
 * a list read needs.
 */
export const listEntryEntity = {
  type: 'ProjectListEntry',
  key: listEntryKey,
  toItem: (entry: ListEntryRecord) => ({
    ...listEntryKey(entry),
    type: 'ProjectListEntry',
    projectId: entry.projectId,
    projectType: entry.projectType,
    search: entry.search,
  }),
} as const;

export const listEntriesOf = (project: ProjectRecord): ListEntryRecord[] =>
  scopesOf(project).flatMap((scope) =>
    statusSetsOf(project.status).flatMap((status) =>
      listSorts.map((sort) => ({
        scope,
        status,
        sort,
        sortValue: sortValueOf(project, sort),
        projectId: project.id,
        projectType: project.projectType,
        search: searchTextOf(project),
      })),
    ),
  );

/** Per-status project counts of a scope: one item, moved by ADD in each project write. */
export const statusCountsEntity = {
  type: 'ProjectCounts',
  key: (scope: ProjectListScope): TableKey => ({ pk: `PCOUNT#${scopeName(scope)}`, sk: 'COUNTS' }),
} as const;
