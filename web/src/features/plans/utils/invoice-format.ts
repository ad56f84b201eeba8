import type { InvoiceView } from '@orbit/functions/plans/invoice-contract';

/**
 * An invoice's status as the list and its tag name it, and today as the payment form takes it.
 */

/** The status a person reads: an open invoice past its due date is overdue. */
export type InvoiceDisplayStatus = InvoiceView['status'] | 'overdue';

export const displayStatusOf = (invoice: Pick<InvoiceView, 'status' | 'overdue'>): InvoiceDisplayStatus =>
  invoice.status === 'open' && invoice.overdue ? 'overdue' : invoice.status;

/** Today in the reader's own calendar, as a payment form takes it (YYYY-MM-DD). */
export const todayInput = (now = new Date()): string => {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};
