import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes-format';

describe('formatBytes', () => {
  it('writes decimal units in the reader’s language', () => {
    expect(formatBytes(900_000_000, 'en')).toBe('900 MB');
    expect(formatBytes(1_000_000_000, 'en')).toBe('1 GB');
    expect(formatBytes(1_500_000_000, 'en')).toBe('1.5 GB');
    expect(formatBytes(0, 'en')).toBe('0 bytes');
    // Intl spaces French units with a narrow no-break space.
    expect(formatBytes(900_000_000, 'fr')).toBe('900\u202fMo');
  });

  it('moves to the next unit when rounding reaches 1000', () => {
    expect(formatBytes(999_960_000, 'en')).toBe('1 GB');
    expect(formatBytes(12_345, 'en')).toBe('12.3 kB');
  });
});
