import { describe, expect, it } from 'vitest';

import { periodEnd } from '../core/billing/periods';
import type { PlanRecord } from '../core/billing/records';
import { proratedAmount, prorationLines } from './proration';

const plan = (id: string, monthlyPrice: number, yearlyPrice: number): PlanRecord => ({
  id,
  name: { en: id, fr: id, ar: id },
  description: { en: '', fr: '', ar: '' },
  currency: 'EUR',
  monthlyPrice,
  yearlyPrice,
  taxRateBps: 2000,
  features: [],
  limits: { activeProjects: null, storageBytes: null },
  visible: true,
  archived: false,
  position: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
});

const starter = plan('starter', 2900, 29_000);
const growth = plan('growth', 7900, 79_000);

const change = (start: string, interval: 'month' | 'year', at: string) => {
  const periodStart = new Date(start);
  const lines = prorationLines({
    from: starter,
    to: growth,
    interval,
    periodStart,
    periodEnd: periodEnd(periodStart, interval),
    at: new Date(at),
  });
  return lines.map((line) =>
    line.kind === 'proration' ? [line.direction, line.days, line.periodDays, line.amount] : [],
  );
};

describe('proration to the day', () => {
  it('rounds half away from zero in integers', () => {
    expect(proratedAmount(2900, 10, 30)).toBe(967);
    expect(proratedAmount(7900, 10, 30)).toBe(2633);
    expect(proratedAmount(1, 1, 2)).toBe(1);
    expect(proratedAmount(-1, 1, 2)).toBe(-1);
  });

  it('a 30-day period with 10 days left: 2900 → 7900 is −967 and +2633', () => {
    expect(change('2026-11-01T00:00:00.000Z', 'month', '2026-11-21T15:30:00.000Z')).toEqual([
      ['unused', 10, 30, -967],
      ['remaining', 10, 30, 2633],
    ]);
  });

  it('on the first day of the period: the whole old price back, the whole new price', () => {
    expect(change('2026-11-01T00:00:00.000Z', 'month', '2026-11-01T09:00:00.000Z')).toEqual([
      ['unused', 30, 30, -2900],
      ['remaining', 30, 30, 7900],
    ]);
  });

  it('on the last day of the period: one day of each', () => {
    expect(change('2026-11-01T00:00:00.000Z', 'month', '2026-11-30T23:59:59.000Z')).toEqual([
      ['unused', 1, 30, -97],
      ['remaining', 1, 30, 263],
    ]);
  });

  it('a 31-day month with 10 days left', () => {
    expect(change('2026-12-01T00:00:00.000Z', 'month', '2026-12-22T00:00:00.000Z')).toEqual([
      ['unused', 10, 31, -935],
      ['remaining', 10, 31, 2548],
    ]);
  });

  it('a 28-day February with 10 days left', () => {
    expect(change('2026-02-01T00:00:00.000Z', 'month', '2026-02-19T00:00:00.000Z')).toEqual([
      ['unused', 10, 28, -1036],
      ['remaining', 10, 28, 2821],
    ]);
  });

  it('a 365-day year with 100 days left', () => {
    // From 2026-03-01 to 2027-03-01: no 29 February in between.
    expect(change('2026-03-01T00:00:00.000Z', 'year', '2026-11-21T00:00:00.000Z')).toEqual([
      ['unused', 100, 365, -7945],
      ['remaining', 100, 365, 21_644],
    ]);
  });

  it('a 366-day year with 100 days left', () => {
    // From 2027-03-01 to 2028-03-01: 29 February 2028 is in it.
    expect(change('2027-03-01T00:00:00.000Z', 'year', '2027-11-22T00:00:00.000Z')).toEqual([
      ['unused', 100, 366, -7923],
      ['remaining', 100, 366, 21_585],
    ]);
  });

  it('no line when the period has no day left', () => {
    expect(change('2026-11-01T00:00:00.000Z', 'month', '2026-12-01T00:00:00.000Z')).toEqual([]);
  });
});
