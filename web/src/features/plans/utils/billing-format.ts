import type { PlanView } from '@orbit/functions/plans/contract';

type Translatable = PlanView['name'];

/**
 * What every plans tab writes beyond money (shared/i18n/money-format.ts): the agency's own words
 * in the reader's language, and billing days and periods.
 */

/** The agency's own words in the reader's language; French and Arabic may be empty and fall back to English. */
export const textIn = (text: Translatable, language: string): string => {
  const base = language.split('-')[0];
  const translated = base === 'fr' ? text.fr : base === 'ar' ? text.ar : '';
  return translated.trim() ? translated : text.en;
};

const dayMs = 86_400_000;
const utcDayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Billing days are calendar days at UTC midnight (docs/plans.md, "Periods"), and so are written in
 * UTC: west of Greenwich the local day would be the one before.
 */
const utcDayFormat = (language: string): Intl.DateTimeFormat => {
  let format = utcDayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    utcDayFormats.set(language, format);
  }
  return format;
};

/** A billing day (a UTC-midnight timestamp, or `2026-03-01` as a payment's day) in the reader's language. */
export const formatBillingDay = (day: string, language: string): string =>
  utcDayFormat(language).format(new Date(day.length === 10 ? `${day}T00:00:00.000Z` : day));

/** A period [start, end) as its first and last day: "1–31 Mar 2026" (the end is the next period's first day). */
export const formatPeriod = (start: string, end: string, language: string): string => {
  const first = new Date(start);
  const last = new Date(Math.max(first.getTime(), new Date(end).getTime() - dayMs));
  return utcDayFormat(language).formatRange(first, last);
};
