import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { batchGet, db } from '../db';
import { ValidationError } from '../errors';
import { tableName } from '../table';
import { planEntity, subscriptionEntity, usageEntity } from './entities';
import type { PlanRecord } from './records';

/**
 * A plan's limits, enforced by the areas that create what they count (docs/plans.md, "Limits"):
 * projects (active projects) and email (the files a client attaches). In core so that those
 * areas import it without importing the plans area. No active subscription: no limit.
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

/** Bytes as people read them (1 GB = 10^9 bytes, as storage is sold). */
export const readableBytes = (bytes: number): string => {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : Number(value.toFixed(1))} ${units[unit]}`;
};

/** The bytes of files a client keeps (0 before their first). */
export const storageBytesOf = async (clientId: string): Promise<number> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: usageEntity.key(clientId), ConsistentRead: true }),
  );
  return Item ? Math.max(0, usageEntity.fromItem(Item).storageBytes) : 0;
};

/** 400 on `field` when adding `bytes` would pass the plan's storage limit. */
export const checkStorageLimit = async (clientId: string, bytes: number, field: string): Promise<void> => {
  const plan = await activePlanOf(clientId);
  const limit = plan?.limits.storageBytes ?? null;
  if (plan === undefined || limit === null) return;
  const used = await storageBytesOf(clientId);
  if (used + bytes <= limit) return;
  throw new ValidationError({
    [field]: [
      `${plan.name.en} allows ${readableBytes(limit)} of files; this client uses ${readableBytes(used)} and this file needs ${readableBytes(bytes)}`,
    ],
  });
};

/** Moves a client's stored bytes by `delta` (ADD: concurrent attaches add up, none is lost). */
export const changeStorageUsage = async (clientId: string, delta: number): Promise<void> => {
  if (delta === 0) return;
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: usageEntity.key(clientId),
      UpdateExpression: 'SET clientId = :clientId, #type = :type ADD storageBytes :delta',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':clientId': clientId, ':type': usageEntity.type, ':delta': delta },
    }),
  );
};
