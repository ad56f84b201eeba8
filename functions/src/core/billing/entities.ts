import { defineEntity } from '../entity';
import { subscriptionPartition } from './subscription-entities';
import type {
  CreditBalanceRecord,
  CreditEntryRecord,
  Currency,
  InvoiceRecord,
  PendingInvoiceLine,
  ReferralRecord,
  RewardRuleRecord,
} from './records';

/**
 * Where plans, subscriptions, invoices, referrals and credit live (rows in
 * core/billing-access-patterns.ts; docs/plans.md, "Data"). In core because four areas share
 * them: plans (catalogue, subscriptions, invoices), referrals, invoice-pdf and payments. Each
 * definition is marked pure, so a bundle keeps only the entities it uses: the auth area writes a
 * referral and must not carry (nor be granted) the invoices' keys (tests/infra/leading-keys.test.ts).
 */

/* ---------- Catalogue and subscriptions: in subscription-entities.ts (the limits read them) ---------- */

export { planEntity, plansPartition, subscriptionEntity, subscriptionsIndexPartition } from './subscription-entities';
export { usageEntity, type UsageRecord } from './usage-entity';

/* ---------- A subscription's pending lines and billed periods, in its partition ---------- */

export const pendingLineSkPrefix = 'PENDING#';

export const pendingLineEntity = /* @__PURE__ */ defineEntity<PendingInvoiceLine, [clientId: string, lineId: string]>({
  type: 'PendingInvoiceLine',
  key: (clientId, lineId) => ({ pk: subscriptionPartition(clientId), sk: `${pendingLineSkPrefix}${lineId}` }),
  keyOf: (record) => ({ pk: subscriptionPartition(record.clientId), sk: `${pendingLineSkPrefix}${record.id}` }),
});

/** Names the invoice of one period: written with the draft (attribute_not_exists), so a period is billed once. */
export interface BilledPeriodRecord {
  readonly clientId: string;
  readonly periodStart: string;
  readonly invoiceId: string;
}

export const billedPeriodEntity = /* @__PURE__ */ defineEntity<
  BilledPeriodRecord,
  [clientId: string, periodStart: string]
>({
  type: 'BilledPeriod',
  key: (clientId, periodStart) => ({ pk: subscriptionPartition(clientId), sk: `PERIOD#${periodStart}` }),
  keyOf: (record) => ({ pk: subscriptionPartition(record.clientId), sk: `PERIOD#${record.periodStart}` }),
});

/** Subscribers per plan and interval, kept by the writes that change them, so the overview never scans. */
export interface BillingStatsRecord {
  /** `<planId>#<interval>` → active subscriptions. */
  readonly subscribers: Readonly<Record<string, number>>;
}

export const billingStatsEntity = /* @__PURE__ */ defineEntity<BillingStatsRecord, []>({
  type: 'BillingStats',
  key: () => ({ pk: 'BILLING#stats', sk: 'STATS' }),
  keyOf: () => ({ pk: 'BILLING#stats', sk: 'STATS' }),
});

/* ---------- Invoices ---------- */

export const clientInvoicesPartition = (clientId: string) => `INVOICES#${clientId}`;
export const invoicesByStatusPartition = (status: InvoiceRecord['status']) => `INVOICESTATUS#${status}`;

export const invoiceEntity = /* @__PURE__ */ defineEntity<InvoiceRecord, [invoiceId: string]>({
  type: 'Invoice',
  key: (invoiceId) => ({ pk: `INVOICE#${invoiceId}`, sk: 'INVOICE' }),
  keyOf: (record) => ({ pk: `INVOICE#${record.id}`, sk: 'INVOICE' }),
  indexKeysOf: (record) => ({
    // A client's invoices, newest first (ids are ULIDs).
    gsi1pk: clientInvoicesPartition(record.clientId),
    gsi1sk: record.id,
    // Every invoice of a status, by due date (drafts by creation): open ones past today are overdue.
    gsi2pk: invoicesByStatusPartition(record.status),
    gsi2sk: `${record.dueAt ?? record.createdAt}#${record.id}`,
  }),
});

/** The last number given in a year: raised in the transaction that issues an invoice, so numbers have no gaps. */
export interface InvoiceCounterRecord {
  readonly year: number;
  readonly last: number;
}

export const invoiceCounterEntity = /* @__PURE__ */ defineEntity<InvoiceCounterRecord, [year: number]>({
  type: 'InvoiceCounter',
  key: (year) => ({ pk: `INVOICECOUNTER#${year}`, sk: 'COUNTER' }),
  keyOf: (record) => ({ pk: `INVOICECOUNTER#${record.year}`, sk: 'COUNTER' }),
});

/* ---------- Referrals ---------- */

export const referralsIndexPartition = 'REFERRALS';

export const referralEntity = /* @__PURE__ */ defineEntity<ReferralRecord, [referrerId: string, referredId: string]>({
  type: 'Referral',
  key: (referrerId, referredId) => ({ pk: `REFERRER#${referrerId}`, sk: `REFERRED#${referredId}` }),
  keyOf: (record) => ({ pk: `REFERRER#${record.referrerId}`, sk: `REFERRED#${record.referredId}` }),
  // Every referral, newest first, for the admins.
  indexKeysOf: (record) => ({
    gsi1pk: referralsIndexPartition,
    gsi1sk: `${record.registeredAt}#${record.referredId}`,
  }),
});

export const rewardRuleEntity = /* @__PURE__ */ defineEntity<RewardRuleRecord, []>({
  type: 'RewardRule',
  key: () => ({ pk: 'REFERRALRULE', sk: 'RULE' }),
  keyOf: () => ({ pk: 'REFERRALRULE', sk: 'RULE' }),
});

/* ---------- Credit ---------- */

const creditPartition = (userId: string) => `CREDIT#${userId}`;
export const creditsIndexPartition = 'CREDITS';

export const creditBalanceEntity = /* @__PURE__ */ defineEntity<
  CreditBalanceRecord,
  [userId: string, currency: Currency]
>({
  type: 'CreditBalance',
  key: (userId, currency) => ({ pk: creditPartition(userId), sk: `BALANCE#${currency}` }),
  keyOf: (record) => ({ pk: creditPartition(record.userId), sk: `BALANCE#${record.currency}` }),
  // Every balance, for the admins.
  indexKeysOf: (record) => ({ gsi1pk: creditsIndexPartition, gsi1sk: `${record.userId}#${record.currency}` }),
});

export const creditEntrySkPrefix = 'ENTRY#';

export const creditEntryEntity = /* @__PURE__ */ defineEntity<CreditEntryRecord, [userId: string, entryId: string]>({
  type: 'CreditEntry',
  key: (userId, entryId) => ({ pk: creditPartition(userId), sk: `${creditEntrySkPrefix}${entryId}` }),
  keyOf: (record) => ({ pk: creditPartition(record.userId), sk: `${creditEntrySkPrefix}${record.id}` }),
});

/* ---------- Online payments ---------- */

/**
 * One payment provider event handled: claimed (attribute_not_exists) in the transaction that
 * acts on it, so an event the provider sends twice changes nothing the second time.
 */
export interface PaymentEventRecord {
  readonly eventId: string;
  readonly type: string;
  readonly invoiceId: string;
  /** paid: the invoice became paid; ignored: it was no longer open (paid or void meanwhile). */
  readonly outcome: 'paid' | 'ignored';
  readonly receivedAt: string;
}

export const paymentEventEntity = /* @__PURE__ */ defineEntity<PaymentEventRecord, [eventId: string]>({
  type: 'PaymentEvent',
  key: (eventId) => ({ pk: `PAYMENTEVENT#${eventId}`, sk: 'EVENT' }),
  keyOf: (record) => ({ pk: `PAYMENTEVENT#${record.eventId}`, sk: 'EVENT' }),
});
