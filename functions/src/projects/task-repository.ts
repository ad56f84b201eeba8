import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';

import { batchWrite, db, deletePart, putPart, transactWrite, type TransactionPart } from '../core/db';
import { tableName } from '../core/table';
import { announce } from '../core/webhook-events';
import {
  boardSortKeyFrom,
  commentSortKeyPrefix,
  isTaskSortKey,
  projectEntity,
  projectPartitionKey,
  rankClaimKey,
  taskEntity,
} from './entities';
import { activityPart, queryAllKeys, transactionItemLimit } from './project-repository';
import {
  editableTaskFields,
  type ActivityRecord,
  type ProjectRecord,
  type TaskChanges,
  type TaskRecord,
} from './records';

/** Tasks live in their project's partition; each write also moves the project's counters. */

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
        ExpressionAttributeValues: { ':pk': projectPartitionKey(projectId), ':project': boardSortKeyFrom },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.sk === projectEntity.key(projectId).sk) project = projectEntity.fromItem(item);
      else if (isTaskSortKey(String(item.sk))) tasks.push(taskEntity.fromItem(item));
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return project ? { project, tasks } : undefined;
};

export const getTask = async (projectId: string, taskId: string): Promise<TaskRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: taskEntity.key(projectId, taskId), ConsistentRead: true }),
  );
  return Item ? taskEntity.fromItem(Item) : undefined;
};

/** The project must exist, not be archived, and (optionally) have room for one more task. */
export const projectWritable = (
  projectId: string,
  counters: { taskCount?: number; doneTaskCount?: number; maxTasks?: number } = {},
): TransactionPart => {
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
  const target = {
    TableName: tableName(),
    Key: projectEntity.key(projectId),
    ConditionExpression: condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
  return {
    label: 'project',
    item:
      adds.length === 0
        ? { ConditionCheck: target }
        : { Update: { ...target, UpdateExpression: `ADD ${adds.join(', ')}` } },
  };
};

export const createTask = async (
  task: TaskRecord,
  done: boolean,
  maxTasks: number,
  activity: ActivityRecord,
): Promise<void> => {
  await transactWrite([
    projectWritable(task.projectId, { taskCount: 1, doneTaskCount: done ? 1 : 0, maxTasks }),
    putPart('task', taskEntity.toItem(task), 'attribute_not_exists(pk)'),
    rankClaim(task),
    activityPart(activity),
  ]);
};

/** Claims the task's rank in its stage; ConditionFailed(['rank']) when another task holds it. */
const rankClaim = (task: Pick<TaskRecord, 'projectId' | 'id' | 'stage' | 'rank'>): TransactionPart =>
  putPart(
    'rank',
    { ...rankClaimKey(task.projectId, task.stage, task.rank), type: 'RankClaim', taskId: task.id },
    'attribute_not_exists(pk)',
  );

/** Gives the rank back (tasks written before claims existed have none: deleting nothing is fine). */
const rankRelease = (task: Pick<TaskRecord, 'projectId' | 'stage' | 'rank'>): TransactionPart =>
  deletePart('rankRelease', rankClaimKey(task.projectId, task.stage, task.rank));

const versionedTaskUpdate = (
  task: TaskRecord,
  fields: Partial<TaskRecord>,
): TransactionPart & { after: TaskRecord } => {
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
        Key: taskEntity.keyOf(task),
        UpdateExpression: `SET ${assignments.join(', ')}, #version = :next`,
        ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  };
};

/** Edits a task read at `task.version`; ConditionFailed(['task']) if it changed meanwhile. */
export const updateTask = async (
  task: TaskRecord,
  changes: Partial<TaskChanges>,
  activity: ActivityRecord,
): Promise<TaskRecord> => {
  const fields = Object.fromEntries(
    editableTaskFields.flatMap((field) => (field in changes ? [[field, changes[field]]] : [])),
  );
  const update = versionedTaskUpdate(task, fields);
  await transactWrite([projectWritable(task.projectId), update, activityPart(activity)]);
  return update.after;
};

/** Moves a task to a stage and rank, keeping the project's done count in the same transaction. */
export const moveTask = async (
  task: TaskRecord,
  move: { stage: string; rank: string; updatedAt: string; doneDelta: number },
  activity: ActivityRecord | undefined,
): Promise<TaskRecord> => {
  const update = versionedTaskUpdate(task, { stage: move.stage, rank: move.rank, updatedAt: move.updatedAt });
  await transactWrite([
    projectWritable(task.projectId, { doneTaskCount: move.doneDelta }),
    update,
    // Same place, same claim (a tie left from before claims existed): nothing to swap.
    ...(task.stage === move.stage && task.rank === move.rank
      ? []
      : [
          rankClaim(update.after),
          rankRelease(task),
          announce(
            'task.moved',
            {
              projectId: task.projectId,
              taskId: task.id,
              title: task.title,
              fromStage: task.stage,
              toStage: move.stage,
              movedAt: move.updatedAt,
            },
            new Date(move.updatedAt),
          ),
        ]),
    ...(activity ? [activityPart(activity)] : []),
  ]);
  return update.after;
};

/** The keys of a task's comments (deleting the task removes them). */
export const commentKeysOf = (projectId: string, taskId: string) =>
  queryAllKeys(projectPartitionKey(projectId), commentSortKeyPrefix(taskId));

/**
 * Deletes the task with its comments (`commentKeys`, read with the task), its rank claim and the
 * project's counters in one transaction when they fit (a few hundred comments do not: those
 * follow in batches). Only if the task still has the comments that were read: a comment added
 * meanwhile fails the write rather than being left behind.
 */
export const deleteTask = async (
  task: TaskRecord,
  done: boolean,
  activity: ActivityRecord,
  commentKeys: readonly { pk: string; sk: string }[],
): Promise<void> => {
  const parts: TransactionPart[] = [
    projectWritable(task.projectId, { taskCount: -1, doneTaskCount: done ? -1 : 0 }),
    {
      label: 'task',
      item: {
        Delete: {
          TableName: tableName(),
          Key: taskEntity.keyOf(task),
          // Tasks from before comment counts were kept have none stored.
          ...((task.commentCount as number | undefined) === undefined
            ? {
                ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#commentCount)',
                ExpressionAttributeNames: { '#commentCount': 'commentCount' },
              }
            : {
                ConditionExpression: 'attribute_exists(pk) AND #commentCount = :comments',
                ExpressionAttributeNames: { '#commentCount': 'commentCount' },
                ExpressionAttributeValues: { ':comments': task.commentCount },
              }),
        },
      },
    },
    rankRelease(task),
    activityPart(activity),
  ];
  const inTransaction = commentKeys.slice(0, transactionItemLimit - parts.length);
  await transactWrite([...parts, ...inTransaction.map((key) => deletePart('comment', key))]);
  const rest = commentKeys.slice(inTransaction.length);
  if (rest.length > 0) await batchWrite(rest.map((key) => ({ delete: key })));
};
