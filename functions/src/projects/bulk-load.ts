import { UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { batchGet, batchWrite, db, queryAll } from '../core/db';
import { tableName } from '../core/table';
import { projectStatuses } from './contract';
import {
  activityEntity,
  commentEntity,
  listEntriesOf,
  listEntryEntity,
  listPartitionKey,
  projectEntity,
  taskEntity,
} from './entities';
import { countUpdate, statusCountDeltas } from './list-writes';
import type { ActivityRecord, CommentRecord, ProjectRecord, TaskRecord } from './records';

/** Bulk loads for the seed and the benchmark: never a request path. */

/** Every item a project owns in the table except its tasks, comments and activity. */
export const projectItemsOf = (project: ProjectRecord): Record<string, unknown>[] => [
  projectEntity.toItem(project),
  ...listEntriesOf(project).map(listEntryEntity.toItem),
];

export const taskItemOf = (task: TaskRecord) => taskEntity.toItem(task);
export const commentItemOf = (comment: CommentRecord) => commentEntity.toItem(comment);
export const activityItemOf = (activity: ActivityRecord) => activityEntity.toItem(activity);

/** Writes items with BatchWriteItem, 25 at a time, `concurrency` batches in flight. */
export const bulkPut = (items: readonly Record<string, unknown>[], concurrency = 8): Promise<void> =>
  batchWrite(
    items.map((item) => ({ put: item })),
    concurrency,
  );

/** Adds bulk-loaded projects to the per-status counts, one write per scope. */
export const addToStatusCounts = async (projects: readonly ProjectRecord[]): Promise<void> => {
  const perScope = new Map<string, ReturnType<typeof statusCountDeltas>[number]>();
  for (const project of projects) {
    for (const change of statusCountDeltas(undefined, project)) {
      const key = JSON.stringify(change.scope);
      const entry = perScope.get(key) ?? { scope: change.scope, deltas: {} };
      for (const [status, delta] of Object.entries(change.deltas)) {
        entry.deltas[status as keyof typeof entry.deltas] =
          (entry.deltas[status as keyof typeof entry.deltas] ?? 0) + (delta ?? 0);
      }
      perScope.set(key, entry);
    }
  }
  for (const { scope, deltas } of perScope.values()) {
    const update = countUpdate(scope, deltas).item.Update;
    if (update) await db().send(new UpdateCommand(update));
  }
};

/**
 * Writes every project's list entries again (idempotent puts), reading the projects from the
 * workspace's per-status lists: a store whose entries predate a list partition family (such as
 * the `open` and `all` sets) gets them. Run once per store by the seed.
 */
export const rewriteListEntries = async (): Promise<number> => {
  const projectIds = new Set<string>();
  for (const status of projectStatuses) {
    const entries = await queryAll<{ projectId: string }>({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': listPartitionKey({ kind: 'workspace' }, status, 'created') },
      ProjectionExpression: 'projectId',
    });
    for (const entry of entries) projectIds.add(entry.projectId);
  }
  const items = await batchGet([...projectIds].map(projectEntity.key), { consistent: true });
  await bulkPut(items.flatMap((item) => listEntriesOf(projectEntity.fromItem(item)).map(listEntryEntity.toItem)));
  return items.length;
};
