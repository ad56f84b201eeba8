import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';

import { batchGet, batchWrite, db, putPart, transactWrite, type TransactionPart } from '../core/db';
import { tableName } from '../core/table';
import { projectStatuses, type ProjectType, type StatusCounts } from './contract';
import {
  activityEntity,
  noDueDate,
  projectEntity,
  projectPartitionKey,
  statusCountsEntity,
  type ProjectListScope,
} from './entities';
import { countChangesFor, entryChanges } from './list-writes';
import { editableProjectFields, type ActivityRecord, type ProjectChanges, type ProjectRecord } from './records';

/** Projects: one item each, with its list entries and counts written in the same transaction. */

export const getProject = async (projectId: string): Promise<ProjectRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: projectEntity.key(projectId), ConsistentRead: true }),
  );
  return Item ? projectEntity.fromItem(Item) : undefined;
};

/** Projects by id in the order given; missing ones (deleted meanwhile) are left out. */
export const getProjects = async (projectIds: readonly string[]): Promise<ProjectRecord[]> => {
  const found = new Map<string, ProjectRecord>();
  for (const item of await batchGet(projectIds.map(projectEntity.key), { consistent: true })) {
    const record = projectEntity.fromItem(item);
    found.set(record.id, record);
  }
  return projectIds.flatMap((id) => found.get(id) ?? []);
};

export const activityPart = (activity: ActivityRecord): TransactionPart =>
  putPart('activity', activityEntity.toItem(activity));

export const createProject = async (project: ProjectRecord, activity: ActivityRecord): Promise<void> => {
  await transactWrite([
    putPart('project', projectEntity.toItem(project), 'attribute_not_exists(pk)'),
    ...entryChanges(undefined, project),
    ...countChangesFor(undefined, project),
    activityPart(activity),
  ]);
};

/**
 * Applies an edit (also archive and restore) made from `before`, only if the stored project is
 * still at `before.version`: otherwise ConditionFailed(['project']) and nothing changes.
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
  ]);
  // Counters may have moved meanwhile (task writes do not bump the version): read them back.
  return (await getProject(before.id)) ?? after;
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

/**
 * Removes the project, its list entries and counts atomically (it disappears at once, only if
 * it is still called `expectedName`), then its tasks, comments and activity in batches.
 */
export const deleteProject = async (project: ProjectRecord, expectedName: string): Promise<void> => {
  await transactWrite([
    {
      label: 'project',
      item: {
        Delete: {
          TableName: tableName(),
          Key: projectEntity.key(project.id),
          ConditionExpression: 'attribute_exists(pk) AND #name = :name AND #status = :status',
          ExpressionAttributeNames: { '#name': 'name', '#status': 'status' },
          ExpressionAttributeValues: { ':name': expectedName, ':status': project.status },
        },
      },
    },
    ...entryChanges(project, undefined),
    ...countChangesFor(project, undefined),
  ]);
  const keys = await queryAllKeys(projectPartitionKey(project.id));
  await batchWrite(keys.map((key) => ({ delete: key })));
};

/* ---------- Lists and counts ---------- */

export const getStatusCounts = async (scope: ProjectListScope): Promise<StatusCounts> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: statusCountsEntity.key(scope), ConsistentRead: true }),
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
