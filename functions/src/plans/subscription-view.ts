import { GetCommand } from '@aws-sdk/lib-dynamodb';

import { invoiceAmounts } from '../core/billing/amounts';
import { creditBalanceEntity } from '../core/billing/entities';
import { periodEnd } from '../core/billing/periods';
import { storageBytesOf } from '../core/billing/plan-limits';
import type { Currency, InvoiceLine, PlanRecord, SubscriptionRecord } from '../core/billing/records';
import { db } from '../core/db';
import { NotFoundError } from '../core/errors';
import { tableName } from '../core/table';
import { getUserById } from '../core/users/repository';
import { activeProjectCountOf } from '../projects/counts-service';
import { toPlanView } from './catalogue-service';
import type { NextInvoicePreview, SubscriptionView } from './contract';
import { getPlans } from './plan-repository';
import { priceFor } from './proration';
import { listPendingLines } from './subscription-repository';

/**
 * A subscription as its page shows it (docs/plans.md, "Subscriptions"): the plan, the usage
 * against its limits, and the next invoice as it stands (the next period's price and the pending
 * proration, with the client's available credit applied). A fixed number of reads, whatever the
 * client has: the subscription's partition, the plans named, two usage items and one balance.
 */

const availableCredit = async (clientId: string, currency: Currency): Promise<number> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: creditBalanceEntity.key(clientId, currency), ConsistentRead: true }),
  );
  return Item ? Math.max(0, creditBalanceEntity.fromItem(Item).available) : 0;
};

const nextInvoiceOf = async (
  subscription: SubscriptionRecord,
  nextPlan: PlanRecord,
  pending: readonly InvoiceLine[],
): Promise<NextInvoicePreview | null> => {
  if (subscription.status !== 'active' || subscription.cancelAtPeriodEnd) return null;
  const interval = subscription.scheduledChange?.interval ?? subscription.interval;
  const start = new Date(subscription.currentPeriodEnd);
  const lines: InvoiceLine[] = [
    {
      kind: 'plan',
      planId: nextPlan.id,
      planName: nextPlan.name,
      interval,
      periodStart: start.toISOString(),
      periodEnd: periodEnd(start, interval).toISOString(),
      amount: priceFor(nextPlan, interval),
    },
    ...pending,
  ];
  const credit = await availableCredit(subscription.clientId, nextPlan.currency);
  return {
    date: subscription.currentPeriodEnd,
    currency: nextPlan.currency,
    taxRateBps: nextPlan.taxRateBps,
    lines,
    ...invoiceAmounts(lines, nextPlan.taxRateBps, credit),
  };
};

export const subscriptionView = async (subscription: SubscriptionRecord): Promise<SubscriptionView> => {
  const { clientId } = subscription;
  const nextPlanId = subscription.scheduledChange?.planId ?? subscription.planId;
  const [plans, pending, client, activeProjects, storageBytes] = await Promise.all([
    getPlans([subscription.planId, nextPlanId]),
    listPendingLines(clientId),
    getUserById(clientId),
    activeProjectCountOf(clientId),
    storageBytesOf(clientId),
  ]);
  const plan = plans.get(subscription.planId);
  const nextPlan = plans.get(nextPlanId);
  if (!plan || !nextPlan) throw new NotFoundError('Plan not found');
  return {
    clientId,
    clientName: client?.fullName ?? '',
    plan: toPlanView(plan),
    interval: subscription.interval,
    status: subscription.status,
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    requestedChange: subscription.requestedChange,
    scheduledChange: subscription.scheduledChange,
    canceledAt: subscription.canceledAt,
    usage: {
      activeProjects: { used: activeProjects, limit: plan.limits.activeProjects },
      storageBytes: { used: storageBytes, limit: plan.limits.storageBytes },
    },
    nextInvoice: await nextInvoiceOf(
      subscription,
      nextPlan,
      pending.sort((a, b) => a.id.localeCompare(b.id)).map((line) => line.line),
    ),
    createdAt: subscription.createdAt,
    updatedAt: subscription.updatedAt,
    version: subscription.version,
  };
};
