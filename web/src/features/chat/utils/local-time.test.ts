import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-time';

describe('local date and time fields', () => {
  it('round-trips an instant through the field’s local text, to the minute', () => {
    const at = new Date(2026, 10, 24, 9, 5, 0, 0);
    expect(toLocalInput(at)).toBe('2026-11-24T09:05');
    expect(fromLocalInput('2026-11-24T09:05')?.getTime()).toBe(at.getTime());
    expect(fromLocalInput('2026-11-24T09:05:30')?.getTime()).toBe(at.getTime() + 30_000);
  });

  it('refuses text that is no date, and dates that do not exist', () => {
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('tomorrow')).toBeUndefined();
    expect(fromLocalInput('2026-02-31T10:00')).toBeUndefined();
  });
});
