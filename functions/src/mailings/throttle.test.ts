import { describe, expect, it } from 'vitest';

import {
  batchSize,
  liveCounts,
  minuteOf,
  nextRoomAt,
  providerRate,
  reserveIn,
  roomIn,
  settleIn,
  startedKey,
  untilKey,
} from './throttle';

const ms = (iso: string) => Date.parse(iso);
const second = (iso: string) => String(ms(iso) / 1000);

describe('the sliding window', () => {
  it('a reservation just before a minute ends and one just after share the setting', () => {
    const first = reserveIn({}, 5, 5, ms('2026-01-01T10:00:59.500Z'), ms('2026-01-01T10:00:59.900Z'));
    expect(first.granted).toBe(5);
    // A calendar minute's bucket would be empty here: the window is not.
    const second = reserveIn(first.counts, 5, 5, ms('2026-01-01T10:01:00.100Z'), ms('2026-01-01T10:01:05Z'));
    expect(second.granted).toBe(0);
  });

  it('a send stops counting once nothing it holds can be within 60 s of a new one', () => {
    const counts = { [startedKey(ms('2026-01-01T10:00:10.400Z'))]: 3 };
    // Started before 10:00:11: a send at 10:01:10.999 could still be under 60 s after it.
    expect(roomIn(counts, 5, ms('2026-01-01T10:01:10.999Z'))).toBe(2);
    expect(roomIn(counts, 5, ms('2026-01-01T10:01:11Z'))).toBe(5);
    expect(liveCounts(counts, ms('2026-01-01T10:01:11Z'))).toEqual({});
  });

  it('keys a reservation by the end of its sending time, so none of its sends leaves the window early', () => {
    expect(untilKey(ms('2026-01-01T10:00:10Z'))).toBe(second('2026-01-01T10:00:10Z'));
    expect(untilKey(ms('2026-01-01T10:00:10.001Z'))).toBe(second('2026-01-01T10:00:11Z'));
    expect(startedKey(ms('2026-01-01T10:00:10Z'))).toBe(second('2026-01-01T10:00:11Z'));
    const { counts } = reserveIn({}, 4, 10, ms('2026-01-01T10:00:00Z'), ms('2026-01-01T10:00:10Z'));
    expect(roomIn(counts, 10, ms('2026-01-01T10:01:09.999Z'))).toBe(6);
    expect(roomIn(counts, 10, ms('2026-01-01T10:01:10Z'))).toBe(10);
  });

  it('grants only the room left, and drops what no longer counts from what it writes', () => {
    const old = { [second('2026-01-01T09:58:00Z')]: 7, [second('2026-01-01T10:00:30Z')]: 6 };
    const result = reserveIn(old, 9, 10, ms('2026-01-01T10:01:00Z'), ms('2026-01-01T10:01:10Z'));
    expect(result.granted).toBe(4);
    expect(result.counts).toEqual({ [second('2026-01-01T10:00:30Z')]: 6, [second('2026-01-01T10:01:10Z')]: 4 });
  });

  it('settling gives back what a batch did not start and keys the rest by when they started', () => {
    const reservedKey = second('2026-01-01T10:00:10Z');
    const counts = { [reservedKey]: 10, [second('2026-01-01T10:00:05Z')]: 2 };
    const settled = settleIn(
      counts,
      { key: reservedKey, count: 8 },
      { [second('2026-01-01T10:00:02Z')]: 3, [second('2026-01-01T10:00:05Z')]: 1 },
    );
    // Another batch's 2 places in the reserved second stay.
    expect(settled).toEqual({
      [reservedKey]: 2,
      [second('2026-01-01T10:00:02Z')]: 3,
      [second('2026-01-01T10:00:05Z')]: 3,
    });
  });

  it('the next batch runs when the oldest key stops counting, or at once when there is room', () => {
    const counts = { [second('2026-01-01T10:00:03Z')]: 2, [second('2026-01-01T10:00:09Z')]: 3 };
    expect(nextRoomAt(counts, 5, ms('2026-01-01T10:00:20Z')).toISOString()).toBe('2026-01-01T10:01:03.000Z');
    expect(nextRoomAt(counts, 6, ms('2026-01-01T10:00:20Z')).toISOString()).toBe('2026-01-01T10:00:20.000Z');
    expect(nextRoomAt(counts, 0, ms('2026-01-01T10:00:20Z')).toISOString()).toBe('2026-01-01T10:00:20.000Z');
  });
});

describe('batches, minutes and rates', () => {
  it('a batch reads what the provider allows in its time, within the room', () => {
    expect(batchSize({ providerPerSecond: 14, batchSeconds: 10, room: 30 })).toBe(30);
    expect(batchSize({ providerPerSecond: 14, batchSeconds: 10, room: 1000 })).toBe(140);
    expect(batchSize({ providerPerSecond: 14, batchSeconds: 10, room: undefined })).toBe(140);
  });

  it('names the UTC minute', () => {
    expect(minuteOf(new Date('2026-01-01T10:07:33.120Z'))).toBe('2026-01-01T10:07');
  });

  it('reads the provider rate from the environment, with the defaults', () => {
    expect(providerRate('email', {})).toBe(14);
    expect(providerRate('telegram', {})).toBe(30);
    expect(providerRate('email', { MAILING_EMAIL_RATE_PER_SECOND: '50' })).toBe(50);
  });
});
