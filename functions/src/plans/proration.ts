import { daysBetween, startOfUtcDay } from '../core/billing/periods';
import type { BillingInterval, InvoiceLine, PlanRecord } from '../core/billing/records';

/**
 * A plan change in the middle of a period, prorated to the day (docs/plans.md, "Subscriptions"):
 * the days left of the period, the day of the change included, are credited at the old plan's
 * price and charged at the new one's. Pure arithmetic in integer minor units, rounded half away
 * from zero, so the figures are the same wherever they are computed.
 */

/** The plan's price for one period of `interval`. */
export const priceFor = (plan: Pick<PlanRecord, 'monthlyPrice' | 'yearlyPrice'>, interval: BillingInterval): number =>
  interval === 'month' ? plan.monthlyPrice : plan.yearlyPrice;

/** `price × days / periodDays`, rounded half away from zero, without a float in between. */
export const proratedAmount = (price: number, days: number, periodDays: number): number => {
  const rounded = Math.floor((2 * Math.abs(price) * days + periodDays) / (2 * periodDays));
  return price < 0 ? -rounded : rounded;
};

export interface ProrationInput {
  readonly from: PlanRecord;
  readonly to: PlanRecord;
  readonly interval: BillingInterval;
  readonly periodStart: Date;
  readonly periodEnd: Date;
  /** When the change is made: its UTC day is the first of the remaining days. */
  readonly at: Date;
}

/** The two lines of a change (unused of the old plan, negative; remaining of the new), none when no day is left. */
export const prorationLines = (input: ProrationInput): InvoiceLine[] => {
  const periodDays = daysBetween(input.periodStart, input.periodEnd);
  const today = startOfUtcDay(input.at);
  const from = today < input.periodStart ? input.periodStart : today;
  const days = Math.max(0, daysBetween(from, input.periodEnd));
  if (days === 0 || periodDays <= 0) return [];
  const common = {
    kind: 'proration' as const,
    days,
    periodDays,
    periodStart: input.periodStart.toISOString(),
    periodEnd: input.periodEnd.toISOString(),
  };
  return [
    {
      ...common,
      planId: input.from.id,
      planName: input.from.name,
      direction: 'unused',
      amount: -proratedAmount(priceFor(input.from, input.interval), days, periodDays),
    },
    {
      ...common,
      planId: input.to.id,
      planName: input.to.name,
      direction: 'remaining',
      amount: proratedAmount(priceFor(input.to, input.interval), days, periodDays),
    },
  ];
};
