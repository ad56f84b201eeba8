import { defineEntity } from '../entity';
import type { PlanRecord, SubscriptionRecord } from './records';

/**
 * The catalogue's and the subscriptions' keys (rows in core/billing-access-patterns.ts), apart
 * from the other billing keys because the plan limits (core/billing/plan-limits.ts) read them in
 * the projects' and email's functions, whose grants cover these partitions and no invoice's.
 * core/billing/entities.ts exports them with the rest.
 */

/* ---------- Catalogue: one partition, a handful of plans, listed with one Query ---------- */

export const plansPartition = 'PLANS';

export const planEntity = /* @__PURE__ */ defineEntity<PlanRecord, [planId: string]>({
  type: 'Plan',
  key: (planId) => ({ pk: plansPartition, sk: `PLAN#${planId}` }),
  keyOf: (record) => ({ pk: plansPartition, sk: `PLAN#${record.id}` }),
});

/* ---------- Subscriptions: one per client, its pending lines and its periods beside it ---------- */

export const subscriptionPartition = (clientId: string) => `SUBSCRIPTION#${clientId}`;
export const subscriptionsIndexPartition = 'SUBSCRIPTIONS';

export const subscriptionEntity = /* @__PURE__ */ defineEntity<SubscriptionRecord, [clientId: string]>({
  type: 'Subscription',
  key: (clientId) => ({ pk: subscriptionPartition(clientId), sk: 'SUBSCRIPTION' }),
  keyOf: (record) => ({ pk: subscriptionPartition(record.clientId), sk: 'SUBSCRIPTION' }),
  // Every subscription, for the admins' list (by cursor).
  indexKeysOf: (record) => ({ gsi1pk: subscriptionsIndexPartition, gsi1sk: record.clientId }),
});
