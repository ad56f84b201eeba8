import { describe, expect, it } from 'vitest';

import { minuteOf, planBatch, providerRate, startOfNextMinute } from './throttle';

const at = (iso: string) => new Date(iso);

describe('planBatch', () => {
  it('takes what the minute has left when the provider allows more', () => {
    const plan = planBatch({
      now: at('2026-01-01T10:00:05Z'),
      perMinute: 30,
      sentThisMinute: 10,
      providerPerSecond: 14,
      batchSeconds: 10,
    });
    expect(plan).toEqual({ take: 20, nextAt: at('2026-01-01T10:01:00Z') });
  });

  it('is bounded by the provider rate over the batch time, and runs again at once', () => {
    const plan = planBatch({
      now: at('2026-01-01T10:00:05Z'),
      perMinute: 10_000,
      sentThisMinute: 0,
      providerPerSecond: 14,
      batchSeconds: 10,
    });
    expect(plan).toEqual({ take: 140, nextAt: at('2026-01-01T10:00:05Z') });
  });

  it('waits for the next minute when the bucket is full', () => {
    const plan = planBatch({
      now: at('2026-01-01T10:00:59.500Z'),
      perMinute: 5,
      sentThisMinute: 5,
      providerPerSecond: 14,
      batchSeconds: 10,
    });
    expect(plan).toEqual({ take: 0, nextAt: at('2026-01-01T10:01:00Z') });
  });

  it('never spans the end of a minute', () => {
    const plan = planBatch({
      now: at('2026-01-01T10:00:58Z'),
      perMinute: 0,
      sentThisMinute: 0,
      providerPerSecond: 10,
      batchSeconds: 10,
    });
    expect(plan.take).toBe(20);
  });
});

describe('minutes and rates', () => {
  it('names the UTC minute and finds the next one', () => {
    expect(minuteOf(at('2026-01-01T10:07:33.120Z'))).toBe('2026-01-01T10:07');
    expect(startOfNextMinute(at('2026-01-01T23:59:33Z')).toISOString()).toBe('2026-01-02T00:00:00.000Z');
  });

  it('reads the provider rate from the environment, with the defaults', () => {
    expect(providerRate('email', {})).toBe(14);
    expect(providerRate('telegram', {})).toBe(30);
    expect(providerRate('email', { MAILING_EMAIL_RATE_PER_SECOND: '50' })).toBe(50);
  });
});
