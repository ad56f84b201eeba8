import { describe, expect, it } from 'vitest';
import { gigabytesInput, parseGigabytes, yearlySaving } from './pricing-format';

describe('the pricing page’s formats', () => {
  it('saves only when a year costs less than twelve months', () => {
    expect(yearlySaving({ monthlyPrice: 2900, yearlyPrice: 29_000 })).toBe(5800);
    expect(yearlySaving({ monthlyPrice: 1000, yearlyPrice: 12_000 })).toBeNull();
    expect(yearlySaving({ monthlyPrice: 1000, yearlyPrice: 13_000 })).toBeNull();
  });

  it('reads gigabytes into whole bytes, and back', () => {
    expect(parseGigabytes('10')).toBe(10_000_000_000);
    expect(parseGigabytes('0,5')).toBe(500_000_000);
    expect(parseGigabytes('0.001')).toBe(1_000_000);
    expect(parseGigabytes('0.0001')).toBeNull();
    expect(parseGigabytes('-1')).toBeNull();
    expect(gigabytesInput(2_500_000_000)).toBe('2.5');
  });
});
