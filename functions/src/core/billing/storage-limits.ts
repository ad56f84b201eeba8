import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { db } from '../db';
import { ValidationError } from '../errors';
import { tableName } from '../table';
import { activePlanOf } from './plan-limits';
import { usageEntity } from './usage-entity';

/**
 * A plan's storage limit (docs/plans.md, "Limits"): the bytes of the files a client attached,
 * kept in their usage item by the email area's attachment writes, checked before a new one.
 */

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
