import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';

import { db } from '../db';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { tableName } from '../table';
import { jobEntity, jobsAttentionPartition } from './entities';
import { attentionStatuses, type JobRecord, type JobStatus } from './records';
import { replaceJobIf } from './repository';
import { replayed } from './transitions';

/**
 * What admins see of background work: the jobs that need them (dead, unknown), and replay.
 * Exposed on admin routes by the channels area, which authorises the caller; these functions
 * trust that it did. The payload never leaves: it may hold an address or a message body, and
 * the label says what the job was for.
 */

export interface JobSummary {
  readonly id: string;
  readonly kind: string;
  readonly label: string;
  readonly status: JobStatus;
  readonly attempts: number;
  readonly lastError?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface JobPage {
  readonly items: readonly JobSummary[];
  /** Pass back as `cursor` for the next (older) page; absent on the last page. */
  readonly cursor?: string;
}

export const summaryOf = (job: JobRecord): JobSummary => ({
  id: job.id,
  kind: job.kind,
  label: job.label,
  status: job.status,
  attempts: job.attempts,
  ...(job.lastError ? { lastError: job.lastError } : {}),
  createdAt: job.createdAt,
  updatedAt: job.updatedAt,
});

/** The cursor is the last item's index position, opaque to the client. */
const encodeCursor = (key: Record<string, unknown>): string =>
  Buffer.from(JSON.stringify({ id: String(key.pk).slice('JOB#'.length), at: key.gsi1sk })).toString('base64url');

const decodeCursor = (cursor: string): Record<string, unknown> => {
  try {
    const { id, at } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { id?: unknown; at?: unknown };
    if (typeof id !== 'string' || typeof at !== 'string' || id === '') throw new Error('bad cursor');
    return { ...jobEntity.key(id), gsi1pk: jobsAttentionPartition, gsi1sk: at };
  } catch (error) {
    throw new ValidationError({ cursor: ['Invalid cursor'] }, { cause: error });
  }
};

export const maxAttentionPageSize = 100;

/** Jobs needing an admin, newest first, one bounded Query of the attention index per page. */
export const listJobsNeedingAttention = async (options: { limit?: number; cursor?: string } = {}): Promise<JobPage> => {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 25), 1), maxAttentionPageSize);
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :attention',
      ExpressionAttributeValues: { ':attention': jobsAttentionPartition },
      ScanIndexForward: false,
      Limit: limit,
      ...(options.cursor ? { ExclusiveStartKey: decodeCursor(options.cursor) } : {}),
    }),
  );
  const items = (page.Items ?? []).map((item) => summaryOf(jobEntity.fromItem(item)));
  return { items, ...(page.LastEvaluatedKey ? { cursor: encodeCursor(page.LastEvaluatedKey) } : {}) };
};

/**
 * Queues a dead or unknown job again, now, with its attempts afresh (an admin decided that a
 * repeat is right, e.g. after checking the recipient did not get it). 404 when there is no such
 * job, 409 when it is not waiting for an admin (already replayed, or changed meanwhile).
 */
export const replayJob = async (jobId: string, now = new Date()): Promise<JobSummary> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: jobEntity.key(jobId), ConsistentRead: true }),
  );
  if (!Item || Item.type !== jobEntity.type) throw new NotFoundError('No such job');
  const job = jobEntity.fromItem(Item);
  if (!(attentionStatuses as readonly JobStatus[]).includes(job.status))
    throw new ConflictError({ status: ['Only a dead or unknown job can be replayed'] }, summaryOf(job));
  const next = replayed(job, now);
  if (!(await replaceJobIf(next, job.version))) {
    throw new ConflictError({ status: ['The job changed meanwhile'] });
  }
  return summaryOf(next);
};
