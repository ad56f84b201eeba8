import { GetCommand } from '@aws-sdk/lib-dynamodb';

import { authorize, listScope } from '../core/authorize';
import { billingStatsEntity, invoicesByStatusPartition } from '../core/billing/entities';
import type { Currency, InvoiceRecord, Translatable } from '../core/billing/records';
import type { Caller } from '../core/caller';
import { db, queryAll } from '../core/db';
import { ForbiddenError } from '../core/errors';
import { tableName } from '../core/table';
import { getUsersById } from '../core/users/repository';
import type { ListSubscriptionsQuery, MoneyCount, PlansOverview, SubscriptionsResponse } from './contract';
import { getPlans, listPlanRecords } from './plan-repository';
import { listSubscriptionRecords, statsKey } from './subscription-repository';

/** The admins' views over every client (docs/plans.md, "Subscriptions", "Overview"). */

/** Every subscription may be listed only by those who may read them all (a client has its own page). */
const authorizeAll = (caller: Caller) => {
  if (listScope(caller.ability, 'read', 'Subscription').kind !== 'all') throw new ForbiddenError();
};

export const listSubscriptions = async (
  caller: Caller,
  query: () => ListSubscriptionsQuery,
): Promise<SubscriptionsResponse> => {
  authorizeAll(caller);
  const { limit = 50, cursor } = query();
  const page = await listSubscriptionRecords(limit, cursor);
  const [plans, clients] = await Promise.all([
    getPlans(page.subscriptions.map((subscription) => subscription.planId)),
    getUsersById(page.subscriptions.map((subscription) => subscription.clientId)),
  ]);
  const unknownPlan: Translatable = { en: '', fr: '', ar: '' };
  return {
    subscriptions: page.subscriptions.map((subscription) => ({
      clientId: subscription.clientId,
      clientName: clients.get(subscription.clientId)?.fullName ?? '',
      planId: subscription.planId,
      planName: plans.get(subscription.planId)?.name ?? unknownPlan,
      interval: subscription.interval,
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      requestedChange: subscription.requestedChange,
      scheduledChange: subscription.scheduledChange,
      version: subscription.version,
    })),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
};

const addTo = (totals: Map<Currency, MoneyCount>, currency: Currency, amount: number) => {
  const total = totals.get(currency) ?? { currency, count: 0, amount: 0 };
  totals.set(currency, { currency, count: total.count + 1, amount: total.amount + amount });
};

/**
 * Clients per plan and interval (the stats item the subscription writes keep), the monthly
 * recurring revenue per currency, and the open invoices (one Query of their status partition;
 * past their due date, overdue).
 */
export const plansOverview = async (caller: Caller, now = new Date()): Promise<PlansOverview> => {
  authorizeAll(caller);
  authorize(caller.ability, 'read', 'Invoice');
  const [plans, stats, open] = await Promise.all([
    listPlanRecords(),
    db().send(new GetCommand({ TableName: tableName(), Key: billingStatsEntity.key(), ConsistentRead: true })),
    queryAll<Pick<InvoiceRecord, 'currency' | 'amountDue' | 'dueAt'>>({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': invoicesByStatusPartition('open') },
      ProjectionExpression: 'currency, amountDue, dueAt',
    }),
  ]);
  const subscribers = stats.Item ? billingStatsEntity.fromItem(stats.Item).subscribers : {};
  const count = (key: string) => Math.max(0, subscribers[key] ?? 0);
  const mrr = new Map<Currency, number>();
  const perPlan = plans.map((plan) => {
    const monthly = count(statsKey(plan.id, 'month'));
    const yearly = count(statsKey(plan.id, 'year'));
    const revenue = monthly * plan.monthlyPrice + yearly * Math.round(plan.yearlyPrice / 12);
    if (monthly + yearly > 0) mrr.set(plan.currency, (mrr.get(plan.currency) ?? 0) + revenue);
    return { planId: plan.id, planName: plan.name, currency: plan.currency, monthly, yearly };
  });
  const openTotals = new Map<Currency, MoneyCount>();
  const overdueTotals = new Map<Currency, MoneyCount>();
  const nowIso = now.toISOString();
  for (const invoice of open) {
    addTo(openTotals, invoice.currency, invoice.amountDue);
    if (invoice.dueAt !== null && invoice.dueAt < nowIso) addTo(overdueTotals, invoice.currency, invoice.amountDue);
  }
  return {
    subscribers: perPlan,
    mrr: [...mrr].map(([currency, amount]) => ({ currency, amount })),
    openInvoices: [...openTotals.values()],
    overdueInvoices: [...overdueTotals.values()],
  };
};
