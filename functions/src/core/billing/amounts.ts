import type { InvoiceLine } from './records';

/**
 * An invoice's sums (docs/plans.md, "Invoices"), in integer minor units. Tax is on the subtotal
 * at one rate, rounded half away from zero; referral credit pays part of the total (after tax,
 * as a customer balance does), never more than it, and never a negative total.
 */
export interface InvoiceAmounts {
  readonly subtotal: number;
  readonly tax: number;
  readonly total: number;
  readonly creditApplied: number;
  readonly amountDue: number;
}

/** `amount × bps / 10 000`, rounded half away from zero, in integers only. */
export const basisPointsOf = (amount: number, bps: number): number => {
  const scaled = Math.abs(amount) * bps;
  const rounded = Math.floor((scaled + 5_000) / 10_000);
  return amount < 0 ? -rounded : rounded;
};

export const invoiceAmounts = (
  lines: readonly InvoiceLine[],
  taxRateBps: number,
  availableCredit: number,
): InvoiceAmounts => {
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const tax = basisPointsOf(subtotal, taxRateBps);
  const total = subtotal + tax;
  const creditApplied = Math.max(0, Math.min(availableCredit, total));
  return { subtotal, tax, total, creditApplied, amountDue: total - creditApplied };
};
