import { invoiceAmounts } from '../core/billing/amounts';
import type { CreditBalanceRecord, CreditEntryRecord, InvoiceRecord } from '../core/billing/records';
import { ConditionFailed, retry, transactWrite, type TransactionPart } from '../core/db';
import { jobPart } from '../core/jobs/enqueue';
import { invoiceLimits } from './invoice-contract';
import {
  counterPart,
  creditBalancePart,
  creditEntryPart,
  getCreditBalance,
  getInvoice,
  getInvoiceCounter,
  invoicePart,
} from './invoice-repository';

/**
 * A draft becomes open (docs/plans.md, "Invoices"): by the job `billing.invoice.issue` an hour
 * after drafting, or by an admin before then; both run this. One transaction gives the year's
 * next number, applies the client's referral credit, sets the due date and queues the mail, so
 * an invoice is never numbered without its credit, nor credited twice.
 */

const dayMs = 86_400_000;

/** `2026-0007`: four digits at least (a ten-thousandth invoice in a year is `2026-10000`). */
export const invoiceNumber = (year: number, sequence: number): string => `${year}-${String(sequence).padStart(4, '0')}`;

/**
 * Writers of the year's counter collide on purpose (every issue raises it): a lost condition is
 * read again and retried after a random wait, enough times for 50 issues at once to all get
 * through (each round lets at least one win).
 */
const counterContention = { attempts: 120, baseDelayMs: 15, maxDelayMs: 400 } as const;

/** Any lost condition: the next round reads again, and finds the invoice issued if that is why. */
const isLostRace = (error: unknown): boolean => error instanceof ConditionFailed;

export type IssueOutcome = { readonly issued: InvoiceRecord } | { readonly notDraft: InvoiceRecord | undefined };

const creditParts = (
  invoice: InvoiceRecord,
  balance: CreditBalanceRecord,
  amount: number,
  at: string,
): TransactionPart[] => {
  const entry: CreditEntryRecord = {
    id: `applied#${invoice.id}`,
    userId: invoice.clientId,
    kind: 'applied',
    amount,
    currency: invoice.currency,
    referredId: null,
    invoiceId: invoice.id,
    at,
  };
  return [
    creditBalancePart(
      {
        ...balance,
        applied: balance.applied + amount,
        available: balance.available - amount,
        version: balance.version + 1,
      },
      balance.version,
    ),
    creditEntryPart(entry),
  ];
};

/** One read-compute-write round; a lost race throws ConditionFailed and the round starts over. */
const issueOnce = async (invoiceId: string, now: Date, mail: boolean): Promise<IssueOutcome> => {
  const invoice = await getInvoice(invoiceId);
  if (invoice?.status !== 'draft') return { notDraft: invoice };
  const year = now.getUTCFullYear();
  const [counter, balance] = await Promise.all([
    getInvoiceCounter(year),
    getCreditBalance(invoice.clientId, invoice.currency),
  ]);
  const sequence = (counter?.last ?? 0) + 1;
  const amounts = invoiceAmounts(invoice.lines, invoice.taxRateBps, balance?.available ?? 0);
  const at = now.toISOString();
  const issued: InvoiceRecord = {
    ...invoice,
    ...amounts,
    number: invoiceNumber(year, sequence),
    status: 'open',
    issuedAt: at,
    dueAt: new Date(now.getTime() + invoiceLimits.paymentTermDays * dayMs).toISOString(),
    updatedAt: at,
    version: invoice.version + 1,
  };
  await transactWrite([
    counterPart({ year, last: sequence }, counter),
    invoicePart(issued, invoice),
    ...(balance && amounts.creditApplied > 0 ? creditParts(invoice, balance, amounts.creditApplied, at) : []),
    ...(mail
      ? [
          jobPart(
            'billing.invoice.email',
            { invoiceId },
            { id: `invoice-email#${invoiceId}`, maxAttempts: 3, label: `Invoice ${issued.number ?? ''} by email`, now },
          ).part,
        ]
      : []),
  ]);
  return { issued };
};

/**
 * Issues the draft at `now`; a second call (or a draft issued meanwhile) finds it not a draft and
 * writes nothing. `mail: false` is for history written after the fact (the demo seed): its
 * clients were told at the time.
 */
export const issueInvoice = (
  invoiceId: string,
  now: Date,
  options: { mail: boolean } = { mail: true },
): Promise<IssueOutcome> =>
  retry({ ...counterContention, retryOn: isLostRace }, () => issueOnce(invoiceId, now, options.mail));

/* ---------- Void ---------- */

const voidOnce = async (invoice: InvoiceRecord, now: Date): Promise<InvoiceRecord> => {
  const at = now.toISOString();
  const voided: InvoiceRecord = {
    ...invoice,
    status: 'void',
    voidedAt: at,
    updatedAt: at,
    version: invoice.version + 1,
  };
  const parts: TransactionPart[] = [invoicePart(voided, invoice)];
  if (invoice.status === 'open' && invoice.creditApplied > 0) {
    // The credit it took comes back to the client's balance, for their next invoice.
    const balance = await getCreditBalance(invoice.clientId, invoice.currency);
    const amount = invoice.creditApplied;
    const released: CreditEntryRecord = {
      id: `released#${invoice.id}`,
      userId: invoice.clientId,
      kind: 'released',
      amount,
      currency: invoice.currency,
      referredId: null,
      invoiceId: invoice.id,
      at,
    };
    parts.push(
      creditBalancePart(
        balance
          ? {
              ...balance,
              applied: balance.applied - amount,
              available: balance.available + amount,
              version: balance.version + 1,
            }
          : {
              userId: invoice.clientId,
              currency: invoice.currency,
              earned: 0,
              applied: -amount,
              available: amount,
              version: 1,
            },
        balance?.version,
      ),
      creditEntryPart(released),
    );
  }
  await transactWrite(parts);
  return voided;
};

/**
 * A draft or open invoice becomes void (its number, if any, is kept: numbers are never reused).
 * A balance changed meanwhile (credit earned) is read again; the invoice itself changed is
 * ConditionFailed(['invoice']) for the caller.
 */
export const voidInvoice = (invoice: InvoiceRecord, now: Date): Promise<InvoiceRecord> =>
  retry(
    {
      attempts: 5,
      baseDelayMs: 20,
      maxDelayMs: 200,
      retryOn: (error) => error instanceof ConditionFailed && error.failed('credit'),
    },
    () => voidOnce(invoice, now),
  );
