import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import { listJobsNeedingAttention, replayJob, type JobSummary } from '../core/jobs/admin';
import type { WorkItem, WorkResponse } from './contract';

/**
 * Background work that needs an admin (docs/background-work.md): jobs that ended dead or with an
 * unknown outcome, listed newest first, and replay. Shown on the channels page because most of
 * it is channel sends; the list covers every area's jobs (their labels name people and
 * addresses), so seeing it takes what replaying takes, `update Channel`, not just reading channels.
 */

const toWorkItem = (job: JobSummary): WorkItem => ({
  id: job.id,
  kind: job.kind,
  label: job.label,
  status: job.status === 'unknown' ? 'unknown' : 'dead',
  attempts: job.attempts,
  lastError: job.lastError ?? null,
  createdAt: job.createdAt,
  updatedAt: job.updatedAt,
});

export const listWork = async (
  caller: Caller,
  request: () => { cursor?: string; limit?: number } = () => ({}),
): Promise<WorkResponse> => {
  authorize(caller.ability, 'update', 'Channel');
  const page = await listJobsNeedingAttention(request());
  return { items: page.items.map(toWorkItem), ...(page.cursor ? { cursor: page.cursor } : {}) };
};

/** Queues the job again with fresh attempts (404 if none, 409 if it is not dead / unknown). */
export const replayWork = async (caller: Caller, request: () => { jobId: string }): Promise<{ item: WorkItem }> => {
  authorize(caller.ability, 'update', 'Channel');
  return { item: toWorkItem(await replayJob(request().jobId)) };
};
