import { beforeAll, describe, expect, it, vi } from 'vitest';

import { ConditionFailed } from './db';
import { ConflictError, TooManyRequestsError } from './errors';
import {
  chargeRate,
  countKey,
  inAWhile,
  rateLimitedError,
  rateLimitScale,
  refusalFromCounts,
  windowsAt,
  type RateLimit,
  type RateSpend,
} from './rate-window';

// The parts name the table (nothing is sent: these tests build and read writes only).
beforeAll(() => {
  vi.stubEnv('TABLE_NAME', 'unit');
});

const at = (iso: string) => Date.parse(iso);
const limit = {
  name: 'sends',
  windows: [
    { max: 5, seconds: 60 },
    { max: 20, seconds: 3600 },
  ],
} as const satisfies RateLimit;
const spend = (amount = 1): RateSpend => ({ limit, pk: 'USER#u1', amount });

/** The Update of a charge's nth part, as the transaction sends it. */
const updateOf = (charge: ReturnType<typeof chargeRate>, index: number) => {
  const update = charge.parts[index]?.item.Update;
  if (!update) throw new Error(`no update at ${index}`);
  return update;
};

describe('fixed windows', () => {
  it('counts each window in the item of the window that holds now, ending at its boundary', () => {
    const windows = windowsAt([spend()], at('2026-03-01T10:07:42.500Z'), 1);
    expect(windows.map((window) => window.key)).toEqual([
      { pk: 'USER#u1', sk: `RATE#sends#60#${at('2026-03-01T10:07:00Z') / 60_000}` },
      { pk: 'USER#u1', sk: `RATE#sends#3600#${at('2026-03-01T10:00:00Z') / 3_600_000}` },
    ]);
    expect(windows.map((window) => new Date(window.endsAtMs).toISOString())).toEqual([
      '2026-03-01T10:08:00.000Z',
      '2026-03-01T11:00:00.000Z',
    ]);
  });

  it('moves to a new item (a fresh count) when the clock passes a boundary', () => {
    const before = windowsAt([spend()], at('2026-03-01T10:07:59.999Z'), 1)[0];
    const after = windowsAt([spend()], at('2026-03-01T10:08:00.000Z'), 1)[0];
    expect(before?.key).not.toEqual(after?.key);
  });

  it('names a subject that shares its partition with others', () => {
    const [window] = windowsAt([{ limit, pk: 'INVITATIONS', subject: 'inv1' }], at('2026-03-01T10:07:00Z'), 1);
    expect(window?.key.sk).toMatch(/^RATE#sends:inv1#60#\d+$/);
  });

  it('spends nothing for an amount of 0, and refuses to build a spend no window could ever grant', () => {
    expect(windowsAt([spend(0)], at('2026-03-01T10:07:00Z'), 1)).toEqual([]);
    expect(() => windowsAt([spend(6)], at('2026-03-01T10:07:00Z'), 1)).toThrow(RangeError);
  });
});

describe('the counting write', () => {
  it('adds the amount on the condition that the count stays within the max (room = max - amount)', () => {
    const charge = chargeRate([spend(3)], at('2026-03-01T10:07:30Z'), 1);
    const minute = updateOf(charge, 0);
    expect(minute.UpdateExpression).toBe('ADD #count :amount SET #type = :type, expiresAt = :ttl');
    expect(minute.ConditionExpression).toBe('attribute_not_exists(#count) OR #count <= :room');
    expect(minute.ExpressionAttributeValues).toMatchObject({ ':amount': 3, ':room': 2, ':type': 'RateWindow' });
    // Forgotten (TTL) a minute after the window ends.
    expect(minute.ExpressionAttributeValues?.[':ttl']).toBe(at('2026-03-01T10:08:00Z') / 1000 + 60);
    expect(updateOf(charge, 1).ExpressionAttributeValues).toMatchObject({ ':room': 17 });
  });

  it('scales every max by ORBIT_RATE_LIMIT_SCALE, never below the limits as written', () => {
    expect(rateLimitScale({})).toBe(1);
    expect(rateLimitScale({ ORBIT_RATE_LIMIT_SCALE: '10' })).toBe(10);
    expect(rateLimitScale({ ORBIT_RATE_LIMIT_SCALE: '0.1' })).toBe(1);
    expect(rateLimitScale({ ORBIT_RATE_LIMIT_SCALE: 'lots' })).toBe(1);
    const charge = chargeRate([spend()], at('2026-03-01T10:07:30Z'), 10);
    expect(updateOf(charge, 0).ExpressionAttributeValues).toMatchObject({ ':room': 49 });
  });
});

describe('a refusal', () => {
  const now = at('2026-03-01T10:07:30Z');

  it('waits until the full window ends: the minute, in seconds', () => {
    const charge = chargeRate([spend()], now, 1);
    const refusal = charge.refusalOf(new ConditionFailed(['rate 0']));
    expect(refusal).toMatchObject({ retryAfterSeconds: 30, window: { seconds: 60 }, max: 5 });
  });

  it('waits for the window that ends last when several are full, and names it', () => {
    const charge = chargeRate([spend()], now, 1);
    const refusal = charge.refusalOf(new ConditionFailed(['rate 0', 'rate 1']));
    expect(refusal).toMatchObject({ retryAfterSeconds: 52 * 60 + 30, window: { seconds: 3600 }, max: 20 });
  });

  it('is found behind the error a service made of the failed transaction', () => {
    const charge = chargeRate([spend()], now, 1);
    const wrapped = new ConflictError({ id: ['User already exists'] }, undefined, {
      cause: new ConditionFailed(['phone', 'rate 1']),
    });
    expect(charge.refusalOf(wrapped)?.window?.seconds).toBe(3600);
  });

  it('is not one when the transaction failed on something else', () => {
    const charge = chargeRate([spend()], now, 1);
    expect(charge.refusalOf(new ConditionFailed(['phone']))).toBeUndefined();
    expect(charge.refusalOf(new Error('boom'))).toBeUndefined();
  });

  it('asks for a second when the counters stayed busy with other transactions', () => {
    const charge = chargeRate([spend()], now, 1);
    expect(charge.refusalOf(new ConditionFailed(['conflict']))).toEqual({ retryAfterSeconds: 1 });
    expect(chargeRate([spend(0)], now, 1).refusalOf(new ConditionFailed(['conflict']))).toBeUndefined();
  });

  it('is foreseen from the stored counts when the amount would not fit', () => {
    const windows = windowsAt([spend(2)], now, 1);
    const minute = windows[0];
    if (!minute) throw new Error('no window');
    expect(refusalFromCounts(windows, new Map([[countKey(minute.key), 3]]), now)).toBeUndefined();
    expect(refusalFromCounts(windows, new Map([[countKey(minute.key), 4]]), now)).toMatchObject({
      retryAfterSeconds: 30,
    });
    // A count of an earlier minute is another item: it does not count now.
    expect(refusalFromCounts(windows, new Map([['USER#u1|RATE#sends#60#1', 5]]), now)).toBeUndefined();
  });

  it('becomes a 429 with Retry-After and one general message saying what, how many and when', () => {
    const error = rateLimitedError(
      { retryAfterSeconds: 42 * 60, window: { max: 10, seconds: 3600 }, max: 10 },
      'new accounts from one network',
    );
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect(error.headers).toEqual({ 'retry-after': String(42 * 60) });
    expect(error.body()).toEqual({
      errors: { general: ['At most 10 new accounts from one network an hour: try again in 42 minutes.'] },
      retryAfter: 42 * 60,
    });
    expect(rateLimitedError({ retryAfterSeconds: 1 }, 'things').body().errors.general).toEqual([
      'Too many requests at once: try again in 1 second.',
    ]);
  });

  it('says the wait in seconds, minutes or hours', () => {
    expect(inAWhile(30)).toBe('in 30 seconds');
    expect(inAWhile(61)).toBe('in 2 minutes');
    expect(inAWhile(3 * 3600 - 5)).toBe('in 3 hours');
  });
});
