import { QueryCommand } from '@aws-sdk/lib-dynamodb';

import { db, deletePart, putPart, transactWrite, type TransactionPart } from '../core/db';
import { tableName } from '../core/table';
import {
  activityEntity,
  activitySortKeyPrefix,
  commentEntity,
  commentSortKeyPrefix,
  projectPartitionKey,
  taskEntity,
} from './entities';
import { activityPart } from './project-repository';
import { projectWritable } from './task-repository';
import type { ActivityRecord, CommentRecord } from './records';

/** Comments of a task and the activity of a project: pages of their project's partition. */

const taskCommentCount = (projectId: string, taskId: string, delta: number): TransactionPart => ({
  label: 'task',
  item: {
    Update: {
      TableName: tableName(),
      Key: taskEntity.key(projectId, taskId),
      UpdateExpression: 'ADD commentCount :delta',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':delta': delta },
    },
  },
});

export const createComment = async (comment: CommentRecord, activity: ActivityRecord): Promise<void> => {
  await transactWrite([
    projectWritable(comment.projectId),
    taskCommentCount(comment.projectId, comment.taskId, 1),
    putPart('comment', commentEntity.toItem(comment), 'attribute_not_exists(pk)'),
    activityPart(activity),
  ]);
};

export const deleteComment = async (projectId: string, taskId: string, commentId: string): Promise<void> => {
  await transactWrite([
    deletePart('comment', commentEntity.key(projectId, taskId, commentId), 'attribute_exists(pk)'),
    taskCommentCount(projectId, taskId, -1),
  ]);
};

export interface Page<T> {
  readonly items: T[];
  readonly lastKey?: string;
}

const queryPage = async <T>(
  fromItem: (item: Record<string, unknown>) => T,
  projectId: string,
  prefix: string,
  options: { limit: number; after?: string; descending: boolean },
): Promise<Page<T>> => {
  const pk = projectPartitionKey(projectId);
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
      ExclusiveStartKey: options.after ? { pk, sk: `${prefix}${options.after}` } : undefined,
      ScanIndexForward: !options.descending,
      Limit: options.limit,
      ConsistentRead: true,
    }),
  );
  const lastSk = page.LastEvaluatedKey ? String(page.LastEvaluatedKey.sk) : undefined;
  return {
    items: (page.Items ?? []).map(fromItem),
    lastKey: lastSk?.startsWith(prefix) ? lastSk.slice(prefix.length) : undefined,
  };
};

export const listComments = (projectId: string, taskId: string, options: { limit: number; after?: string }) =>
  queryPage(commentEntity.fromItem, projectId, commentSortKeyPrefix(taskId), { ...options, descending: false });

export const listActivity = (projectId: string, options: { limit: number; after?: string }) =>
  queryPage(activityEntity.fromItem, projectId, activitySortKeyPrefix, { ...options, descending: true });
