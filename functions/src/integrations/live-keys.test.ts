import { describe, expect, it } from 'vitest';

import { planLiveKeyAdd, pruneMax, stillCounted } from './live-keys';

const now = new Date('2026-03-01T12:00:00.000Z');
const future = '2026-04-01T00:00:00.000Z';
const past = '2026-02-01T00:00:00.000Z';
const keys = (count: number, validUntil = future, prefix = 'k') =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`${prefix}${index}`, validUntil]));

describe('adding a key to the live keys', () => {
  it('has room below the limit: the item may hold max - 1 keys before the add', () => {
    expect(planLiveKeyAdd(keys(95), now, 100)).toEqual({ prune: [], allowedBefore: 99 });
  });

  it('has none at the limit while every key still works', () => {
    expect(planLiveKeyAdd(keys(100), now, 100)).toBeUndefined();
  });

  it('makes room by taking out keys past their expiry, allowing one more per key taken out', () => {
    const live = { ...keys(98), ...keys(2, past, 'old') };
    expect(planLiveKeyAdd(live, now, 100)).toEqual({ prune: ['old0', 'old1'], allowedBefore: 101 });
  });

  it('takes out keys found revoked or missing', () => {
    const live = keys(100);
    expect(planLiveKeyAdd(live, now, 100, new Set(['k7']))).toEqual({ prune: ['k7'], allowedBefore: 100 });
  });

  it(`takes out at most ${pruneMax} ended keys at once`, () => {
    const live = { ...keys(50), ...keys(40, past, 'old') };
    expect(planLiveKeyAdd(live, now, 100)?.prune).toHaveLength(pruneMax);
  });

  it('checks only the keys it still counts by their expiry', () => {
    expect(stillCounted({ a: future, b: past, c: now.toISOString() }, now)).toEqual(['a']);
  });
});
