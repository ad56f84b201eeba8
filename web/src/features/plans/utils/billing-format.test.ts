import { describe, expect, it } from 'vitest';
import { formatBillingDay, formatPeriod, textIn } from './billing-format';

describe('billing days and the agency’s words', () => {
  it('shows a period [start, end) as its first and last day, in UTC', () => {
    expect(formatPeriod('2026-01-31T00:00:00.000Z', '2026-02-28T00:00:00.000Z', 'en')).toMatch(
      /^Jan 31\s–\sFeb 27, 2026$/,
    );
    expect(formatPeriod('2026-03-01T00:00:00.000Z', '2027-03-01T00:00:00.000Z', 'fr')).toMatch(
      /^1 mars 2026\s–\s28 févr\. 2027$/,
    );
    expect(formatBillingDay('2026-01-24', 'en')).toBe('Jan 24, 2026');
    expect(formatBillingDay('2026-01-24T00:00:00.000Z', 'en')).toBe('Jan 24, 2026');
  });

  it('writes a plan’s words in the interface language, else in English', () => {
    const name = { en: 'Starter', fr: '', ar: 'المبتدئ' };
    expect(textIn(name, 'ar')).toBe('المبتدئ');
    expect(textIn(name, 'fr')).toBe('Starter');
    expect(textIn({ en: 'Growth', fr: 'Croissance', ar: ' ' }, 'ar')).toBe('Growth');
    expect(textIn({ en: 'Growth', fr: 'Croissance', ar: '' }, 'fr-FR')).toBe('Croissance');
  });
});
