import { invoiceEntity } from '@orbit/functions/core/billing/entities';
import { periodEnd, startOfUtcDay } from '@orbit/functions/core/billing/periods';
import type { InvoicePayment, InvoiceRecord, SubscriptionRecord } from '@orbit/functions/core/billing/records';
import { putPart, transactWrite } from '@orbit/functions/core/db';
import { getUserByPhone } from '@orbit/functions/core/users/repository';
import { newDraft } from '@orbit/functions/plans/invoice-drafting';
import { issueInvoice } from '@orbit/functions/plans/invoice-issuing';
import { getPlan } from '@orbit/functions/plans/invoice-repository';
import { getSubscription } from '@orbit/functions/plans/subscription-repository';

import { demoUsers } from './demo-users';

/**
 * The invoices' demo history (docs/plans.md, "Invoices"): the months before the demo clients'
 * current period (seed/src/plans.ts subscribes them today), billed as the jobs bill them —
 * drafted, issued an hour later with the year's next number, and paid a few days on, or still
 * open (one of them overdue, for the overview). Drafted and issued through the invoices' own
 * functions, in the order they happened so their numbers follow it; not mailed (their clients were
 * told then). The payments are written as paid invoices, without the referral step a payment
 * queues today: the referrals' history is seeded as it stands (seed/src/referrals.ts), and a step
 * run by the worker after that seed would reward Lucas Moreau's referral or not depending on
 * which came first.
 */

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** The start of the monthly period `monthsAgo` months before today (clamped to the month's last day). */
const monthsBefore = (today: Date, monthsAgo: number): Date => {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() - monthsAgo;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(today.getUTCDate(), lastDay)));
};

interface PastInvoice {
  readonly phone: string;
  readonly monthsAgo: number;
  /** Days after issue the money arrived; null: still open. */
  readonly paidAfterDays: number | null;
  readonly payment?: Pick<InvoicePayment, 'method' | 'reference'>;
}

/** By demo user (demo-users.ts): Liam Carter paid both months; Lucas Moreau paid one, the last is still open. */
const history: readonly PastInvoice[] = [
  {
    phone: '+15550100002',
    monthsAgo: 2,
    paidAfterDays: 3,
    payment: { method: 'bank_transfer', reference: 'SEPA 2291' },
  },
  { phone: '+15550100006', monthsAgo: 2, paidAfterDays: 9, payment: { method: 'card', reference: 'POS 77310' } },
  {
    phone: '+15550100002',
    monthsAgo: 1,
    paidAfterDays: 2,
    payment: { method: 'bank_transfer', reference: 'SEPA 2418' },
  },
  // Issued a month ago, due two weeks later: overdue now.
  { phone: '+15550100006', monthsAgo: 1, paidAfterDays: null },
];

const monthlySubscription = async (phone: string): Promise<SubscriptionRecord> => {
  const client = await getUserByPhone(phone);
  const subscription = client && (await getSubscription(client.id));
  if (!subscription || subscription.interval !== 'month') throw new Error(`seed: ${phone} has no monthly plan`);
  return subscription;
};

const billPastPeriod = async (entry: PastInvoice, today: Date): Promise<void> => {
  const current = await monthlySubscription(entry.phone);
  const plan = await getPlan(current.planId);
  if (!plan) throw new Error(`seed: plan ${current.planId} is missing`);
  const start = monthsBefore(today, entry.monthsAgo);
  const past: SubscriptionRecord = {
    ...current,
    currentPeriodStart: start.toISOString(),
    currentPeriodEnd: periodEnd(start, 'month').toISOString(),
  };
  const draft: InvoiceRecord = await newDraft(past, plan, [], start);
  await transactWrite([putPart('invoice', invoiceEntity.toItem(draft))]);
  const issuedAt = new Date(start.getTime() + hourMs);
  const outcome = await issueInvoice(draft.id, issuedAt, { mail: false });
  if (!('issued' in outcome)) throw new Error(`seed: invoice ${draft.id} was not issued`);
  if (entry.paidAfterDays === null || !entry.payment) return;
  const paidAt = new Date(issuedAt.getTime() + entry.paidAfterDays * dayMs);
  const paid: InvoiceRecord = {
    ...outcome.issued,
    status: 'paid',
    payment: {
      ...entry.payment,
      paidOn: paidAt.toISOString().slice(0, 10),
      recordedBy: await adminId(),
      recordedAt: paidAt.toISOString(),
    },
    updatedAt: paidAt.toISOString(),
    version: outcome.issued.version + 1,
  };
  await transactWrite([putPart('invoice', invoiceEntity.toItem(paid))]);
};

const adminId = async (): Promise<string> => {
  const admin = demoUsers.find((user) => user.role === 'admin');
  const record = admin && (await getUserByPhone(admin.phone));
  if (!record) throw new Error('seed: the demo administrator is missing');
  return record.id;
};

export const seedInvoices = async (): Promise<void> => {
  const today = startOfUtcDay(new Date());
  // One after another: each takes the next number of its year.
  for (const entry of history) await billPastPeriod(entry, today);
};
