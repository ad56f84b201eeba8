import type { TransactionPart } from '../db';
import { tableName, ttlAttribute } from '../table';
import { dueSortKey, jobEntity, jobsDuePartition } from './entities';

/**
 * Changing a job that has not started, as a part of the owner's transaction (an edit of a
 * scheduled send moves its record and its job together, or neither). Each part holds only while
 * the job is still queued: once the worker has claimed it (running) or finished it, the part's
 * condition fails and the transaction reports ConditionFailed with the part's label ('job'), so
 * the owner can answer "too late" (409) instead of changing work already under way.
 */

/** How long a cancelled job stays readable before TTL removes it. */
const cancelledKeptSeconds = 7 * 24 * 60 * 60;

export const pendingJobLabel = 'job';

/**
 * A queued job gets a new due time and/or payload. Its version moves on, so a worker that read
 * the job before the change cannot claim it with the old one; its place in the due index moves
 * with the due time. `expectedVersion`, when given, must be the job's version.
 */
export const reschedulePendingJobPart = (
  jobId: string,
  change: { readonly runAt?: Date; readonly payload?: unknown },
  options: { readonly expectedVersion?: number; readonly now?: Date } = {},
): TransactionPart => {
  const now = options.now ?? new Date();
  const set = ['#version = #version + :one', 'updatedAt = :now'];
  const values: Record<string, unknown> = { ':one': 1, ':now': now.toISOString(), ':queued': 'queued' };
  if (change.runAt) {
    const runAt = change.runAt.toISOString();
    set.push('runAt = :runAt', 'gsi1pk = :due', 'gsi1sk = :dueSk');
    values[':runAt'] = runAt;
    values[':due'] = jobsDuePartition;
    values[':dueSk'] = dueSortKey({ status: 'queued', runAt, id: jobId });
  }
  if (change.payload !== undefined) {
    set.push('payload = :payload');
    values[':payload'] = change.payload;
  }
  const conditions = ['attribute_exists(pk)', '#status = :queued'];
  if (options.expectedVersion !== undefined) {
    conditions.push('#version = :expected');
    values[':expected'] = options.expectedVersion;
  }
  return {
    label: pendingJobLabel,
    item: {
      Update: {
        TableName: tableName(),
        Key: jobEntity.key(jobId),
        UpdateExpression: `SET ${set.join(', ')}`,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
        ExpressionAttributeValues: values,
      },
    },
  };
};

/**
 * A queued job will not run: it becomes cancelled, leaves the due index and expires by TTL.
 * A job already claimed (running), finished or cancelled fails the condition.
 */
export const cancelPendingJobPart = (jobId: string, now = new Date()): TransactionPart => ({
  label: pendingJobLabel,
  item: {
    Update: {
      TableName: tableName(),
      Key: jobEntity.key(jobId),
      UpdateExpression: `SET #status = :cancelled, updatedAt = :now, #version = #version + :one, #ttl = :ttl REMOVE gsi1pk, gsi1sk`,
      ConditionExpression: 'attribute_exists(pk) AND #status = :queued',
      ExpressionAttributeNames: { '#status': 'status', '#version': 'version', '#ttl': ttlAttribute },
      ExpressionAttributeValues: {
        ':cancelled': 'cancelled',
        ':queued': 'queued',
        ':now': now.toISOString(),
        ':one': 1,
        ':ttl': Math.floor(now.getTime() / 1000) + cancelledKeptSeconds,
      },
    },
  },
});
