import { describe, expect, it } from 'vitest';

import { rankAtIndex, rankBetween } from './rank';

describe('rankBetween', () => {
  it('makes ranks strictly between their neighbours', () => {
    const pairs: [string | null, string | null][] = [
      [null, null],
      [null, 'i'],
      ['i', null],
      ['a', 'b'],
      ['a', 'a1'],
      ['az', 'b'],
      ['z', null],
      ['1', '2'],
    ];
    for (const [before, after] of pairs) {
      const rank = rankBetween(before, after);
      if (before !== null) expect(rank > before).toBe(true);
      if (after !== null) expect(rank < after).toBe(true);
      expect(rank.endsWith('0')).toBe(false);
    }
  });

  it('keeps finding room after many insertions at the same place', () => {
    let low = rankBetween(null, null);
    const high = rankBetween(low, null);
    for (let step = 0; step < 200; step += 1) {
      const next = rankBetween(low, high);
      expect(next > low && next < high).toBe(true);
      low = next;
    }
    let top = rankBetween(null, null);
    for (let step = 0; step < 200; step += 1) {
      const next = rankBetween(null, top);
      expect(next < top).toBe(true);
      top = next;
    }
  });

  it('refuses ranks out of order or malformed', () => {
    expect(() => rankBetween('b', 'a')).toThrow();
    expect(() => rankBetween('a', 'a')).toThrow();
    expect(() => rankBetween('a0', null)).toThrow();
    expect(() => rankBetween('A', null)).toThrow();
  });
});

describe('rankAtIndex', () => {
  const stage = ['c', 'i', 'r'].map((rank) => ({ rank }));

  it('places a task first, between two, or last', () => {
    expect(rankAtIndex(stage, 0) < 'c').toBe(true);
    const middle = rankAtIndex(stage, 1);
    expect(middle > 'c' && middle < 'i').toBe(true);
    expect(rankAtIndex(stage, 3) > 'r').toBe(true);
    expect(rankAtIndex(stage, 99) > 'r').toBe(true);
    expect(rankAtIndex([], 0)).toBe('i');
  });

  it('gets past a tie left by concurrent moves', () => {
    const tied = ['c', 'i', 'i', 'r'].map((rank) => ({ rank }));
    const rank = rankAtIndex(tied, 2);
    expect(rank > 'i' && rank < 'r').toBe(true);
  });
});
