import type { PlanView, SubscriptionView } from '@orbit/functions/plans/contract';

/**
 * What the pricing page computes from a plan: the price of an interval, the yearly saving, and
 * storage typed in gigabytes (decimal units, as it is sold).
 */

export type Interval = SubscriptionView['interval'];

export const priceOf = (plan: Pick<PlanView, 'monthlyPrice' | 'yearlyPrice'>, interval: Interval): number =>
  interval === 'month' ? plan.monthlyPrice : plan.yearlyPrice;

/** Twelve monthly prices less the yearly one, in minor units; null when paying yearly saves nothing. */
export const yearlySaving = (plan: Pick<PlanView, 'monthlyPrice' | 'yearlyPrice'>): number | null => {
  const saving = plan.monthlyPrice * 12 - plan.yearlyPrice;
  return saving > 0 ? saving : null;
};

export const bytesPerGigabyte = 1_000_000_000;

/** Gigabytes as typed ("10", "0.5", "2,25"; at most three decimals: whole megabytes) in bytes; null if not such a number. */
export const parseGigabytes = (text: string): number | null => {
  const normalised = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,3})?$/.test(normalised)) return null;
  const [whole = '0', fraction = ''] = normalised.split('.');
  // Integer arithmetic: 0.1 GB is exactly 100 000 000 bytes, not a float's neighbour of it.
  return Number(whole) * bytesPerGigabyte + Number(fraction.padEnd(3, '0')) * 1_000_000;
};

/** Bytes as the form shows them again, in gigabytes ("10", "0.5"). */
export const gigabytesInput = (bytes: number): string => String(bytes / bytesPerGigabyte);
