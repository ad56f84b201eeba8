import type { JobKind, JobPayloads, JobRecord } from './records';

/**
 * How an area's job kind runs. The worker (functions/src/worker) composes the areas'
 * definitions into one registry; the runner (runner.ts) claims a job, calls `run`, and records
 * the outcome.
 */
export interface JobContext {
  readonly job: JobRecord;
  /** This attempt, from 1. */
  readonly attempt: number;
  readonly now: Date;
  /** Aborted when the call timeout passes (the runner then treats the outcome as unknown or failed). */
  readonly signal: AbortSignal;
}

export interface JobDefinition<Payload> {
  /**
   * - 'at-most-once': an outside send that must never repeat by itself (a message, an email).
   *   A run that was cut off mid-call (its lease lapsed) becomes `unknown`, for an admin.
   * - 'at-least-once': work that is safe to repeat (it checks what is already done). A cut-off
   *   run is simply run again.
   */
  readonly delivery: 'at-most-once' | 'at-least-once';
  /** Does the work; what it returns is kept as the job's result. Throw to fail (see errors.ts). */
  run(payload: Payload, context: JobContext): Promise<unknown>;
  /** Called once the job succeeds (e.g. a message's tick becomes delivered). */
  onDone?(payload: Payload, job: JobRecord<Payload>, result: unknown): Promise<void>;
  /** Called when the job ends without success: dead or unknown (e.g. the message shows failed). */
  onGiveUp?(payload: Payload, job: JobRecord<Payload>): Promise<void>;
  /** Back-off: first wait and cap (defaults in runner.ts). */
  readonly backoff?: { readonly baseMs: number; readonly capMs: number };
}

export type JobRegistry = { readonly [K in JobKind]?: JobDefinition<JobPayloads[K]> };
