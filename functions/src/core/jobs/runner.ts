import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';

import { db, isConditionFailure, retry } from '../db';
import { logger } from '../logger';
import { tableName } from '../table';
import type { JobDefinition, JobRegistry } from './definition';
import { jobEntity, jobsDuePartition } from './entities';
import { UnknownOutcomeError } from './errors';
import type { JobRecord } from './records';
import { claimed, failed, isDue, isLapsed, lapsed, mayRerun, succeeded, unrunnable } from './transitions';

/**
 * Runs one job: CLAIM (a conditional write on the version read: queued/retrying and due, or a
 * lapsed lease that may be re-run) → RUN the kind's definition → RECORD the outcome, again
 * conditional on the claim's version, so a late or duplicate worker can never overwrite what
 * another recorded. The stream handler and the tick (worker/handler.ts) both call `runJob`; a
 * repeat delivery of the same job loses the claim and does nothing.
 */

export interface RunnerSettings {
  /** How long a claim holds. Longer than the call timeout and the worker's own timeout. */
  readonly leaseMs: number;
  /** How long `run` may take; past it the outcome is unknown (at-most-once) or a failure. */
  readonly callTimeoutMs: number;
  readonly now: () => Date;
  readonly random: () => number;
}

/** Defaults for Lambda (timeout 60 s, infra/lib/worker.ts); JOB_LEASE_MS / JOB_CALL_TIMEOUT_MS override. */
export const runnerSettings = (overrides: Partial<RunnerSettings> = {}): RunnerSettings => {
  const leaseMs = overrides.leaseMs ?? (Number(process.env.JOB_LEASE_MS) || 90_000);
  const callTimeoutMs = Math.min(
    overrides.callTimeoutMs ?? (Number(process.env.JOB_CALL_TIMEOUT_MS) || 20_000),
    Math.floor(leaseMs * 0.75),
  );
  return { leaseMs, callTimeoutMs, now: overrides.now ?? (() => new Date()), random: overrides.random ?? Math.random };
};

export type RunOutcome = 'done' | 'retrying' | 'dead' | 'unknown' | 'skipped';

/** The log record an alarm counts (a CloudWatch metric filter on `$.alarm`, infra/lib/worker.ts). */
export const jobNeedsAttentionAlarm = 'JobNeedsAttention';

type Definition = JobDefinition<unknown>;

const definitionOf = (registry: JobRegistry, job: JobRecord): Definition | undefined =>
  (registry as Record<string, Definition | undefined>)[job.kind];

/** Writes `next` if the stored job is still at `expectedVersion`; false when someone else moved it. */
const replaceIf = async (next: JobRecord, expectedVersion: number): Promise<boolean> => {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: jobEntity.toItem(next),
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':version': expectedVersion },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

const needsAttention = (job: JobRecord) => {
  logger.warn('job needs attention', {
    alarm: jobNeedsAttentionAlarm,
    jobId: job.id,
    kind: job.kind,
    status: job.status,
    attempts: job.attempts,
    lastError: job.lastError,
  });
};

/** Hooks update the area's own records (a message's tick): retried briefly, then logged. */
const callHook = async (name: string, job: JobRecord, hook: () => Promise<void>) => {
  try {
    await retry({ attempts: 3, baseDelayMs: 100, maxDelayMs: 1_000 }, hook);
  } catch (error) {
    logger.error(
      `job ${name} hook failed`,
      { jobId: job.id, kind: job.kind },
      error instanceof Error ? error : undefined,
    );
  }
};

const giveUp = async (definition: Definition | undefined, job: JobRecord) => {
  needsAttention(job);
  const onGiveUp = definition?.onGiveUp;
  if (onGiveUp) await callHook('onGiveUp', job, () => onGiveUp(job.payload, job));
};

/** `run`, bounded by the call timeout: a run that outlives it has an outcome nobody knows. */
const runBounded = async (definition: Definition, job: JobRecord, settings: RunnerSettings): Promise<unknown> => {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      const message = `No answer within ${settings.callTimeoutMs} ms`;
      reject(definition.delivery === 'at-most-once' ? new UnknownOutcomeError(message) : new Error(message));
    }, settings.callTimeoutMs);
  });
  try {
    return await Promise.race([
      definition.run(job.payload, { job, attempt: job.attempts, now: settings.now(), signal: controller.signal }),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Runs `job` (as read from the stream, the due index or the table) if it is due or its lease
 * lapsed, and records the outcome. Returns what became of it; 'skipped' when it was not due or
 * another worker had it. Throws only when the table cannot be reached (the caller retries).
 */
export const runJob = async (
  job: JobRecord,
  registry: JobRegistry,
  overrides: Partial<RunnerSettings> = {},
): Promise<RunOutcome> => {
  const settings = runnerSettings(overrides);
  const now = settings.now();
  const definition = definitionOf(registry, job);
  const due = isDue(job, now);
  if (!due && !isLapsed(job, now)) return 'skipped';

  if (!due && !mayRerun(job, definition?.delivery)) {
    const ended = lapsed(job, now, definition?.delivery);
    if (!(await replaceIf(ended, job.version))) return 'skipped';
    await giveUp(definition, ended);
    return ended.status === 'dead' ? 'dead' : 'unknown';
  }
  if (!definition) {
    const dead = unrunnable(job, now);
    if (!(await replaceIf(dead, job.version))) return 'skipped';
    needsAttention(dead);
    return 'dead';
  }

  const claim = claimed(job, now, settings.leaseMs);
  if (!(await replaceIf(claim, job.version))) return 'skipped';

  let next: JobRecord;
  let result: unknown;
  try {
    result = await runBounded(definition, claim, settings);
    next = succeeded(claim, settings.now(), result);
  } catch (error) {
    next = failed(claim, settings.now(), error, definition.backoff, settings.random);
  }
  if (!(await replaceIf(next, claim.version))) {
    // Only when the lease lapsed during the run (the tick then ended it): the lease is longer
    // than the call timeout, so this means the worker was starved, and the outcome stays unknown.
    logger.error('job outcome not recorded: its claim was taken over', { jobId: job.id, kind: job.kind });
    return 'skipped';
  }
  if (next.status === 'done') {
    const onDone = definition.onDone;
    if (onDone) await callHook('onDone', next, () => onDone(next.payload, next, result));
    return 'done';
  }
  if (next.status === 'retrying') return 'retrying';
  await giveUp(definition, next);
  return next.status === 'dead' ? 'dead' : 'unknown';
};

/** Runs `task` over `items`, at most `limit` at a time. */
export const forEachLimited = async <T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> => {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
};

/**
 * What the tick works on: one bounded Query of the due index up to now — queued and retrying
 * jobs whose time has come, and running jobs whose lease has lapsed (they sort by the lease).
 */
export const dueJobs = async (now: Date, limit: number): Promise<JobRecord[]> => {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :due AND gsi1sk <= :now',
      // `<time>#<id>`: every key of this millisecond or earlier sorts below `<time>#\uffff`.
      ExpressionAttributeValues: { ':due': jobsDuePartition, ':now': `${now.toISOString()}#\uffff` },
      Limit: limit,
    }),
  );
  return Items.map((item) => jobEntity.fromItem(item));
};
