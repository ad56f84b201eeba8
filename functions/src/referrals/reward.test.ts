import { describe, expect, it } from 'vitest';

import { rewardFor } from './reward';

describe('rewardFor', () => {
  it('gives a fixed rule its amount, whatever the invoice', () => {
    expect(rewardFor({ kind: 'fixed', amount: 2000, currency: 'EUR' }, { total: 9480, currency: 'EUR' })).toEqual({
      amount: 2000,
      currency: 'EUR',
    });
    expect(rewardFor({ kind: 'fixed', amount: 2000, currency: 'EUR' }, { total: 100, currency: 'USD' })).toEqual({
      amount: 2000,
      currency: 'EUR',
    });
  });

  it('takes the percentage of the total, rounded half away from zero', () => {
    // 10 % of 94.85 € is 9.485 €: 9.49 €.
    expect(
      rewardFor({ kind: 'percent', percentBps: 1000, cap: 5000, currency: 'EUR' }, { total: 9485, currency: 'EUR' }),
    ).toEqual({ amount: 949, currency: 'EUR' });
  });

  it('never gives more than the cap', () => {
    // 25 % of 238.80 € is 59.70 €, capped at 30 €.
    expect(
      rewardFor({ kind: 'percent', percentBps: 2500, cap: 3000, currency: 'EUR' }, { total: 23880, currency: 'EUR' }),
    ).toEqual({ amount: 3000, currency: 'EUR' });
  });

  it('gives the cap for an invoice in another currency', () => {
    expect(
      rewardFor({ kind: 'percent', percentBps: 1000, cap: 1500, currency: 'EUR' }, { total: 9480, currency: 'USD' }),
    ).toEqual({ amount: 1500, currency: 'EUR' });
  });
});
