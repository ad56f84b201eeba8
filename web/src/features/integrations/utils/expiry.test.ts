import { describe, expect, it } from 'vitest';
import { dateInputValue, expiresAtFor, latestExpiryDate } from './expiry';

const now = new Date(2026, 10, 25, 10, 30);
const dayMs = 24 * 60 * 60 * 1000;

describe('an API key’s expiry', () => {
  it('is a number of days from now for a preset', () => {
    expect(expiresAtFor(30, '', now)).toBe(new Date(now.getTime() + 30 * dayMs).toISOString());
    expect(expiresAtFor(365, 'ignored', now)).toBe(new Date(now.getTime() + 365 * dayMs).toISOString());
  });

  it('is the end of a chosen day on the reader’s clock', () => {
    expect(expiresAtFor('date', '2026-12-31', now)).toBe(new Date(2026, 11, 31, 23, 59, 59).toISOString());
    // Today still counts: the key lives until its end.
    expect(expiresAtFor('date', dateInputValue(now), now)).toBe(new Date(2026, 10, 25, 23, 59, 59).toISOString());
  });

  it('refuses a missing, impossible, past or too distant day', () => {
    expect(expiresAtFor('date', '', now)).toBeUndefined();
    expect(expiresAtFor('date', '2026-02-30', now)).toBeUndefined();
    expect(expiresAtFor('date', '2026-11-24', now)).toBeUndefined();
    expect(expiresAtFor('date', '2027-12-01', now)).toBeUndefined();
    expect(expiresAtFor('date', latestExpiryDate(now), now)).toBeDefined();
  });

  it('writes a day as a date input reads it', () => {
    expect(dateInputValue(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});
