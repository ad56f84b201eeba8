import { createHash } from 'node:crypto';

import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';

import { db, isConditionFailure } from '../core/db';
import { tableName } from '../core/table';

/** Five failed sign-ins for one phone within 15 minutes lock that phone until the oldest ages out. */
export const maxFailedSignIns = 5;
export const failureWindowMs = 15 * 60 * 1000;

interface ThrottleRecord {
  readonly failures: number[];
  readonly version: number;
}

// The phone is hashed: any string a caller sends becomes a fixed-size key, known or not.
const throttleKey = (phone: string) => ({
  pk: `THROTTLE#LOGIN#${createHash('sha256').update(phone).digest('base64url')}`,
  sk: 'THROTTLE',
});

const recentFailures = (record: ThrottleRecord | undefined, now: number): number[] =>
  (record?.failures ?? []).filter((at) => now - at < failureWindowMs).sort((a, b) => a - b);

const read = async (phone: string): Promise<ThrottleRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: throttleKey(phone), ConsistentRead: true }),
  );
  return Item as ThrottleRecord | undefined;
};

/** Seconds until the phone may try again, or undefined when it is not locked. */
export const signInRetryAfter = async (phone: string, now = Date.now()): Promise<number | undefined> => {
  const failures = recentFailures(await read(phone), now);
  if (failures.length < maxFailedSignIns) return undefined;
  const unlockAt = (failures[failures.length - maxFailedSignIns] ?? now) + failureWindowMs;
  return Math.max(1, Math.ceil((unlockAt - now) / 1000));
};

/** Optimistic append: concurrent failures retry so none is lost. */
export const recordFailedSignIn = async (phone: string, now = Date.now()): Promise<void> => {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await read(phone);
    const failures = [...recentFailures(current, now), now].slice(-maxFailedSignIns);
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...throttleKey(phone),
            type: 'SignInThrottle',
            failures,
            version: (current?.version ?? 0) + 1,
            expiresAt: Math.ceil((now + failureWindowMs) / 1000),
          },
          ConditionExpression: current ? 'version = :version' : 'attribute_not_exists(pk)',
          ExpressionAttributeValues: current ? { ':version': current.version } : undefined,
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
};

export const clearFailedSignIns = async (phone: string): Promise<void> => {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: throttleKey(phone) }));
};
