import { QueryCommand } from '@aws-sdk/lib-dynamodb';

import { db, retry } from '../db';
import { logger } from '../logger';
import { tableName } from '../table';
import type { JobDefinition, JobRegistry } from './definition';
import { jobEntity, jobsDuePartition } from './entities';
import { UnknownOutcomeError } from './errors';
import type { JobRecord } from './records';
import { replaceJobIf } from './repository';
import {
  claimed,
  failed,
  isDue,
  isLapsed,
  isUnsettled,
  lapsed,
  mayRerun,
  settled,
  succeeded,
  unrunnable,
  withHookPending,
} from './transitions';

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

/** Hooks update the area's own records (a message's tick): retried briefly; false if they kept failing. */
const callHook = async (name: string, job: JobRecord, hook: () => Promise<void>): Promise<boolean> => {
  try {
    await retry({ attempts: 3, baseDelayMs: 100, maxDelayMs: 1_000 }, hook);
    return true;
  } catch (error) {
    logger.error(
      `job ${name} hook failed`,
      { jobId: job.id, kind: job.kind },
      error instanceof Error ? error : undefined,
    );
    return false;
  }
};

/** The hook an outcome calls, if its definition has one. */
const hookFor = (definition: Definition | undefined, job: JobRecord): (() => Promise<boolean>) | undefined => {
  if (job.status === 'done') {
    const onDone = definition?.onDone;
    return onDone && (() => callHook('onDone', job, () => onDone(job.payload, job, job.result)));
  }
  if (job.status !== 'dead' && job.status !== 'unknown') return undefined;
  const onGiveUp = definition?.onGiveUp;
  return onGiveUp && (() => callHook('onGiveUp', job, () => onGiveUp(job.payload, job)));
};

/**
 * Records an outcome (conditional on `expectedVersion`) and runs its hook. With a hook, the
 * outcome is first written with `hookPending` (still in the due index, at a lease), and only
 * settled once the hook ran: a worker killed between the two leaves it for the tick, which runs
 * the hook again. False when the write lost (someone else moved the job).
 */
const recordOutcome = async (
  definition: Definition | undefined,
  outcome: JobRecord,
  expectedVersion: number,
  settings: RunnerSettings,
): Promise<boolean> => {
  const hook = hookFor(definition, outcome);
  const recorded = hook ? withHookPending(outcome, settings.now(), settings.leaseMs) : outcome;
  if (!(await replaceJobIf(recorded, expectedVersion))) return false;
  if (recorded.status === 'dead' || recorded.status === 'unknown') needsAttention(recorded);
  if (hook && (await hook())) await replaceJobIf(settled(recorded, settings.now()), recorded.version);
  return true;
};

/** The tick's side of `recordOutcome`: an outcome whose hook was left unrun; one more try, then settled. */
const settleLeftover = async (definition: Definition | undefined, job: JobRecord, settings: RunnerSettings) => {
  await hookFor(definition, job)?.();
  await replaceJobIf(settled(job, settings.now()), job.version);
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
  if (isUnsettled(job, now)) {
    await settleLeftover(definition, job, settings);
    return 'skipped';
  }
  const due = isDue(job, now);
  if (!due && !isLapsed(job, now)) return 'skipped';

  if (!due && !mayRerun(job, definition?.delivery)) {
    const ended = lapsed(job, now, definition?.delivery);
    if (!(await recordOutcome(definition, ended, job.version, settings))) return 'skipped';
    return ended.status === 'dead' ? 'dead' : 'unknown';
  }
  if (!definition) {
    const dead = unrunnable(job, now);
    if (!(await recordOutcome(definition, dead, job.version, settings))) return 'skipped';
    return 'dead';
  }

  const claim = claimed(job, now, settings.leaseMs);
  if (!(await replaceJobIf(claim, job.version))) return 'skipped';

  let next: JobRecord;
  try {
    next = succeeded(claim, settings.now(), await runBounded(definition, claim, settings));
  } catch (error) {
    next = failed(claim, settings.now(), error, definition.backoff, settings.random);
  }
  if (!(await recordOutcome(definition, next, claim.version, settings))) {
    // Only when the lease lapsed during the run (the tick then ended it): the lease is longer
    // than the call timeout, so this means the worker was starved, and the outcome stays unknown.
    logger.error('job outcome not recorded: its claim was taken over', { jobId: job.id, kind: job.kind });
    return 'skipped';
  }
  return next.status === 'done'
    ? 'done'
    : next.status === 'retrying'
      ? 'retrying'
      : next.status === 'dead'
        ? 'dead'
        : 'unknown';
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
