import { setTimeout as sleep } from 'node:timers/promises';

import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  BatchWriteCommand,
  type BatchWriteCommandOutput,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';

import { cancelledConditionIndexes, db, isConditionFailure } from '../core/db';
import { tableName } from '../core/table';
import {
  listSorts,
  projectStatuses,
  type ActivityKind,
  type ListSort,
  type PersonRef,
  type Project,
  type ProjectStatus,
  type ProjectType,
  type StatusCounts,
  type Task,
} from './contract';

/**
 * Every key of the projects area, in one place (also listed in core/table.ts):
 *
 * | pattern                                   | key                                                      |
 * |-------------------------------------------|----------------------------------------------------------|
 * | project by id                             | pk=PROJECT#<id>  sk=PROJECT                              |
 * | board: project + all its tasks (1 Query)  | pk=PROJECT#<id>  sk >= PROJECT  (PROJECT, TASK#<ulid>)   |
 * | comments of a task, oldest first          | pk=PROJECT#<id>  sk begins_with COMMENT#<taskId>#        |
 * | activity of a project, newest first       | pk=PROJECT#<id>  sk begins_with ACTIVITY#                |
 * | projects of a scope+status, sorted        | pk=PLIST#<scope>#<status>#<sort>  sk=<value>\u0001<id>   |
 * | project counts per status of a scope      | pk=PCOUNT#<scope>  sk=COUNTS                             |
 * | people to pick (clients, managers)        | GSI1 gsi1pk=ROLE#<role>  gsi1sk begins_with <name>       |
 *
 * <scope> is W (the workspace: what an admin lists) or C#<clientId> (one client's projects: a
 * client's own list and an admin's client filter). <sort> is updated, name, due or created.
 *
 * Why list entries instead of GSIs: a list needs four sort orders and two scopes, and the table
 * has two GSIs shared by every area. Each project therefore writes eight small entries (2 scopes
 * x 4 sorts) in the same transaction as the project itself, partitioned by status, so:
 * - a status filter picks partitions, a sort picks the partition family, the scope bounds it;
 * - "every status but archived" merges four partitions (merged-pages.ts), each read with Limit;
 * - reads are strongly consistent (a new project is in the list at once), unlike a GSI;
 * - task moves do not touch entries: a page's projects are then fetched with one BatchGet, so
 *   progress is always current.
 * The costs: a project edit rewrites up to 16 entries in its transaction (~20 items of 100),
 * and type filters and searches are filter expressions over the chosen partitions, bounded by
 * a read budget per request (a page may come back short, with a cursor to continue).
 */

const projectPk = (projectId: string) => `PROJECT#${projectId}`;
export const projectKey = (projectId: string) => ({ pk: projectPk(projectId), sk: 'PROJECT' });
const taskKey = (projectId: string, taskId: string) => ({ pk: projectPk(projectId), sk: `TASK#${taskId}` });
const commentPrefix = (taskId: string) => `COMMENT#${taskId}#`;
const commentKey = (projectId: string, taskId: string, commentId: string) => ({
  pk: projectPk(projectId),
  sk: `${commentPrefix(taskId)}${commentId}`,
});
const activityKey = (projectId: string, activityId: string) => ({
  pk: projectPk(projectId),
  sk: `ACTIVITY#${activityId}`,
});

export type ListScope = { readonly kind: 'workspace' } | { readonly kind: 'client'; readonly clientId: string };
const scopeKey = (scope: ListScope) => (scope.kind === 'workspace' ? 'W' : `C#${scope.clientId}`);
const scopesOf = (project: Pick<ProjectRecord, 'clientId'>): ListScope[] => [
  { kind: 'workspace' },
  { kind: 'client', clientId: project.clientId },
];
export const listPartitionKey = (scope: ListScope, status: ProjectStatus, sort: ListSort) =>
  `PLIST#${scopeKey(scope)}#${status}#${sort}`;
const countsKey = (scope: ListScope) => ({ pk: `PCOUNT#${scopeKey(scope)}`, sk: 'COUNTS' });

/** Below every printable character, so "Acme" sorts before "Acme Web" whatever follows. */
const keySeparator = '\u0001';
/** Projects without a due date sort after every dated one (first when descending). */
const noDueDate = '9999-12-31';

/* ---------- Records ---------- */

/**
 * A stored project: the contract's Project without what is derived on reading (stages from the
 * type, progress from the counters), its type stored as `projectType`, and who created it.
 */
export type ProjectRecord = Omit<Project, 'type' | 'stages' | 'progress'> & {
  readonly projectType: ProjectType;
  readonly createdBy: string;
};

/** The fields a project edit may change (counters belong to task writes). */
export type ProjectChanges = Pick<
  ProjectRecord,
  | 'name'
  | 'clientId'
  | 'clientName'
  | 'managers'
  | 'status'
  | 'statusBeforeArchive'
  | 'priority'
  | 'startDate'
  | 'dueDate'
  | 'budget'
  | 'description'
  | 'tags'
  | 'updatedAt'
  | 'archivedAt'
>;
const changeFields: readonly (keyof ProjectChanges)[] = [
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
];

/** A stored task is the contract's Task plus who created it. */
export type TaskRecord = Task & { readonly createdBy: string };

export type TaskChanges = Pick<TaskRecord, 'title' | 'description' | 'assignee' | 'dueDate' | 'priority' | 'updatedAt'>;
const taskChangeFields: readonly (keyof TaskChanges)[] = [
  'title',
  'description',
  'assignee',
  'dueDate',
  'priority',
  'updatedAt',
];

export interface CommentRecord {
  readonly id: string;
  readonly projectId: string;
  readonly taskId: string;
  readonly author: PersonRef & { readonly role: string };
  readonly body: string;
  readonly createdAt: string;
}

export interface ActivityRecord {
  readonly id: string;
  readonly projectId: string;
  readonly kind: ActivityKind;
  readonly at: string;
  readonly actor: PersonRef;
  readonly taskId?: string;
  readonly taskTitle?: string;
  readonly fields?: readonly string[];
  readonly fromStage?: string;
  readonly toStage?: string;
}

const keyAttributes = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'type']);
const withoutKeys = <T>(item: Record<string, unknown>): T =>
  Object.fromEntries(Object.entries(item).filter(([name]) => !keyAttributes.has(name))) as T;

/* ---------- Item builders (also used by the seed and the benchmark to bulk-load) ---------- */

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

export const listEntriesOf = (project: ProjectRecord): Record<string, unknown>[] =>
  scopesOf(project).flatMap((scope) =>
    listSorts.map((sort) => ({
      pk: listPartitionKey(scope, project.status, sort),
      sk: `${sortValueOf(project, sort)}${keySeparator}${project.id}`,
      type: 'ProjectListEntry',
      projectId: project.id,
      projectType: project.projectType,
      search: searchTextOf(project),
    })),
  );

export const projectItemOf = (project: ProjectRecord): Record<string, unknown> => ({
  ...projectKey(project.id),
  type: 'Project',
  ...project,
});

export const taskItemOf = (task: TaskRecord): Record<string, unknown> => ({
  ...taskKey(task.projectId, task.id),
  type: 'Task',
  ...task,
});

export const activityItemOf = (activity: ActivityRecord): Record<string, unknown> => ({
  ...activityKey(activity.projectId, activity.id),
  type: 'ProjectActivity',
  ...activity,
});

export const commentItemOf = (comment: CommentRecord): Record<string, unknown> => ({
  ...commentKey(comment.projectId, comment.taskId, comment.id),
  type: 'TaskComment',
  ...comment,
});

const entryKey = (entry: Record<string, unknown>) => `${String(entry.pk)}|${String(entry.sk)}`;

/* ---------- Transactions ---------- */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
interface LabelledItem {
  /** Names the item whose condition failed, for the service to explain. */
  readonly label: string;
  readonly item: TransactItem;
}

/** A conditional write lost: which of its conditions failed (by label), or a lasting conflict. */
export class WriteRejected extends Error {
  constructor(readonly labels: readonly string[]) {
    super(`Write rejected: ${labels.join(', ')}`);
    this.name = 'WriteRejected';
  }
}

const isTransactionConflict = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TransactionConflictException') return true;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return (
    error.name === 'TransactionCanceledException' && reasons.some((reason) => reason.Code === 'TransactionConflict')
  );
};

const maxAttempts = 5;

/**
 * A transaction, retried while it only collided with another transaction in flight on the
 * same items (DynamoDB cancels such transactions rather than queueing them). A failed
 * condition is never retried: it becomes WriteRejected with the failing items' labels.
 */
const transact = async (items: readonly LabelledItem[]): Promise<void> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items.map(({ item }) => item) }));
      return;
    } catch (error) {
      const failed = cancelledConditionIndexes(error);
      if (failed.length > 0 || (isConditionFailure(error) && !isTransactionConflict(error))) {
        throw new WriteRejected(failed.map((index) => items[index]?.label ?? 'unknown'));
      }
      if (!isTransactionConflict(error)) throw error;
      if (attempt >= maxAttempts) throw new WriteRejected(['conflict']);
      await sleep(10 * 2 ** attempt * (0.5 + Math.random()));
    }
  }
};

const put = (label: string, item: Record<string, unknown>, condition?: string): LabelledItem => ({
  label,
  item: {
    Put: {
      TableName: tableName(),
      Item: item,
      ...(condition ? { ConditionExpression: condition } : {}),
    },
  },
});

const remove = (label: string, key: { pk: string; sk: string }, condition?: string): LabelledItem => ({
  label,
  item: { Delete: { TableName: tableName(), Key: key, ...(condition ? { ConditionExpression: condition } : {}) } },
});

/** ADD on the per-status counters of a scope: one item per scope, moved by status changes. */
const countChange = (scope: ListScope, deltas: Partial<Record<ProjectStatus, number>>): LabelledItem | undefined => {
  const changes = Object.entries(deltas).filter(([, delta]) => delta !== 0);
  if (changes.length === 0) return undefined;
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const clauses = changes.map(([status, delta], index) => {
    names[`#s${index}`] = status;
    values[`:d${index}`] = delta ?? 0;
    return `#s${index} :d${index}`;
  });
  return {
    label: 'counts',
    item: {
      Update: {
        TableName: tableName(),
        Key: countsKey(scope),
        UpdateExpression: `ADD ${clauses.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  };
};

const countChangesFor = (before: ProjectRecord | undefined, after: ProjectRecord | undefined): LabelledItem[] => {
  const deltas = new Map<string, { scope: ListScope; deltas: Partial<Record<ProjectStatus, number>> }>();
  const add = (project: ProjectRecord, delta: number) => {
    for (const scope of scopesOf(project)) {
      const key = scopeKey(scope);
      const entry = deltas.get(key) ?? { scope, deltas: {} };
      entry.deltas[project.status] = (entry.deltas[project.status] ?? 0) + delta;
      deltas.set(key, entry);
    }
  };
  if (before) add(before, -1);
  if (after) add(after, 1);
  return [...deltas.values()].flatMap(({ scope, deltas: change }) => countChange(scope, change) ?? []);
};

const entryChanges = (before: ProjectRecord | undefined, after: ProjectRecord | undefined): LabelledItem[] => {
  const next = after ? listEntriesOf(after) : [];
  const previous = before ? listEntriesOf(before) : [];
  const nextKeys = new Set(next.map(entryKey));
  const previousByKey = new Map(previous.map((entry) => [entryKey(entry), entry]));
  return [
    ...previous
      .filter((entry) => !nextKeys.has(entryKey(entry)))
      .map((entry) => remove('entry', { pk: String(entry.pk), sk: String(entry.sk) })),
    // Unchanged entries are not rewritten; changed search text or type rewrites in place.
    ...next
      .filter((entry) => {
        const old = previousByKey.get(entryKey(entry));
        return !old || old.search !== entry.search || old.projectType !== entry.projectType;
      })
      .map((entry) => put('entry', entry)),
  ];
};

/* ---------- Bulk loads (the seed and the benchmark; never a request path) ---------- */

/** Writes items with BatchWriteItem, 25 at a time, `concurrency` batches in flight. */
export const bulkPut = async (items: readonly Record<string, unknown>[], concurrency = 8): Promise<void> => {
  const batches: Record<string, unknown>[][] = [];
  for (let start = 0; start < items.length; start += 25)
    batches.push(items.slice(start, start + 25) as Record<string, unknown>[]);
  let next = 0;
  const worker = async () => {
    for (let batch = batches[next++]; batch; batch = batches[next++]) {
      let requests: Record<string, unknown>[] | undefined = batch.map((item) => ({ PutRequest: { Item: item } }));
      for (let round = 0; requests && requests.length > 0; round += 1) {
        const response: BatchWriteCommandOutput = await db().send(
          new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }),
        );
        requests = response.UnprocessedItems?.[tableName()] as Record<string, unknown>[] | undefined;
        if (requests && requests.length > 0) await sleep(20 * 2 ** Math.min(round, 6));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
};

/** Every item a project owns in the table except its tasks, comments and activity. */
export const projectItemsOf = (project: ProjectRecord): Record<string, unknown>[] => [
  projectItemOf(project),
  ...listEntriesOf(project),
];

/** Adds bulk-loaded projects to the per-status counts, one write per scope. */
export const addToStatusCounts = async (projects: readonly ProjectRecord[]): Promise<void> => {
  const perScope = new Map<string, { scope: ListScope; deltas: Partial<Record<ProjectStatus, number>> }>();
  for (const project of projects) {
    for (const scope of scopesOf(project)) {
      const entry = perScope.get(scopeKey(scope)) ?? { scope, deltas: {} };
      entry.deltas[project.status] = (entry.deltas[project.status] ?? 0) + 1;
      perScope.set(scopeKey(scope), entry);
    }
  }
  for (const { scope, deltas } of perScope.values()) {
    const change = countChange(scope, deltas);
    if (change?.item.Update) await db().send(new UpdateCommand(change.item.Update));
  }
};

/* ---------- Projects ---------- */

export const getProject = async (projectId: string): Promise<ProjectRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: projectKey(projectId), ConsistentRead: true }),
  );
  return Item ? withoutKeys<ProjectRecord>(Item) : undefined;
};

/** Projects by id in the order given; missing ones (deleted meanwhile) are left out. */
export const getProjects = async (projectIds: readonly string[]): Promise<ProjectRecord[]> => {
  const found = new Map<string, ProjectRecord>();
  for (let start = 0; start < projectIds.length; start += 100) {
    let keys: Record<string, unknown>[] | undefined = projectIds.slice(start, start + 100).map(projectKey);
    for (let round = 0; keys && keys.length > 0 && round < 8; round += 1) {
      const response: BatchGetCommandOutput = await db().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys, ConsistentRead: true } } }),
      );
      for (const item of response.Responses?.[tableName()] ?? []) {
        const record = withoutKeys<ProjectRecord>(item);
        found.set(record.id, record);
      }
      keys = response.UnprocessedKeys?.[tableName()]?.Keys;
      if (keys && keys.length > 0) await sleep(20 * 2 ** round);
    }
  }
  return projectIds.flatMap((id) => found.get(id) ?? []);
};

export const createProject = async (project: ProjectRecord, activity: ActivityRecord): Promise<void> => {
  await transact([
    put('project', projectItemOf(project), 'attribute_not_exists(pk)'),
    ...entryChanges(undefined, project),
    ...countChangesFor(undefined, project),
    put('activity', activityItemOf(activity)),
  ]);
};

/**
 * Applies an edit (also archive and restore) made from `before`, only if the stored project is
 * still at `before.version`: otherwise WriteRejected(['project']) and nothing changes.
 */
export const updateProject = async (
  before: ProjectRecord,
  changes: ProjectChanges,
  activity: ActivityRecord,
): Promise<ProjectRecord> => {
  const after: ProjectRecord = { ...before, ...changes, version: before.version + 1 };
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':expected': before.version, ':next': after.version };
  const assignments = changeFields.map((field) => {
    names[`#${field}`] = field;
    values[`:${field}`] = after[field];
    return `#${field} = :${field}`;
  });
  await transact([
    {
      label: 'project',
      item: {
        Update: {
          TableName: tableName(),
          Key: projectKey(before.id),
          UpdateExpression: `SET ${assignments.join(', ')}, #version = :next`,
          ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
    },
    ...entryChanges(before, after),
    ...countChangesFor(before, after),
    put('activity', activityItemOf(activity)),
  ]);
  // Counters may have moved meanwhile (task writes do not bump the version): read them back.
  return (await getProject(before.id)) ?? after;
};

const deleteInBatches = async (keys: readonly { pk: string; sk: string }[]): Promise<void> => {
  for (let start = 0; start < keys.length; start += 25) {
    let requests: Record<string, unknown>[] | undefined = keys
      .slice(start, start + 25)
      .map((key) => ({ DeleteRequest: { Key: key } }));
    for (let round = 0; requests && requests.length > 0; round += 1) {
      const response = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = response.UnprocessedItems?.[tableName()] as Record<string, unknown>[] | undefined;
      if (requests && requests.length > 0) await sleep(20 * 2 ** Math.min(round, 6));
    }
  }
};

const queryAllKeys = async (input: Omit<QueryCommandInput, 'TableName'>): Promise<{ pk: string; sk: string }[]> => {
  const keys: { pk: string; sk: string }[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        ...input,
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) keys.push({ pk: String(item.pk), sk: String(item.sk) });
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return keys;
};

/**
 * Removes the project, its list entries and counts atomically (it disappears at once, only if
 * it is still called `expectedName`), then its tasks, comments and activity in batches.
 */
export const deleteProject = async (project: ProjectRecord, expectedName: string): Promise<void> => {
  await transact([
    {
      label: 'project',
      item: {
        Delete: {
          TableName: tableName(),
          Key: projectKey(project.id),
          ConditionExpression: 'attribute_exists(pk) AND #name = :name AND #status = :status',
          ExpressionAttributeNames: { '#name': 'name', '#status': 'status' },
          ExpressionAttributeValues: { ':name': expectedName, ':status': project.status },
        },
      },
    },
    ...entryChanges(project, undefined),
    ...countChangesFor(project, undefined),
  ]);
  await deleteInBatches(
    await queryAllKeys({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': projectPk(project.id) },
    }),
  );
};

export const getStatusCounts = async (scope: ListScope): Promise<StatusCounts> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: countsKey(scope), ConsistentRead: true }),
  );
  return Object.fromEntries(
    projectStatuses.map((status) => [status, Math.max(0, Number(Item?.[status] ?? 0))]),
  ) as StatusCounts;
};

export interface ListChunkRequest {
  readonly partitionKey: string;
  readonly after?: string;
  readonly limit: number;
  readonly descending: boolean;
  readonly type?: ProjectType;
  readonly search?: string;
}

export interface ListChunk {
  readonly entries: { readonly sk: string; readonly projectId: string }[];
  readonly lastKey?: string;
  readonly read: number;
}

/** One bounded read of a list partition, with the type and search filters applied. */
export const readListChunk = async (request: ListChunkRequest): Promise<ListChunk> => {
  const filters: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':pk': request.partitionKey };
  if (request.type) {
    filters.push('#projectType = :type');
    names['#projectType'] = 'projectType';
    values[':type'] = request.type;
  }
  if (request.search) {
    filters.push('contains(#search, :search)');
    names['#search'] = 'search';
    values[':search'] = request.search;
  }
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ...(filters.length > 0 ? { FilterExpression: filters.join(' AND '), ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
      ExclusiveStartKey: request.after === undefined ? undefined : { pk: request.partitionKey, sk: request.after },
      ScanIndexForward: !request.descending,
      Limit: request.limit,
      ConsistentRead: true,
    }),
  );
  return {
    entries: (page.Items ?? []).map((item) => ({ sk: String(item.sk), projectId: String(item.projectId) })),
    lastKey: page.LastEvaluatedKey ? String(page.LastEvaluatedKey.sk) : undefined,
    read: page.ScannedCount ?? page.Count ?? 0,
  };
};

/* ---------- Board and tasks ---------- */

/** The project and every task in one strongly consistent Query (sk >= PROJECT). */
export const getBoard = async (
  projectId: string,
): Promise<{ project: ProjectRecord; tasks: TaskRecord[] } | undefined> => {
  let project: ProjectRecord | undefined;
  const tasks: TaskRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk >= :project',
        ExpressionAttributeValues: { ':pk': projectPk(projectId), ':project': 'PROJECT' },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.sk === 'PROJECT') project = withoutKeys<ProjectRecord>(item);
      else if (String(item.sk).startsWith('TASK#')) tasks.push(withoutKeys<TaskRecord>(item));
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return project ? { project, tasks } : undefined;
};

export const getTask = async (projectId: string, taskId: string): Promise<TaskRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: taskKey(projectId, taskId), ConsistentRead: true }),
  );
  return Item ? withoutKeys<TaskRecord>(Item) : undefined;
};

/** The project must exist, not be archived, and (optionally) have room for one more task. */
const projectWritable = (
  projectId: string,
  counters: { taskCount?: number; doneTaskCount?: number; maxTasks?: number } = {},
): LabelledItem => {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':archived': 'archived' };
  let condition = 'attribute_exists(pk) AND #status <> :archived';
  if (counters.maxTasks !== undefined) {
    names['#taskCount'] = 'taskCount';
    values[':maxTasks'] = counters.maxTasks;
    condition += ' AND #taskCount < :maxTasks';
  }
  const adds = (['taskCount', 'doneTaskCount'] as const).flatMap((field) => {
    const delta = counters[field];
    if (!delta) return [];
    names[`#${field}`] = field;
    values[`:${field}`] = delta;
    return [`#${field} :${field}`];
  });
  if (adds.length === 0) {
    return {
      label: 'project',
      item: {
        ConditionCheck: {
          TableName: tableName(),
          Key: projectKey(projectId),
          ConditionExpression: condition,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
    };
  }
  return {
    label: 'project',
    item: {
      Update: {
        TableName: tableName(),
        Key: projectKey(projectId),
        UpdateExpression: `ADD ${adds.join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  };
};

export const createTask = async (
  task: TaskRecord,
  done: boolean,
  maxTasks: number,
  activity: ActivityRecord,
): Promise<void> => {
  await transact([
    projectWritable(task.projectId, { taskCount: 1, doneTaskCount: done ? 1 : 0, maxTasks }),
    put('task', taskItemOf(task), 'attribute_not_exists(pk)'),
    put('activity', activityItemOf(activity)),
  ]);
};

const versionedTaskUpdate = (
  task: TaskRecord,
  fields: Partial<TaskRecord>,
): { label: string; item: TransactItem; after: TaskRecord } => {
  const after: TaskRecord = { ...task, ...fields, version: task.version + 1 };
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':expected': task.version, ':next': after.version };
  const assignments = Object.keys(fields).map((field) => {
    names[`#${field}`] = field;
    values[`:${field}`] = after[field as keyof TaskRecord];
    return `#${field} = :${field}`;
  });
  return {
    label: 'task',
    after,
    item: {
      Update: {
        TableName: tableName(),
        Key: taskKey(task.projectId, task.id),
        UpdateExpression: `SET ${assignments.join(', ')}, #version = :next`,
        ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  };
};

/** Edits a task read at `task.version`; WriteRejected(['task']) if it changed meanwhile. */
export const updateTask = async (task: TaskRecord, changes: Partial<TaskChanges>, activity: ActivityRecord) => {
  const fields = Object.fromEntries(
    taskChangeFields.flatMap((field) => (field in changes ? [[field, changes[field]]] : [])),
  );
  const update = versionedTaskUpdate(task, fields);
  await transact([projectWritable(task.projectId), update, put('activity', activityItemOf(activity))]);
  return update.after;
};

/** Moves a task to a stage and rank, keeping the project's done count in the same transaction. */
export const moveTask = async (
  task: TaskRecord,
  move: { stage: string; rank: string; updatedAt: string; doneDelta: number },
  activity: ActivityRecord | undefined,
): Promise<TaskRecord> => {
  const update = versionedTaskUpdate(task, { stage: move.stage, rank: move.rank, updatedAt: move.updatedAt });
  await transact([
    projectWritable(task.projectId, { doneTaskCount: move.doneDelta }),
    update,
    ...(activity ? [put('activity', activityItemOf(activity))] : []),
  ]);
  return update.after;
};

export const deleteTask = async (task: TaskRecord, done: boolean, activity: ActivityRecord): Promise<void> => {
  await transact([
    projectWritable(task.projectId, { taskCount: -1, doneTaskCount: done ? -1 : 0 }),
    remove('task', taskKey(task.projectId, task.id), 'attribute_exists(pk)'),
    put('activity', activityItemOf(activity)),
  ]);
  await deleteInBatches(
    await queryAllKeys({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': projectPk(task.projectId), ':prefix': commentPrefix(task.id) },
    }),
  );
};

/* ---------- Comments and activity ---------- */

const taskCommentCount = (projectId: string, taskId: string, delta: number): LabelledItem => ({
  label: 'task',
  item: {
    Update: {
      TableName: tableName(),
      Key: taskKey(projectId, taskId),
      UpdateExpression: 'ADD commentCount :delta',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':delta': delta },
    },
  },
});

export const createComment = async (comment: CommentRecord, activity: ActivityRecord): Promise<void> => {
  await transact([
    projectWritable(comment.projectId),
    taskCommentCount(comment.projectId, comment.taskId, 1),
    put('comment', commentItemOf(comment), 'attribute_not_exists(pk)'),
    put('activity', activityItemOf(activity)),
  ]);
};

export const deleteComment = async (projectId: string, taskId: string, commentId: string): Promise<void> => {
  await transact([
    remove('comment', commentKey(projectId, taskId, commentId), 'attribute_exists(pk)'),
    taskCommentCount(projectId, taskId, -1),
  ]);
};

export interface Page<T> {
  readonly items: T[];
  readonly lastKey?: string;
}

const queryPage = async <T>(
  projectId: string,
  prefix: string,
  options: { limit: number; after?: string; descending: boolean },
): Promise<Page<T>> => {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': projectPk(projectId), ':prefix': prefix },
      ExclusiveStartKey: options.after ? { pk: projectPk(projectId), sk: `${prefix}${options.after}` } : undefined,
      ScanIndexForward: !options.descending,
      Limit: options.limit,
      ConsistentRead: true,
    }),
  );
  const lastSk = page.LastEvaluatedKey ? String(page.LastEvaluatedKey.sk) : undefined;
  return {
    items: (page.Items ?? []).map((item) => withoutKeys<T>(item)),
    lastKey: lastSk?.startsWith(prefix) ? lastSk.slice(prefix.length) : undefined,
  };
};

export const listComments = (projectId: string, taskId: string, options: { limit: number; after?: string }) =>
  queryPage<CommentRecord>(projectId, commentPrefix(taskId), { ...options, descending: false });

export const getComment = async (
  projectId: string,
  taskId: string,
  commentId: string,
): Promise<CommentRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: commentKey(projectId, taskId, commentId), ConsistentRead: true }),
  );
  return Item ? withoutKeys<CommentRecord>(Item) : undefined;
};

export const listActivity = (projectId: string, options: { limit: number; after?: string }) =>
  queryPage<ActivityRecord>(projectId, 'ACTIVITY#', { ...options, descending: true });

/* ---------- People to pick ---------- */

/** Users of a role whose name starts with `prefix`, by name (GSI1, the users' role index). */
export const findPeopleByRole = async (role: string, prefix: string, limit: number): Promise<PersonRef[]> => {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: prefix ? 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)' : 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `ROLE#${role}`, ...(prefix ? { ':prefix': prefix.toLowerCase() } : {}) },
      ProjectionExpression: 'id, fullName',
      Limit: limit,
    }),
  );
  return (page.Items ?? []).map((item) => ({ id: String(item.id), fullName: String(item.fullName) }));
};
