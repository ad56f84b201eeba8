import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import {
  billingStatsEntity,
  creditBalanceEntity,
  creditEntryEntity,
  creditEntrySkPrefix,
  invoiceEntity,
} from '@orbit/functions/core/billing/entities';
import type {
  BillingInterval,
  CreditBalanceRecord,
  Currency,
  InvoiceRecord,
  PlanRecord,
  SubscriptionRecord,
} from '@orbit/functions/core/billing/records';
import { db, putPart, queryAll, transactWrite } from '@orbit/functions/core/db';
import { ulid } from '@orbit/functions/core/ids';
import { jobEntity } from '@orbit/functions/core/jobs/entities';
import type { JobRecord } from '@orbit/functions/core/jobs/records';
import { tableName } from '@orbit/functions/core/table';
import { userEntity } from '@orbit/functions/core/users/entities';
import { newDraft } from '@orbit/functions/plans/invoice-drafting';
import type { CreatePlan, PlanResponse } from '@orbit/functions/plans/contract';
import { getSubscription } from '@orbit/functions/plans/subscription-repository';

import type { ApiClient } from './api-stack';

/**
 * Invoices' fixtures: a client subscribed through the plans' routes (the worker then drafts the
 * first invoice), and what other areas write, put through the core entities: a referral credit
 * balance, more drafts, a subscription changed. The handlers read the process environment of the
 * test's stack, so these land in its table.
 */

/** A plan as an admin creates it (POST /api/apps/plans): 79 € a month, 790 € a year, 20 % tax. */
export const planBody = (overrides: Partial<CreatePlan> = {}): CreatePlan => {
  const tag = ulid().slice(-4);
  return {
    name: { en: `Growth ${tag}`, fr: `Croissance ${tag}`, ar: `نمو ${tag}` },
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
    ...overrides,
  };
};

export const createPlan = async (admin: ApiClient, overrides: Partial<CreatePlan> = {}): Promise<PlanRecord> => {
  const created = await admin.request<PlanResponse>('POST', '/api/apps/plans', { body: planBody(overrides) });
  if (created.status !== 201) throw new Error(`fixture: creating a plan answered ${created.status}`);
  return created.body.plan;
};

export interface SubscribedClient {
  readonly plan: PlanRecord;
  readonly subscription: SubscriptionRecord;
}

/**
 * The admin subscribes the client to a new plan (PUT /api/apps/plans/subscriptions/{clientId}):
 * the period starts today, and the worker drafts its invoice at once.
 */
export const subscribeClient = async (
  admin: ApiClient,
  clientId: string,
  options: { readonly plan?: Partial<CreatePlan>; readonly interval?: BillingInterval } = {},
): Promise<SubscribedClient> => {
  const plan = await createPlan(admin, options.plan);
  const subscribed = await admin.request('PUT', `/api/apps/plans/subscriptions/${clientId}`, {
    body: { planId: plan.id, interval: options.interval ?? 'month' },
  });
  if (subscribed.status !== 200 && subscribed.status !== 201) {
    throw new Error(`fixture: subscribing answered ${subscribed.status}: ${JSON.stringify(subscribed.body)}`);
  }
  const subscription = await getSubscription(clientId);
  if (!subscription) throw new Error('fixture: no subscription after subscribing');
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

/** Active subscribers of a plan and interval, as the overview counts them. */
export const subscribersOf = async (planId: string, interval: BillingInterval): Promise<number | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: billingStatsEntity.key(), ConsistentRead: true }),
  );
  return Item ? billingStatsEntity.fromItem(Item).subscribers[`${planId}#${interval}`] : undefined;
};
