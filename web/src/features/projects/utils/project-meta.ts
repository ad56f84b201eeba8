import type { Priority, ProjectStatus } from '@orbit/functions/projects/contract';

/**
 * Presentation rules for projects that are worth testing on their own: colours, due badges, dates.
 * (Validation messages: validation-key.ts.)
 */

export type ChipColor = 'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';

export const statusColor: Readonly<Record<ProjectStatus, ChipColor>> = {
  planning: 'info',
  active: 'primary',
  on_hold: 'warning',
  completed: 'success',
  archived: 'default',
};

export const priorityColor: Readonly<Record<Priority, ChipColor>> = {
  low: 'default',
  medium: 'info',
  high: 'warning',
  urgent: 'error',
};

export type DueState = 'none' | 'overdue' | 'today' | 'soon' | 'later';

/** Days ahead that count as "due soon". */
export const dueSoonDays = 7;

/** Today's date as YYYY-MM-DD in the user's time zone (due dates are calendar days). */
export const localToday = (now: Date = new Date()): string => {
  const offset = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
};

const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * How urgent a due date is. Finished work (a completed or archived project, a task in a done
 * stage) is never overdue: it shows its date plainly.
 */
export const dueStateOf = (dueDate: string | null, finished: boolean, today: string = localToday()): DueState => {
  if (!dueDate) return 'none';
  if (finished) return 'later';
  const days = daysBetween(today, dueDate);
  if (days < 0) return 'overdue';
  if (days === 0) return 'today';
  return days <= dueSoonDays ? 'soon' : 'later';
};

export const dueColor: Readonly<Record<DueState, ChipColor>> = {
  none: 'default',
  overdue: 'error',
  today: 'warning',
  soon: 'warning',
  later: 'default',
};

export const isFinishedStatus = (status: ProjectStatus): boolean => status === 'completed' || status === 'archived';

/**
 * One formatter per language and kind: building an Intl formatter costs far more than using one
 * (a page of cards formatted a date per card, and building its formatter each time was a sixth of
 * the page's render).
 */
const formatterCache = <T>(make: (language: string) => T): ((language: string) => T) => {
  const byLanguage = new Map<string, T>();
  return (language) => {
    let formatter = byLanguage.get(language);
    if (formatter === undefined) {
      formatter = make(language);
      byLanguage.set(language, formatter);
    }
    return formatter;
  };
};

const dayFormat = formatterCache(
  (language) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }),
);
const dateTimeFormat = formatterCache(
  (language) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
);

/** A calendar date (YYYY-MM-DD) in the reader's language, without shifting it across time zones. */
export const formatDay = (day: string, language: string): string =>
  dayFormat(language).format(new Date(`${day}T00:00:00Z`));

export const formatDateTime = (iso: string, language: string): string => dateTimeFormat(language).format(new Date(iso));

export const formatMoney = (amount: number, currency: string, language: string): string => {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
};

/**
 * Wraps user text put into a translated sentence in Unicode isolates (FSI … PDI, what <bdi>
 * does for markup), so a name or title in one direction does not reorder an Arabic (or English)
 * sentence around it: "Liam Carter commented on “!Lovely”" stays in order in every language.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;
