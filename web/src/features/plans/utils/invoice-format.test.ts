import { describe, expect, it } from 'vitest';
import { displayStatusOf, todayInput } from './invoice-format';

describe('invoice formats', () => {
  it('calls an open invoice past its due date overdue, and gives today as a form takes it', () => {
    expect(displayStatusOf({ status: 'open', overdue: true })).toBe('overdue');
    expect(displayStatusOf({ status: 'paid', overdue: false })).toBe('paid');
    expect(todayInput(new Date(2026, 2, 5, 12))).toBe('2026-03-05');
  });
});
