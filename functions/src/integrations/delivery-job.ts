import type { TransactionPart } from '../core/db';
import { jobPart } from '../core/jobs/enqueue';

/**
 * One attempt of one delivery is one job (`webhook.deliver`), named by the delivery and the
 * attempt's number: the retry after a failure is written in the same transaction that records
 * the failure, so a crash loses no retry, and no attempt is ever queued twice.
 */
export interface WebhookAttemptPayload {
  readonly webhookId: string;
  readonly deliveryId: string;
  /** The delivery's attempt this job makes, from 1 (replays continue the count). */
  readonly attempt: number;
}

declare module '../core/jobs/records' {
  interface JobPayloads {
    'webhook.deliver': WebhookAttemptPayload;
  }
}

/**
 * A job whose own retries are only for the worker's trouble (the table unreachable): the
 * receiver's failures are answered by the delivery's schedule (delivery-schedule.ts).
 */
const workerRetries = 3;

export const attemptJobPart = (payload: WebhookAttemptPayload, runAt: Date, now = new Date()): TransactionPart =>
  jobPart('webhook.deliver', payload, {
    id: `${payload.deliveryId}_${payload.attempt}`,
    runAt,
    now,
    maxAttempts: workerRetries,
    label: `Webhook delivery ${payload.deliveryId}, attempt ${payload.attempt}`,
  }).part;
