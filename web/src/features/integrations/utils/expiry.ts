import { apiKeyLimits } from '@orbit/functions/integrations/api-key-contract';

/**
 * When a new API key expires: a number of days from now, or the end of a chosen day (the
 * reader's own clock). The server refuses a past moment or one more than `expiryMaxDays` away;
 * the form says so before asking it.
 */

export const expiryPresetDays = [30, 90, 365] as const;
export type ExpiryChoice = (typeof expiryPresetDays)[number] | 'date';

const dayMs = 24 * 60 * 60 * 1000;

/** The moment a choice means, or undefined when a chosen day is missing, past or too far. */
export const expiresAtFor = (choice: ExpiryChoice, date: string, now = new Date()): string | undefined => {
  if (choice !== 'date') return new Date(now.getTime() + choice * dayMs).toISOString();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  // The last second of that day where the reader is, as a day means to them.
  const end = new Date(year, month - 1, day, 23, 59, 59);
  if (end.getDate() !== day) return undefined;
  const ahead = end.getTime() - now.getTime();
  return ahead > 0 && ahead <= apiKeyLimits.expiryMaxDays * dayMs ? end.toISOString() : undefined;
};

/** `yyyy-mm-dd` of a moment on the reader's clock (a date input's value and bounds). */
export const dateInputValue = (moment: Date): string =>
  [moment.getFullYear(), moment.getMonth() + 1, moment.getDate()]
    .map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0'))
    .join('-');

/** The latest day the date input offers. */
export const latestExpiryDate = (now = new Date()): string =>
  dateInputValue(new Date(now.getTime() + (apiKeyLimits.expiryMaxDays - 1) * dayMs));
