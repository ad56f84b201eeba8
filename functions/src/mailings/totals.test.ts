import { describe, expect, it } from 'vitest';

import { ulid } from '../core/ids';
import { mayHaveMoves, moveDeltas, sumTotals, totalNameOf, totalsShardOf } from './totals';

describe('totalsShardOf', () => {
  it('gives a person the same shard every time, one of the eight', () => {
    const id = '01JBZ8V6Q3T1M9X5K2R7D4C0NA';
    expect(totalsShardOf(id)).toBe(totalsShardOf(`${id}`));
    // FNV-1a is fixed: a shard chosen by another process or release is the same.
    expect(totalsShardOf('')).toBe(0x811c9dc5 % 8);
    expect(totalsShardOf('a')).toBe(0xe40c292c % 8);
  });

  it('spreads a mailing’s people over all the shards', () => {
    const counts = new Array<number>(8).fill(0);
    for (let index = 0; index < 4000; index += 1) {
      const shard = totalsShardOf(ulid());
      expect(shard).toBeGreaterThanOrEqual(0);
      expect(shard).toBeLessThan(8);
      counts[shard] = (counts[shard] ?? 0) + 1;
    }
    // 500 each on average; a skewed hash would leave a shard hot and another idle.
    for (const count of counts) expect(count).toBeGreaterThan(380);
  });
});

describe('moveDeltas', () => {
  it('counts a claimed send as still queued, so the claim moves no total', () => {
    expect(totalNameOf('sending')).toBe('queued');
    expect(moveDeltas('queued', 'sending')).toEqual({});
  });

  it('moves one count from the status left to the status reached', () => {
    expect(moveDeltas('sending', 'sent')).toEqual({ queued: -1, sent: 1 });
    expect(moveDeltas('sent', 'delivered')).toEqual({ sent: -1, delivered: 1 });
    expect(moveDeltas('delivered', 'opted_out')).toEqual({ delivered: -1, optedOut: 1 });
    expect(moveDeltas('queued', 'cancelled')).toEqual({ queued: -1, cancelled: 1 });
  });
});

describe('sumTotals', () => {
  it('adds every shard to the base the freeze set, with every total present', () => {
    const totals = sumTotals({ recipients: 10, queued: 10 }, [
      { pk: 'MAILING#m1', sk: 'TOTALS#0', type: 'MailingTotalsShard', shard: 0, queued: -4, sent: 3, failed: 1 },
      { shard: 5, queued: -2, sent: 1, delivered: 1, replies: 1 },
      { shard: 6, sent: -1, bounced: 1 },
    ]);
    expect(totals).toEqual({
      recipients: 10,
      queued: 4,
      sent: 3,
      delivered: 1,
      bounced: 1,
      failed: 1,
      optedOut: 0,
      unknown: 0,
      cancelled: 0,
      replies: 1,
    });
  });

  it('keeps totals a mailing item carried before the shards (ADDed to the item itself)', () => {
    expect(sumTotals({ recipients: 2, queued: 0, sent: 1, delivered: 1 }, [])).toMatchObject({
      recipients: 2,
      sent: 1,
      delivered: 1,
    });
  });
});

describe('mayHaveMoves', () => {
  it('spares the shards’ read only for mailings that never started', () => {
    expect(mayHaveMoves('draft')).toBe(false);
    expect(mayHaveMoves('scheduled')).toBe(false);
    for (const state of ['sending', 'paused', 'sent', 'cancelled'] as const) expect(mayHaveMoves(state)).toBe(true);
  });
});
