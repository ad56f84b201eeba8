import { backoffDelay } from '../db';
import type { JobDefinition } from './definition';
import { PermanentJobError, UnknownOutcomeError } from './errors';
import type { JobRecord, JobStatus } from './records';

/**
 * A job's state changes as pure functions of (record, time): the runner (runner.ts) writes each
 * new record conditionally on the version it read, so these carry no I/O and are unit-tested
 * on their own. Every change bumps `version` and `updatedAt`.
 */

/** Back-off between attempts when a definition gives none: 2 s, 4 s, 8 s … capped at 15 min. */
export const defaultBackoff = { baseMs: 2_000, capMs: 15 * 60_000 } as const;
/** A finished job is kept this long (TTL), for support questions, then DynamoDB drops it. */
export const doneRetentionSeconds = 30 * 24 * 60 * 60;
/** lastError is shown to admins: a message, never a stack or a payload, and short. */
export const maxErrorLength = 500;

/** Statuses a worker may claim when they are due. */
export const claimableStatuses: readonly JobStatus[] = ['queued', 'retrying'];

type Job = JobRecord;
type Delivery = JobDefinition<unknown>['delivery'];

const changed = (job: Job, now: Date, change: Partial<Job>): Job => ({
  ...job,
  ...change,
  updatedAt: now.toISOString(),
  version: job.version + 1,
});

/** Whether a queued or retrying job may be claimed now. */
export const isDue = (job: Pick<Job, 'status' | 'runAt'>, now: Date): boolean =>
  claimableStatuses.includes(job.status) && Date.parse(job.runAt) <= now.getTime();

/**
 * The recorded outcome, still waiting for its hook: kept in the due index until `leaseMs` from
 * now, when the tick runs the hook again if the worker did not finish it.
 */
export const withHookPending = <J extends Job>(job: J, now: Date, leaseMs: number): J => ({
  ...job,
  hookPending: true,
  leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
});

/** The hook ran: the job leaves the due index (done) or goes to the attention index (dead, unknown). */
export const settled = (job: Job, now: Date): Job => {
  const { hookPending: _pending, ...rest } = withoutLease(job);
  return changed(rest, now, {});
};

/** Whether an outcome's hook was left unrun past its lease (the worker died after recording). */
export const isUnsettled = (job: Pick<Job, 'hookPending' | 'leaseUntil'>, now: Date): boolean =>
  job.hookPending === true && job.leaseUntil !== undefined && Date.parse(job.leaseUntil) <= now.getTime();

/** Whether a running job's claim has lapsed (its worker died or hung past the lease). */
export const isLapsed = (job: Pick<Job, 'status' | 'leaseUntil'>, now: Date): boolean =>
  job.status === 'running' && job.leaseUntil !== undefined && Date.parse(job.leaseUntil) <= now.getTime();

/** The claim: running, one more attempt, and a lease after which the tick looks at it again. */
export const claimed = (job: Job, now: Date, leaseMs: number): Job =>
  changed(job, now, {
    status: 'running',
    attempts: job.attempts + 1,
    leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
  });

const withoutLease = (job: Job): Job => {
  const { leaseUntil: _lease, ...rest } = job;
  return rest;
};

export const succeeded = (job: Job, now: Date, result: unknown): Job & { expiresAt: number } => ({
  ...changed(withoutLease(job), now, { status: 'done', ...(result === undefined ? {} : { result }) }),
  expiresAt: Math.floor(now.getTime() / 1000) + doneRetentionSeconds,
});

/** Message text only (no stack, no cause, which could hold a request with a token), truncated. */
export const errorText = (error: unknown): string => {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > maxErrorLength ? `${text.slice(0, maxErrorLength - 1)}…` : text;
};

/**
 * What a failed attempt leads to: `unknown` when the outside call may have happened, `dead`
 * when retrying cannot help or the attempts are spent, else `retrying` after a back-off with
 * full jitter (core/db.ts backoffDelay: a random wait up to base x 2^(attempt-1), capped).
 */
export const failed = (
  job: Job,
  now: Date,
  error: unknown,
  backoff: { readonly baseMs: number; readonly capMs: number } = defaultBackoff,
  random: () => number = Math.random,
): Job => {
  const lastError = errorText(error);
  const base = withoutLease(job);
  if (error instanceof UnknownOutcomeError) return changed(base, now, { status: 'unknown', lastError });
  if (error instanceof PermanentJobError || job.attempts >= job.maxAttempts)
    return changed(base, now, { status: 'dead', lastError });
  const delay = backoffDelay(
    { attempts: job.maxAttempts, baseDelayMs: backoff.baseMs, maxDelayMs: backoff.capMs },
    job.attempts,
    random,
  );
  return changed(base, now, { status: 'retrying', lastError, runAt: new Date(now.getTime() + delay).toISOString() });
};

/** A kind nobody registered: nothing can run it, so an admin must see it. */
export const unrunnable = (job: Job, now: Date): Job =>
  changed(withoutLease(job), now, { status: 'dead', lastError: `No worker knows the job kind "${job.kind}"` });

export const lapsedError = 'The worker stopped before recording the outcome (lease lapsed)';

/**
 * Whether a lapsed claim (the worker was killed or hung) may simply be claimed again: only
 * at-least-once work with attempts left. Otherwise it ends with `lapsed`.
 */
export const mayRerun = (job: Job, delivery: Delivery | undefined): boolean =>
  delivery === 'at-least-once' && job.attempts < job.maxAttempts;

/**
 * A lapsed claim that is not run again: an at-most-once send may or may not have gone out, so
 * it becomes `unknown` for an admin; at-least-once work whose attempts are spent is dead.
 */
export const lapsed = (job: Job, now: Date, delivery: Delivery | undefined): Job =>
  changed(withoutLease(job), now, {
    status: delivery === 'at-least-once' ? 'dead' : 'unknown',
    lastError: lapsedError,
  });

/** An admin's replay of a dead or unknown job: queued now, with its attempts afresh. */
export const replayed = (job: Job, now: Date): Job => {
  const { hookPending: _pending, ...rest } = withoutLease(job);
  return changed(rest, now, { status: 'queued', runAt: now.toISOString(), attempts: 0 });
};
