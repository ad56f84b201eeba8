/**
 * When a failed delivery is tried again (docs/integrations.md, "Webhooks"): exponential back-off
 * from 1 minute, doubling, capped at 8 hours, each wait lengthened by up to 20 % at random (the
 * jitter spreads receivers' recoveries; it only ever adds, so the schedule never gets shorter):
 * 1, 2, 4, 8, 16, 32, 64, 128, 256 minutes, then 8 h, 8 h — 12 attempts spanning at least
 * 24 h 31 min before the delivery is failed and its endpoint disabled.
 *
 * WEBHOOK_RETRY_BASE_MS and WEBHOOK_RETRY_CAP_MS shorten it for tests and the bench only (the
 * CDK stack never sets them).
 */
export const webhookRetry = {
  baseMs: 60_000,
  capMs: 8 * 60 * 60_000,
  maxAttempts: 12,
  jitter: 0.2,
} as const;

export interface RetrySchedule {
  readonly baseMs: number;
  readonly capMs: number;
}

export const retrySchedule = (): RetrySchedule => ({
  baseMs: Number(process.env.WEBHOOK_RETRY_BASE_MS) || webhookRetry.baseMs,
  capMs: Number(process.env.WEBHOOK_RETRY_CAP_MS) || webhookRetry.capMs,
});

/** The wait before attempt `failedAttempt + 1` of a round, without jitter. */
export const nominalDelayMs = (failedAttempt: number, schedule: RetrySchedule): number =>
  Math.min(schedule.baseMs * 2 ** (failedAttempt - 1), schedule.capMs);

/** The wait after the round's `failedAttempt`-th attempt failed, or undefined when none remains. */
export const retryDelayMs = (
  failedAttempt: number,
  schedule: RetrySchedule = retrySchedule(),
  random: () => number = Math.random,
): number | undefined =>
  failedAttempt >= webhookRetry.maxAttempts
    ? undefined
    : Math.round(nominalDelayMs(failedAttempt, schedule) * (1 + webhookRetry.jitter * random()));
