import { describe, expect, it } from 'vitest';

import { inAWhile } from './retry-after';

describe('inAWhile', () => {
  it('says a wait in seconds, minutes or hours, rounded up, in the reader’s language', () => {
    expect(inAWhile(0.2, 'en')).toBe('in 1 second');
    expect(inAWhile(42, 'en')).toBe('in 42 seconds');
    expect(inAWhile(14 * 60 + 1, 'en')).toBe('in 15 minutes');
    expect(inAWhile(119 * 60, 'en')).toBe('in 119 minutes');
    expect(inAWhile(5 * 60 * 60 - 10, 'en')).toBe('in 5 hours');
    expect(inAWhile(15 * 60, 'fr')).toBe('dans 15 minutes');
  });
});
