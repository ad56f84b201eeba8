import { isDeepStrictEqual } from 'node:util';

import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';

import {
  batchGet,
  batchWrite,
  db,
  deletePart,
  putPart,
  queryAll,
  transactWrite,
  type TransactionPart,
} from '../core/db';
import type { TableKey } from '../core/entity';
import { batchGetAlong, type ReadAlong } from '../core/read-along';
import { tableName } from '../core/table';
import { announce } from '../core/webhook-events';
import { projectStatuses, type ProjectType, type StatusCounts } from './contract';
import {
  activityEntity,
  commentEntity,
  noDueDate,
  projectEntity,
  statusCountsEntity,
  taskEntity,
  type ProjectListScope,
} from './entities';
import { userEntity } from '../core/users/entities';
import type { UserRecord } from '../core/users/records';
import { countChangesFor, entryChanges } from './list-writes';
import {
  editableProjectFields,
  type ActivityRecord,
  type CommentRecord,
  type ProjectChanges,
  type ProjectRecord,
  type TaskRecord,
} from './records';

/** Projects: one item each, with its list entries and counts written in the same transaction. */

export const getProject = async (projectId: string): Promise<ProjectRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: projectEntity.key(projectId), ConsistentRead: true }),
  );
  return Item ? projectEntity.fromItem(Item) : undefined;
};

/**
 * Projects by id in the order given (missing ones, deleted meanwhile, are left out) and the
 * per-status counts of a list scope, in one strongly consistent BatchGet.
 */
export const getProjectsAndCounts = async (
  projectIds: readonly string[],
  scope: ProjectListScope,
): Promise<{ projects: ProjectRecord[]; counts: StatusCounts }> => {
  const countsKey = statusCountsEntity.key(scope);
  const found = new Map<string, ProjectRecord>();
  let countsItem: Record<string, unknown> | undefined;
  for (const item of await batchGet([countsKey, ...projectIds.map(projectEntity.key)], { consistent: true })) {
    if (item.pk === countsKey.pk && item.sk === countsKey.sk) countsItem = item;
    else {
      const record = projectEntity.fromItem(item);
      found.set(record.id, record);
    }
  }
  return { projects: projectIds.flatMap((id) => found.get(id) ?? []), counts: statusCountsOf(countsItem) };
};

export interface RequestItems {
  readonly project?: ProjectRecord;
  readonly task?: TaskRecord;
  readonly comment?: CommentRecord;
  readonly people: ReadonlyMap<string, UserRecord>;
}

/** The keys of a project and of what else a request names in it. */
export const requestItemKeys = (projectId: string, names: { taskId?: string; commentId?: string }) => ({
  project: projectEntity.key(projectId),
  ...(names.taskId === undefined ? {} : { task: taskEntity.key(projectId, names.taskId) }),
  ...(names.taskId === undefined || names.commentId === undefined
    ? {}
    : { comment: commentEntity.key(projectId, names.taskId, names.commentId) }),
});

/**
 * A project and what else a request names (its task, a comment, people by id) in one strongly
 * consistent BatchGet, or none when the caller's session read brought them along; whatever does
 * not exist is left out.
 */
export const readRequestItems = async (
  readAlong: ReadAlong,
  projectId: string,
  names: { taskId?: string; commentId?: string; peopleIds?: readonly string[] },
): Promise<RequestItems> => {
  const keys = requestItemKeys(projectId, names);
  const peopleIds = [...new Set(names.peopleIds ?? [])];
  const items = await batchGetAlong(readAlong, [
    keys.project,
    ...(keys.task ? [keys.task] : []),
    ...(keys.comment ? [keys.comment] : []),
    ...peopleIds.map(userEntity.key),
  ]);
  const find = (key: { pk: string; sk: string } | undefined) =>
    key && items.find((item) => item.pk === key.pk && item.sk === key.sk);
  const project = find(keys.project);
  const task = find(keys.task);
  const comment = find(keys.comment);
  const people = new Map<string, UserRecord>();
  for (const id of peopleIds) {
    const person = find(userEntity.key(id));
    if (person) people.set(id, userEntity.fromItem(person));
  }
  return {
    ...(project ? { project: projectEntity.fromItem(project) } : {}),
    ...(task ? { task: taskEntity.fromItem(task) } : {}),
    ...(comment ? { comment: commentEntity.fromItem(comment) } : {}),
    people,
  };
};

export const activityPart = (activity: ActivityRecord): TransactionPart =>
  putPart('activity', activityEntity.toItem(activity));

export const createProject = async (project: ProjectRecord, activity: ActivityRecord): Promise<void> => {
  await transactWrite([
    putPart('project', projectEntity.toItem(project), 'attribute_not_exists(pk)'),
    ...entryChanges(undefined, project),
    ...countChangesFor(undefined, project),
    activityPart(activity),
    announce(
      'project.created',
      {
        projectId: project.id,
        name: project.name,
        type: project.projectType,
        status: project.status,
        clientId: project.clientId,
        createdAt: project.createdAt,
      },
      new Date(project.createdAt),
    ),
  ]);
};

/**
 * Applies an edit (also archive and restore) made from `before`, only if the stored project is
 * still at `before.version`: otherwise ConditionFailed(['project']) and nothing changes. The
 * answer is the project as written, not read back: its task counters are those read with
 * `before` (task writes move them without a new version, and push their own changes to the
 * board's viewers).
 */
export const updateProject = async (
  before: ProjectRecord,
  changes: ProjectChanges,
  activity: ActivityRecord,
): Promise<ProjectRecord> => {
  const after: ProjectRecord = { ...before, ...changes, version: before.version + 1 };
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':expected': before.version, ':next': after.version };
  const assignments = editableProjectFields.map((field) => {
    names[`#${field}`] = field;
    values[`:${field}`] = after[field];
    return `#${field} = :${field}`;
  });
  await transactWrite([
    {
      label: 'project',
      item: {
        Update: {
          TableName: tableName(),
          Key: projectEntity.key(before.id),
          UpdateExpression: `SET ${assignments.join(', ')}, #version = :next`,
          ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
    },
    ...entryChanges(before, after),
    ...countChangesFor(before, after),
    activityPart(activity),
    announce(
      'project.updated',
      {
        projectId: after.id,
        name: after.name,
        status: after.status,
        changed: editableProjectFields.filter(
          (field) => field !== 'updatedAt' && !isDeepStrictEqual(before[field], after[field]),
        ),
        version: after.version,
        updatedAt: after.updatedAt,
      },
      new Date(after.updatedAt),
    ),
  ]);
  return after;
};

/** Keys of every item a Query matches (for deleting them). */
export const queryAllKeys = async (
  partitionKey: string,
  sortKeyPrefix?: string,
): Promise<{ pk: string; sk: string }[]> => {
  const keys: { pk: string; sk: string }[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: sortKeyPrefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': partitionKey, ...(sortKeyPrefix ? { ':prefix': sortKeyPrefix } : {}) },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) keys.push({ pk: String(item.pk), sk: String(item.sk) });
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return keys;
};

/** The project and the keys of every other item in its partition: what deleting it removes. */
export const readProjectPartition = async (
  projectId: string,
): Promise<{ project?: ProjectRecord; others: TableKey[] }> => {
  const projectKey = projectEntity.key(projectId);
  let project: ProjectRecord | undefined;
  const others: TableKey[] = [];
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': projectKey.pk },
    ConsistentRead: true,
  });
  for (const item of items) {
    if (item.sk === projectKey.sk) project = projectEntity.fromItem(item);
    else others.push({ pk: String(item.pk), sk: String(item.sk) });
  }
  return project ? { project, others } : { others };
};

/** DynamoDB's limit on the items of one transaction. */
export const transactionItemLimit = 100;

/**
 * Removes the project, its list entries and counts atomically (it disappears at once, only if
 * it is still called `expectedName` and has the tasks `others` was read with), with as many of its other items (`others`: tasks,
 * comments, activity, rank claims) as the same transaction holds; the rest follow in batches.
 */
export const deleteProject = async (
  project: ProjectRecord,
  expectedName: string,
  others: readonly TableKey[],
): Promise<void> => {
  const parts: TransactionPart[] = [
    {
      label: 'project',
      item: {
        Delete: {
          TableName: tableName(),
          Key: projectEntity.key(project.id),
          // The task count too: a task added since `others` was read would be left behind.
          ConditionExpression:
            'attribute_exists(pk) AND #name = :name AND #status = :status AND #taskCount = :taskCount',
          ExpressionAttributeNames: { '#name': 'name', '#status': 'status', '#taskCount': 'taskCount' },
          ExpressionAttributeValues: {
            ':name': expectedName,
            ':status': project.status,
            ':taskCount': project.taskCount,
          },
        },
      },
    },
    ...entryChanges(project, undefined),
    ...countChangesFor(project, undefined),
  ];
  const inTransaction = others.slice(0, transactionItemLimit - parts.length);
  await transactWrite([...parts, ...inTransaction.map((key) => deletePart('item', key))]);
  const rest = others.slice(inTransaction.length);
  if (rest.length > 0) await batchWrite(rest.map((key) => ({ delete: key })));
};

/* ---------- Lists and counts ---------- */

const statusCountsOf = (item: Record<string, unknown> | undefined): StatusCounts =>
  Object.fromEntries(
    projectStatuses.map((status) => [status, Math.max(0, Number(item?.[status] ?? 0))]),
  ) as StatusCounts;

export interface ListChunkRequest {
  readonly partitionKey: string;
  readonly after?: string;
  readonly limit: number;
  readonly descending: boolean;
  readonly type?: ProjectType;
  readonly search?: string;
  /** Due-date lists only: the entries with a due date, or those without (`noDueDate` keys). */
  readonly dueRange?: 'dated' | 'undated';
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
  let keyCondition = 'pk = :pk';
  if (request.dueRange) {
    keyCondition += request.dueRange === 'dated' ? ' AND sk < :undated' : ' AND begins_with(sk, :undated)';
    values[':undated'] = noDueDate;
  }
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: keyCondition,
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
