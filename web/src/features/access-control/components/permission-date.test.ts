import { describe, expect, it } from 'vitest';
import { formatPermissionDate, parsePermissionDate } from './permission-date';

describe('permission dates', () => {
  it('reads the stored UTC display text', () => {
    expect(parsePermissionDate('14 Apr 2021, 8:43 PM')?.toISOString()).toBe('2021-04-14T20:43:00.000Z');
    expect(parsePermissionDate('1 Jan 2024, 12:05 AM')?.toISOString()).toBe('2024-01-01T00:05:00.000Z');
    expect(parsePermissionDate('1 Jan 2024, 12:05 PM')?.toISOString()).toBe('2024-01-01T12:05:00.000Z');
  });

  it('shows it in the reader’s language', () => {
    const en = formatPermissionDate('14 Apr 2021, 8:43 PM', 'en', 'UTC');
    const fr = formatPermissionDate('14 Apr 2021, 8:43 PM', 'fr', 'UTC');
    const ar = formatPermissionDate('14 Apr 2021, 8:43 PM', 'ar', 'UTC');
    expect(en).toMatch(/Apr 14, 2021/);
    expect(fr).toMatch(/14 avr\. 2021/);
    expect(fr).toMatch(/20:43/);
    expect(ar).toMatch(/2021/);
    expect(ar).toMatch(/م|ص/);
    expect(new Set([en, fr, ar]).size).toBe(3);
  });

  it('leaves text of another shape as it is', () => {
    expect(formatPermissionDate('yesterday', 'fr')).toBe('yesterday');
  });
});
