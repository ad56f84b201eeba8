import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import {
  billingStatsEntity,
  creditBalanceEntity,
  creditEntryEntity,
  creditEntrySkPrefix,
  invoiceEntity,
  pendingLineEntity,
  planEntity,
  subscriptionEntity,
} from '@orbit/functions/core/billing/entities';
import { periodEnd, startOfUtcDay } from '@orbit/functions/core/billing/periods';
import type {
  BillingInterval,
  CreditBalanceRecord,
  Currency,
  InvoiceLine,
  InvoiceRecord,
  PlanRecord,
  SubscriptionRecord,
} from '@orbit/functions/core/billing/records';
import { db, putPart, queryAll, transactWrite } from '@orbit/functions/core/db';
import { monotonicFactory, ulid } from '@orbit/functions/core/ids';
import { jobPart } from '@orbit/functions/core/jobs/enqueue';
import { jobEntity } from '@orbit/functions/core/jobs/entities';
import type { JobRecord } from '@orbit/functions/core/jobs/records';
import { tableName } from '@orbit/functions/core/table';
import { userEntity } from '@orbit/functions/core/users/entities';
import { newDraft } from '@orbit/functions/plans/invoice-drafting';
import { billingStatsPart } from '@orbit/functions/plans/invoice-repository';

/**
 * Billing records put straight through the core entities, as the subscription routes (plans
 * catalogue) write them: a plan, a client's subscription from today with its first
 * `billing.invoice.draft` job due now (the worker drafts the invoice), pending proration lines,
 * a credit balance. The handlers read the process environment of the test's stack, so these
 * land in its table.
 */

export const testPlan = (overrides: Partial<PlanRecord> = {}): PlanRecord => {
  const at = new Date().toISOString();
  const id = ulid();
  return {
    id,
    name: { en: `Growth ${id.slice(-4)}`, fr: `Croissance ${id.slice(-4)}`, ar: `نمو ${id.slice(-4)}` },
    description: { en: 'For growing teams', fr: 'Pour les équipes qui grandissent', ar: 'للفرق النامية' },
    currency: 'EUR',
    monthlyPrice: 7_900,
    yearlyPrice: 79_000,
    taxRateBps: 2_000,
    features: [],
    limits: { activeProjects: 10, storageBytes: 10_000_000_000 },
    visible: true,
    archived: false,
    position: 1,
    createdAt: at,
    updatedAt: at,
    version: 1,
    ...overrides,
  };
};

export interface SubscribedClient {
  readonly plan: PlanRecord;
  readonly subscription: SubscriptionRecord;
}

/**
 * A subscription from today's UTC midnight and the job that drafts its first invoice, in one
 * transaction (with the pending lines given, as a plan change would have left them).
 */
export const subscribeClient = async (
  clientId: string,
  options: {
    readonly plan?: PlanRecord;
    readonly interval?: BillingInterval;
    readonly pending?: readonly InvoiceLine[];
  } = {},
): Promise<SubscribedClient> => {
  const plan = options.plan ?? testPlan();
  const interval = options.interval ?? 'month';
  const now = new Date();
  const start = startOfUtcDay(now);
  const at = now.toISOString();
  const subscription: SubscriptionRecord = {
    clientId,
    planId: plan.id,
    interval,
    status: 'active',
    currentPeriodStart: start.toISOString(),
    currentPeriodEnd: periodEnd(start, interval).toISOString(),
    cancelAtPeriodEnd: false,
    requestedChange: null,
    scheduledChange: null,
    canceledAt: null,
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
  // Pending lines are billed in the order of their ids, the order they were written in.
  const lineId = monotonicFactory();
  const pending = (options.pending ?? []).map((line) => ({ id: lineId(), clientId, line, createdAt: at }));
  // The overview's counts start as an empty map the first time (the subscription routes' way).
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: billingStatsEntity.key(),
      UpdateExpression: 'SET subscribers = if_not_exists(subscribers, :none)',
      ExpressionAttributeValues: { ':none': {} },
    }),
  );
  await transactWrite([
    putPart('plan', planEntity.toItem(plan)),
    billingStatsPart({ [`${plan.id}#${interval}`]: 1 }),
    putPart('subscription', subscriptionEntity.toItem(subscription)),
    ...pending.map((record) => putPart('pending', pendingLineEntity.toItem(record))),
    jobPart(
      'billing.invoice.draft',
      { clientId, periodStart: subscription.currentPeriodStart },
      { id: `invoice-draft#${clientId}#${subscription.currentPeriodStart}`, label: 'First invoice (test)', now },
    ).part,
  ]);
  return { plan, subscription };
};

/** A referral credit the client has earned (the referrals area writes these). */
export const putCreditBalance = async (userId: string, currency: Currency, available: number): Promise<void> => {
  const balance: CreditBalanceRecord = { userId, currency, earned: available, applied: 0, available, version: 1 };
  await transactWrite([putPart('credit', creditBalanceEntity.toItem(balance))]);
};

export const readCreditBalance = async (userId: string, currency: Currency) => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: creditBalanceEntity.key(userId, currency), ConsistentRead: true }),
  );
  return Item ? creditBalanceEntity.fromItem(Item) : undefined;
};

export const readJob = async (jobId: string): Promise<JobRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: jobEntity.key(jobId), ConsistentRead: true }),
  );
  return Item ? jobEntity.fromItem(Item) : undefined;
};

/** The hour passes for a job due later: it is due now, and the local tick runs it. */
export const makeDue = async (jobId: string): Promise<JobRecord> => {
  const job = await readJob(jobId);
  if (!job) throw new Error(`fixture: no job ${jobId}`);
  const due = { ...job, runAt: new Date(Date.now() - 1_000).toISOString(), version: job.version + 1 };
  await transactWrite([putPart('job', jobEntity.toItem(due))]);
  return due;
};

/** The language the client chose in their account (the profile's Account tab writes the same attribute). */
export const setLanguage = async (userId: string, language: 'en' | 'fr' | 'ar'): Promise<void> => {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userEntity.key(userId),
      UpdateExpression: 'SET #language = :language',
      ExpressionAttributeNames: { '#language': 'language' },
      ExpressionAttributeValues: { ':language': language },
    }),
  );
};

export const creditEntries = async (userId: string) =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': creditEntryEntity.key(userId, '').pk, ':prefix': creditEntrySkPrefix },
      ConsistentRead: true,
    })
  ).map((item) => creditEntryEntity.fromItem(item));

/** Drafts beside the worker's (e.g. many at once for one client), made as the draft job makes them. */
export const putDrafts = async (
  { plan, subscription }: SubscribedClient,
  count: number,
  changes: Partial<InvoiceRecord> = {},
): Promise<InvoiceRecord[]> => {
  const drafts = await Promise.all(
    Array.from({ length: count }, async () => ({
      ...(await newDraft(subscription, plan, [], new Date())),
      ...changes,
    })),
  );
  for (const draft of drafts) await transactWrite([putPart('invoice', invoiceEntity.toItem(draft))]);
  return drafts;
};

/** A subscription changed as the subscription routes change it (from the version read). */
export const changeSubscription = async (
  clientId: string,
  changes: Partial<SubscriptionRecord>,
): Promise<SubscriptionRecord> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: subscriptionEntity.key(clientId), ConsistentRead: true }),
  );
  if (!Item) throw new Error(`fixture: no subscription for ${clientId}`);
  const current = subscriptionEntity.fromItem(Item);
  const changed = { ...current, ...changes, version: current.version + 1 };
  await transactWrite([putPart('subscription', subscriptionEntity.toItem(changed))]);
  return changed;
};

/** Active subscribers of a plan and interval, as the overview counts them. */
export const subscribersOf = async (planId: string, interval: BillingInterval): Promise<number | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: billingStatsEntity.key(), ConsistentRead: true }),
  );
  return Item ? billingStatsEntity.fromItem(Item).subscribers[`${planId}#${interval}`] : undefined;
};
