import { defineEntity } from '../entity';
import { attentionStatuses, pendingStatuses, type JobRecord, type JobStatus } from './records';

/**
 * A job's item and its place in GSI1 (rows in core/access-patterns.ts):
 * - pending jobs (queued, retrying, running) sit in the due partition, sorted by when they are
 *   due (a running job by when its lease lapses), so the tick reads what is due with one
 *   bounded Query;
 * - jobs that need an admin (dead, unknown) sit in the attention partition, newest first;
 * - finished jobs (done, cancelled) are in no index and expire by TTL;
 * - an outcome whose hook is still to run stays in the due partition, at its lease.
 */
export const jobsDuePartition = 'JOBS#due';
export const jobsAttentionPartition = 'JOBS#attention';

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => list.includes(value as T);

/** Where in the due partition a pending job sorts: its due time, or its lease while running. */
export const dueSortKey = (job: Pick<JobRecord, 'status' | 'runAt' | 'leaseUntil' | 'id' | 'hookPending'>): string =>
  `${(job.status === 'running' || job.hookPending) && job.leaseUntil ? job.leaseUntil : job.runAt}#${job.id}`;

export const jobIndexKeys = (
  job: Pick<JobRecord, 'status' | 'runAt' | 'leaseUntil' | 'id' | 'updatedAt' | 'hookPending'>,
) => {
  const status: JobStatus = job.status;
  // An outcome whose hook has not run yet waits in the due index (at its lease) for the tick.
  if (job.hookPending) return { gsi1pk: jobsDuePartition, gsi1sk: dueSortKey(job) };
  if (isOneOf(pendingStatuses, status)) return { gsi1pk: jobsDuePartition, gsi1sk: dueSortKey(job) };
  if (isOneOf(attentionStatuses, status))
    return { gsi1pk: jobsAttentionPartition, gsi1sk: `${job.updatedAt}#${job.id}` };
  return {};
};

export const jobEntity = defineEntity<JobRecord, [jobId: string]>({
  type: 'Job',
  key: (jobId) => ({ pk: `JOB#${jobId}`, sk: 'JOB' }),
  keyOf: (job) => ({ pk: `JOB#${job.id}`, sk: 'JOB' }),
  indexKeysOf: jobIndexKeys,
});
