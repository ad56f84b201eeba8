import { GetCommand } from '@aws-sdk/lib-dynamodb';

import { batchGet, db } from '../db';
import { ValidationError } from '../errors';
import { tableName } from '../table';
import { planEntity, subscriptionEntity } from './subscription-entities';
import type { PlanRecord } from './records';

/**
 * A plan's limits, enforced by the areas that create what they count (docs/plans.md, "Limits"):
 * projects (active projects, here) and email (the files a client attaches: storage-limits.ts).
 * In core so that those areas import it without importing the plans area. No active
 * subscription: no limit.
 */

/** The plan a client is subscribed to now, if any (a canceled subscription limits nothing). */
export const activePlanOf = async (clientId: string): Promise<PlanRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: subscriptionEntity.key(clientId), ConsistentRead: true }),
  );
  const subscription = Item ? subscriptionEntity.fromItem(Item) : undefined;
  if (!subscription || subscription.status !== 'active') return undefined;
  const [plan] = await batchGet([planEntity.key(subscription.planId)]);
  return plan ? planEntity.fromItem(plan) : undefined;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * 400 on `clientId` when one more active project would pass the plan's limit: `activeNow` is the
 * client's active projects before the write (the projects area counts them).
 */
export const checkActiveProjectsLimit = async (clientId: string, activeNow: number): Promise<void> => {
  const plan = await activePlanOf(clientId);
  const limit = plan?.limits.activeProjects ?? null;
  if (plan === undefined || limit === null || activeNow < limit) return;
  throw new ValidationError({
    clientId: [
      `${plan.name.en} allows ${plural(limit, 'active project', 'active projects')}; this client has ${activeNow}`,
    ],
  });
};
