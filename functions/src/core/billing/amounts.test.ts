import { describe, expect, it } from 'vitest';

import { basisPointsOf, invoiceAmounts } from './amounts';
import { daysBetween, periodEnd } from './periods';
import type { InvoiceLine } from './records';

const planLine = (amount: number): InvoiceLine => ({
  kind: 'plan',
  planId: 'p',
  planName: { en: 'Growth', fr: 'Croissance', ar: 'نمو' },
  interval: 'month',
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
  amount,
});

describe('invoice sums', () => {
  it('rounds tax half away from zero, in integers', () => {
    expect(basisPointsOf(2_999, 2_000)).toBe(600); // 599.8
    expect(basisPointsOf(25, 2_000)).toBe(5); // exactly 5
    expect(basisPointsOf(1_005, 500)).toBe(50); // 50.25
    expect(basisPointsOf(1_010, 500)).toBe(51); // 50.5 → 51
    expect(basisPointsOf(-1_010, 500)).toBe(-51);
  });

  it('applies credit after tax, never beyond the total', () => {
    expect(invoiceAmounts([planLine(4_900)], 2_000, 1_000)).toEqual({
      subtotal: 4_900,
      tax: 980,
      total: 5_880,
      creditApplied: 1_000,
      amountDue: 4_880,
    });
    expect(invoiceAmounts([planLine(4_900)], 2_000, 10_000)).toMatchObject({ creditApplied: 5_880, amountDue: 0 });
    expect(invoiceAmounts([planLine(-500)], 0, 1_000)).toMatchObject({
      total: -500,
      creditApplied: 0,
      amountDue: -500,
    });
  });
});

describe('billing periods', () => {
  const at = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

  it('end a month later on the same day, or the month’s last day', () => {
    expect(periodEnd(at('2026-11-15'), 'month')).toEqual(at('2026-12-15'));
    expect(periodEnd(at('2026-01-31'), 'month')).toEqual(at('2026-02-28'));
    expect(periodEnd(at('2028-01-31'), 'month')).toEqual(at('2028-02-29'));
    expect(periodEnd(at('2026-12-31'), 'month')).toEqual(at('2027-01-31'));
    expect(periodEnd(at('2028-02-29'), 'year')).toEqual(at('2029-02-28'));
  });

  it('count whole days', () => {
    expect(daysBetween(at('2026-11-15'), at('2026-12-15'))).toBe(30);
    expect(daysBetween(at('2026-03-01'), at('2026-04-01'))).toBe(31);
  });
});
