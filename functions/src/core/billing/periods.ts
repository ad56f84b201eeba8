import type { BillingInterval } from './records';

/**
 * Billing periods (docs/plans.md, "Periods"): they start and end at UTC midnight; a monthly
 * period ends on the same day of the next month, or that month's last day when it has no such
 * day (a period from 31 January ends on 28 or 29 February, the next from then on the 28th/29th:
 * the day is not restored, as each period starts where the last ended).
 */

const dayMs = 86_400_000;

/** UTC midnight of the day `at` falls in. */
export const startOfUtcDay = (at: Date): Date =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/** The end of a period that starts at `start` (UTC midnight) and lasts one `interval`. */
export const periodEnd = (start: Date, interval: BillingInterval): Date => {
  const months = interval === 'month' ? 1 : 12;
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(start.getUTCDate(), lastDay)));
};

/** Whole days from `from` to `to` (both UTC midnights). */
export const daysBetween = (from: Date, to: Date): number => Math.round((to.getTime() - from.getTime()) / dayMs);
