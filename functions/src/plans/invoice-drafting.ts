import { invoiceAmounts } from '../core/billing/amounts';
import { periodEnd } from '../core/billing/periods';
import type {
  InvoiceLine,
  InvoiceRecord,
  PendingInvoiceLine,
  PlanRecord,
  SubscriptionRecord,
} from '../core/billing/records';
import { ConditionFailed, transactWrite, type TransactionPart } from '../core/db';
import { ulid } from '../core/ids';
import { jobPart } from '../core/jobs/enqueue';
import { PermanentJobError } from '../core/jobs/errors';
import { getUserById } from '../core/users/repository';
import {
  billedPeriodPart,
  billingStatsPart,
  getBilledPeriod,
  getPlan,
  invoicePart,
  pendingLineDeletePart,
  subscriptionPart,
  subscriptionUnchangedPart,
} from './invoice-repository';
import { getSubscription, listPendingLines } from './subscription-repository';

/**
 * The job `billing.invoice.draft` (docs/plans.md, "Background work"): at a period's start, the
 * period's invoice as a draft, with every pending proration line, and the next period's job.
 * At-least-once: the BilledPeriod claim makes a second run write nothing.
 */

/** An hour for an admin to look at a draft (or issue it at once) before the job issues it. */
export const issueDelayMs = 3_600_000;

export type DraftOutcome =
  | { readonly drafted: string }
  | { readonly canceled: true }
  | { readonly skipped: 'no subscription' | 'canceled' | 'billed' | 'not this period' };

const statsKey = (choice: { planId: string; interval: string }) => `${choice.planId}#${choice.interval}`;

/** Adds the subscriber moves of leaving one plan choice for another (none when they are the same). */
const statsMoves = (from: SubscriptionRecord, to: SubscriptionRecord): Record<string, number> => {
  const before = statsKey(from);
  const after = statsKey(to);
  return before === after ? {} : { [before]: -1, [after]: 1 };
};

/** The subscription of the period starting at `periodStart`: the current one, or the next one rolled to. */
const periodSubscription = (
  subscription: SubscriptionRecord,
  periodStart: string,
  now: Date,
): SubscriptionRecord | 'not this period' => {
  if (periodStart === subscription.currentPeriodStart) return subscription;
  if (periodStart !== subscription.currentPeriodEnd) return 'not this period';
  const choice = subscription.scheduledChange ?? subscription;
  return {
    ...subscription,
    planId: choice.planId,
    interval: choice.interval,
    currentPeriodStart: periodStart,
    currentPeriodEnd: periodEnd(new Date(periodStart), choice.interval).toISOString(),
    scheduledChange: null,
    updatedAt: now.toISOString(),
    version: subscription.version + 1,
  };
};

const planLine = (plan: PlanRecord, subscription: SubscriptionRecord): InvoiceLine => ({
  kind: 'plan',
  planId: plan.id,
  planName: plan.name,
  interval: subscription.interval,
  periodStart: subscription.currentPeriodStart,
  periodEnd: subscription.currentPeriodEnd,
  amount: subscription.interval === 'month' ? plan.monthlyPrice : plan.yearlyPrice,
});

/** Pending lines in the order they were written; a plan change's pair reads "unused" then "remaining". */
const byWriting = (a: PendingInvoiceLine, b: PendingInvoiceLine): number =>
  a.createdAt.localeCompare(b.createdAt) ||
  Number(a.line.kind === 'proration' && a.line.direction === 'remaining') -
    Number(b.line.kind === 'proration' && b.line.direction === 'remaining') ||
  a.id.localeCompare(b.id);

/** The draft of a period (no number, no credit yet: both are given when it is issued). */
export const newDraft = async (
  subscription: SubscriptionRecord,
  plan: PlanRecord,
  pending: readonly PendingInvoiceLine[],
  now: Date,
): Promise<InvoiceRecord> => {
  const client = await getUserById(subscription.clientId);
  if (!client) throw new PermanentJobError(`Client ${subscription.clientId} no longer exists`);
  const lines = [planLine(plan, subscription), ...[...pending].sort(byWriting).map((pendingLine) => pendingLine.line)];
  const amounts = invoiceAmounts(lines, plan.taxRateBps, 0);
  const at = now.toISOString();
  return {
    id: ulid(now.getTime()),
    clientId: subscription.clientId,
    billedTo: { fullName: client.fullName, email: client.email, language: client.language ?? 'en' },
    number: null,
    status: 'draft',
    currency: plan.currency,
    lines,
    subtotal: amounts.subtotal,
    taxRateBps: plan.taxRateBps,
    tax: amounts.tax,
    total: amounts.total,
    creditApplied: 0,
    amountDue: amounts.total,
    periodStart: subscription.currentPeriodStart,
    periodEnd: subscription.currentPeriodEnd,
    issuedAt: null,
    dueAt: null,
    payment: null,
    voidedAt: null,
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
};

/** At the end of a period marked to cancel: the subscription ends, and leaves the overview's counts. */
const endSubscription = async (subscription: SubscriptionRecord, now: Date): Promise<DraftOutcome> => {
  const at = now.toISOString();
  const ended: SubscriptionRecord = {
    ...subscription,
    status: 'canceled',
    canceledAt: at,
    requestedChange: null,
    scheduledChange: null,
    updatedAt: at,
    version: subscription.version + 1,
  };
  await transactWrite([
    subscriptionPart(ended, subscription.version),
    billingStatsPart({ [statsKey(subscription)]: -1 }),
  ]);
  return { canceled: true };
};

export const draftInvoice = async (clientId: string, periodStart: string, now: Date): Promise<DraftOutcome> => {
  const [subscription, billed] = await Promise.all([getSubscription(clientId), getBilledPeriod(clientId, periodStart)]);
  if (billed) return { skipped: 'billed' };
  if (!subscription) return { skipped: 'no subscription' };
  if (subscription.status === 'canceled') return { skipped: 'canceled' };
  if (periodStart === subscription.currentPeriodEnd && subscription.cancelAtPeriodEnd) {
    return endSubscription(subscription, now);
  }
  const period = periodSubscription(subscription, periodStart, now);
  if (period === 'not this period') return { skipped: period };
  const [plan, pending] = await Promise.all([getPlan(period.planId), listPendingLines(clientId)]);
  if (!plan) throw new PermanentJobError(`Plan ${period.planId} no longer exists`);
  const invoice = await newDraft(period, plan, pending, now);
  const rolled = period !== subscription;
  const moves = statsMoves(subscription, period);
  const parts: TransactionPart[] = [
    invoicePart(invoice),
    billedPeriodPart({ clientId, periodStart, invoiceId: invoice.id }),
    rolled ? subscriptionPart(period, subscription.version) : subscriptionUnchangedPart(subscription),
    ...pending.map(pendingLineDeletePart),
    ...(Object.keys(moves).length > 0 ? [billingStatsPart(moves)] : []),
    jobPart(
      'billing.invoice.draft',
      { clientId, periodStart: period.currentPeriodEnd },
      {
        id: `invoice-draft#${clientId}#${period.currentPeriodEnd}`,
        runAt: new Date(period.currentPeriodEnd),
        label: `Invoice of ${invoice.billedTo.fullName} from ${period.currentPeriodEnd.slice(0, 10)}`,
        now,
      },
    ).part,
    jobPart(
      'billing.invoice.issue',
      { invoiceId: invoice.id },
      {
        id: `invoice-issue#${invoice.id}`,
        runAt: new Date(now.getTime() + issueDelayMs),
        label: `Issue the invoice of ${invoice.billedTo.fullName} from ${periodStart.slice(0, 10)}`,
        now,
      },
    ).part,
  ];
  try {
    await transactWrite(parts);
  } catch (error) {
    // Another run billed this period first: its invoice stands. Anything else (a plan change
    // between the reads and the write) fails this run, and the job runs again on fresh reads.
    if (error instanceof ConditionFailed && error.failed('billed-period')) return { skipped: 'billed' };
    throw error;
  }
  return { drafted: invoice.id };
};
