import { describe, expect, it } from 'vitest';

import { nominalDelayMs, retryDelayMs, webhookRetry } from './delivery-schedule';

const real = { baseMs: webhookRetry.baseMs, capMs: webhookRetry.capMs };
const waits = (random: () => number) =>
  Array.from({ length: webhookRetry.maxAttempts }, (_, index) => retryDelayMs(index + 1, real, random));

describe('the webhook retry schedule', () => {
  it('spans at least 24 hours before it gives up, even with the least jitter', () => {
    const total = waits(() => 0).reduce<number>((sum, wait) => sum + (wait ?? 0), 0);
    expect(total).toBeGreaterThanOrEqual(24 * 60 * 60_000);
    expect(waits(() => 0).at(-1)).toBeUndefined();
  });

  it('doubles from a minute up to the 8-hour cap', () => {
    expect([1, 2, 3, 9, 10, 11].map((attempt) => nominalDelayMs(attempt, real) / 60_000)).toEqual([
      1, 2, 4, 256, 480, 480,
    ]);
  });

  it('adds at most 20 % of jitter, never less than the nominal wait', () => {
    expect(retryDelayMs(3, real, () => 0.999)).toBeLessThanOrEqual(4 * 60_000 * 1.2);
    expect(retryDelayMs(3, real, () => 0)).toBe(4 * 60_000);
  });
});
