import { authorize, authorizeResource } from '../core/authorize';
import { periodEnd, startOfUtcDay } from '../core/billing/periods';
import type { PendingInvoiceLine, PlanChoice, PlanRecord, SubscriptionRecord } from '../core/billing/records';
import type { Caller } from '../core/caller';
import { ConditionFailed } from '../core/db';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import { ulid } from '../core/ids';
import { getUserById } from '../core/users/repository';
import { isOffered } from './catalogue-service';
import type { RequestChange, SetSubscription, SubscriptionView } from './contract';
import { getPlan } from './plan-repository';
import { prorationLines } from './proration';
import { getSubscription, statsKey, writeSubscription, type SubscriptionWrite } from './subscription-repository';
import { subscriptionView } from './subscription-view';

/**
 * Clients' subscriptions (docs/plans.md, "Subscriptions"): an admin subscribes a client or
 * changes their plan (a plan change prorated to the day at once, an interval change at the
 * period's end); a client asks for a change, which an admin approves or declines; the client
 * cancels at the period's end and resumes. Every write is from the version read (stale: 409).
 */

/** The subscription as the caller may see it: another client's is 404, as is none. */
const readableSubscription = async (
  caller: Caller,
  clientId: string,
  action: 'read' | 'update' = 'read',
): Promise<SubscriptionRecord> => {
  const subscription = await getSubscription(clientId);
  const subject = subscription && { clientId: subscription.clientId };
  authorizeResource(caller.ability, action, 'Subscription', subject, 'Subscription not found');
  if (!subscription) throw new NotFoundError('Subscription not found');
  return subscription;
};

/** The client's own self-service: only the client themself, never someone acting for them. */
const ownSubscription = async (caller: Caller, clientId: string): Promise<SubscriptionRecord> => {
  const subscription = await readableSubscription(caller, clientId);
  if (caller.principal.role !== 'client' || caller.principal.userId !== clientId) throw new ForbiddenError();
  return subscription;
};

const stale = () => new ConflictError({ version: ['The subscription was changed meanwhile: read it again'] });

/** Writes, turning a lost condition into 409. */
const write = async (input: SubscriptionWrite): Promise<void> => {
  try {
    await writeSubscription(input);
  } catch (error) {
    if (error instanceof ConditionFailed) throw stale();
    throw error;
  }
};

/** A plan the subscription may move to: it exists, takes subscribers, and bills in the same currency. */
const choosablePlan = async (planId: string, current?: PlanRecord): Promise<PlanRecord> => {
  const plan = await getPlan(planId);
  if (!plan) throw new ValidationError({ planId: ['No such plan'] });
  if (plan.archived)
    throw new ValidationError({ planId: [`${plan.name.en} is archived and takes no new subscribers`] });
  if (current && current.currency !== plan.currency) {
    throw new ValidationError({
      planId: [`${plan.name.en} is billed in ${plan.currency}; this subscription is billed in ${current.currency}`],
    });
  }
  return plan;
};

/** A new subscription (or a canceled one started again): its first period from today, drafted at once. */
const subscribe = async (
  clientId: string,
  choice: PlanChoice,
  previous: SubscriptionRecord | undefined,
  now: Date,
): Promise<void> => {
  const client = await getUserById(clientId);
  if (!client || client.role !== 'client') throw new NotFoundError('Client not found');
  const plan = await choosablePlan(choice.planId);
  const start = startOfUtcDay(now);
  const at = now.toISOString();
  const subscription: SubscriptionRecord = {
    clientId,
    planId: plan.id,
    interval: choice.interval,
    status: 'active',
    currentPeriodStart: start.toISOString(),
    currentPeriodEnd: periodEnd(start, choice.interval).toISOString(),
    cancelAtPeriodEnd: false,
    requestedChange: null,
    scheduledChange: null,
    canceledAt: null,
    createdAt: previous?.createdAt ?? at,
    updatedAt: at,
    version: (previous?.version ?? 0) + 1,
  };
  await write({
    subscription,
    readVersion: previous?.version,
    statsMoves: { [statsKey(plan.id, choice.interval)]: 1 },
    draftFirstPeriod: { now, label: `First invoice of ${client.fullName} (${plan.name.en})` },
  });
};

/**
 * A change of an active subscription: another interval waits for the period's end; another plan
 * on the same interval is prorated now (two pending lines). Any pending request is answered by it.
 */
const change = async (current: SubscriptionRecord, choice: PlanChoice, now: Date): Promise<void> => {
  const currentPlan = await getPlan(current.planId);
  if (!currentPlan) throw new NotFoundError('Plan not found');
  const at = now.toISOString();
  const base = { ...current, requestedChange: null, updatedAt: at, version: current.version + 1 };
  if (choice.interval !== current.interval) {
    if (choice.planId !== current.planId) await choosablePlan(choice.planId, currentPlan);
    await write({ subscription: { ...base, scheduledChange: choice }, readVersion: current.version });
    return;
  }
  if (choice.planId === current.planId) {
    // The same plan and interval: it cancels a scheduled interval change, if any.
    await write({ subscription: { ...base, scheduledChange: null }, readVersion: current.version });
    return;
  }
  const plan = await choosablePlan(choice.planId, currentPlan);
  const lines = prorationLines({
    from: currentPlan,
    to: plan,
    interval: current.interval,
    periodStart: new Date(current.currentPeriodStart),
    periodEnd: new Date(current.currentPeriodEnd),
    at: now,
  });
  // One id per change, numbered within it: the lines keep their order (unused, then remaining).
  const changeId = ulid(now.getTime());
  const pendingLines: PendingInvoiceLine[] = lines.map((line, index) => ({
    id: `${changeId}-${index + 1}`,
    clientId: current.clientId,
    line,
    createdAt: at,
  }));
  await write({
    subscription: { ...base, planId: plan.id, scheduledChange: null },
    readVersion: current.version,
    pendingLines,
    statsMoves: { [statsKey(current.planId, current.interval)]: -1, [statsKey(plan.id, current.interval)]: 1 },
  });
};

const viewOf = async (clientId: string): Promise<SubscriptionView> => {
  const subscription = await getSubscription(clientId);
  if (!subscription) throw new NotFoundError('Subscription not found');
  return subscriptionView(subscription);
};

export const getSubscriptionFor = async (caller: Caller, clientId: string) =>
  subscriptionView(await readableSubscription(caller, clientId));

/** PUT (update Subscription): subscribe the client, or change their plan or interval. */
export const setSubscription = async (
  caller: Caller,
  clientId: string,
  body: () => SetSubscription,
  now = new Date(),
): Promise<SubscriptionView> => {
  authorize(caller.ability, 'update', 'Subscription', { clientId });
  const input = body();
  const current = await getSubscription(clientId);
  const choice = { planId: input.planId, interval: input.interval };
  if (!current || current.status === 'canceled') {
    await subscribe(clientId, choice, current, now);
  } else {
    if (input.version === undefined)
      throw new ValidationError({ version: ['Send the version of the subscription read'] });
    if (input.version !== current.version) throw stale();
    await change(current, choice, now);
  }
  return viewOf(clientId);
};

/** The client asks for another plan or interval; an admin approves or declines it. */
export const requestChange = async (
  caller: Caller,
  clientId: string,
  body: () => RequestChange,
  now = new Date(),
): Promise<SubscriptionView> => {
  const current = await ownSubscription(caller, clientId);
  const input = body();
  if (current.status !== 'active') throw new ConflictError({ status: ['This subscription has ended'] });
  const plan = await getPlan(input.planId);
  if (!plan || !isOffered(plan)) throw new ValidationError({ planId: ['Choose a plan from the pricing page'] });
  if (plan.id === current.planId && input.interval === current.interval) {
    throw new ValidationError({ planId: ['This is already your plan'] });
  }
  // Refused now rather than at the admin's approval: a subscription stays in one currency.
  const currentPlan = await getPlan(current.planId);
  if (currentPlan && currentPlan.currency !== plan.currency) {
    throw new ValidationError({
      planId: [`${plan.name.en} is billed in ${plan.currency}; your plan is billed in ${currentPlan.currency}`],
    });
  }
  const requestedChange = { planId: plan.id, interval: input.interval, requestedAt: now.toISOString() };
  await write({
    subscription: { ...current, requestedChange, updatedAt: now.toISOString(), version: current.version + 1 },
    readVersion: current.version,
  });
  return viewOf(clientId);
};

/** DELETE …/change-request: the client withdraws it, or an admin (update Subscription) declines it. */
export const withdrawOrDeclineChange = async (
  caller: Caller,
  clientId: string,
  now = new Date(),
): Promise<SubscriptionView> => {
  const current = await readableSubscription(caller, clientId);
  const isTheClient = caller.principal.role === 'client' && caller.principal.userId === clientId;
  if (!isTheClient) authorize(caller.ability, 'update', 'Subscription', { clientId });
  if (!current.requestedChange) throw new ConflictError({ requestedChange: ['No change is requested'] });
  await write({
    subscription: { ...current, requestedChange: null, updatedAt: now.toISOString(), version: current.version + 1 },
    readVersion: current.version,
  });
  return viewOf(clientId);
};

/** An admin approves the client's request: the same change as their own. */
export const approveChange = async (caller: Caller, clientId: string, now = new Date()): Promise<SubscriptionView> => {
  const current = await readableSubscription(caller, clientId, 'update');
  if (!current.requestedChange) throw new ConflictError({ requestedChange: ['No change is requested'] });
  if (current.status !== 'active') throw new ConflictError({ status: ['This subscription has ended'] });
  const { planId, interval } = current.requestedChange;
  await change(current, { planId, interval }, now);
  return viewOf(clientId);
};

/** The client ends the subscription at the period's end (true), or keeps it after all (false). */
export const setCancelAtPeriodEnd = async (
  caller: Caller,
  clientId: string,
  cancel: boolean,
  now = new Date(),
): Promise<SubscriptionView> => {
  const current = await ownSubscription(caller, clientId);
  if (current.status !== 'active') throw new ConflictError({ status: ['This subscription has ended'] });
  if (current.cancelAtPeriodEnd !== cancel) {
    await write({
      subscription: {
        ...current,
        cancelAtPeriodEnd: cancel,
        updatedAt: now.toISOString(),
        version: current.version + 1,
      },
      readVersion: current.version,
    });
  }
  return viewOf(clientId);
};
