import { basisPointsOf } from '../core/billing/amounts';
import type { Currency, InvoiceRecord, RewardRule } from '../core/billing/records';

/**
 * The credit a referral earns when its client's first invoice is paid (docs/plans.md,
 * "Referrals"): a fixed amount, or a percentage of that invoice's total capped at `cap`. A
 * percentage is only taken of an invoice in the rule's currency; an invoice in another currency
 * earns the cap, as converting would need a rate the product does not keep.
 */
export const rewardFor = (
  rule: RewardRule,
  invoice: Pick<InvoiceRecord, 'total' | 'currency'>,
): { amount: number; currency: Currency } => {
  if (rule.kind === 'fixed') return { amount: rule.amount, currency: rule.currency };
  if (rule.currency !== invoice.currency) return { amount: rule.cap, currency: rule.currency };
  return {
    amount: Math.min(basisPointsOf(Math.max(0, invoice.total), rule.percentBps), rule.cap),
    currency: rule.currency,
  };
};
