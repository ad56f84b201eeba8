/**
 * Background work (docs/background-work.md). A job is an item in the table, written in the
 * same transaction as the change that causes it (an outbox). DynamoDB Streams carry a new job to
 * the worker at once; a job due later (a scheduled send, a retry after back-off) waits in the
 * due index until the scheduled tick finds it.
 *
 * Life of a job:
 *   queued ──claim──▶ running ──▶ done
 *                        │  ├──▶ retrying (back-off, due again) ──claim──▶ running …
 *                        │  ├──▶ dead      (attempts spent, or a permanent failure)
 *                        │  └──▶ unknown   (an outside call whose outcome nobody knows)
 *   queued / retrying ──▶ cancelled (by the area that owns it, before it runs)
 *   dead / unknown ──replay (an admin)──▶ queued
 */
export const jobStatuses = ['queued', 'running', 'retrying', 'done', 'dead', 'unknown', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** Statuses an admin must look at (the dead-letter list): replay or accept. */
export const attentionStatuses = ['dead', 'unknown'] as const satisfies readonly JobStatus[];
/** Statuses that keep a job in the due index. */
export const pendingStatuses = ['queued', 'retrying', 'running'] as const satisfies readonly JobStatus[];

export interface JobRecord<Payload = unknown> {
  /** Sortable (ULID) unless the caller names it for de-duplication (one job per that name). */
  readonly id: string;
  readonly kind: JobKind;
  readonly payload: Payload;
  readonly status: JobStatus;
  /** When it is due: its creation for immediate work, a later time for scheduled work and retries. */
  readonly runAt: string;
  /** Attempts started so far. */
  readonly attempts: number;
  readonly maxAttempts: number;
  /** While running: when the claim lapses (a worker that died mid-call leaves it to the tick). */
  readonly leaseUntil?: string;
  /**
   * Set while the outcome is recorded but its hook (onDone / onGiveUp: a message's ticks) has
   * not run yet: the job stays in the due index at `leaseUntil`, and if the worker dies before
   * the hook ends, the tick runs the hook again (hooks are idempotent) and settles the job.
   */
  readonly hookPending?: boolean;
  /** The last failure, as shown to an admin (never a secret). */
  readonly lastError?: string;
  /** What the handler returned when it finished (e.g. the provider's message id). */
  readonly result?: unknown;
  /** A short human label for the dead-letter list ("Telegram reply to Ada Lovelace"). */
  readonly label: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly version: number;
}

/**
 * Every kind of job and its payload. Areas add theirs by declaration merging, next to the
 * code that runs them:
 *
 *   declare module '../core/jobs/records' {
 *     interface JobPayloads { 'channel.deliver': ChannelDeliveryPayload }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface JobPayloads {}
export type JobKind = keyof JobPayloads & string;
