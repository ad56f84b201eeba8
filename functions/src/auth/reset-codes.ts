import { createHmac, randomInt } from 'node:crypto';

import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { sameHash } from '../core/auth/tokens';
import { db, isConditionFailure } from '../core/db';
import { jwtSecret } from '../core/secrets';
import { tableName } from '../core/table';

export const resetCodeLifetimeMs = 15 * 60 * 1000;
export const maxResetAttempts = 5;

interface ResetCodeRecord {
  readonly codeHash: string;
  readonly attempts: number;
  readonly expiresAtMs: number;
}

const resetKey = (phone: string) => ({ pk: `RESET#${phone}`, sk: 'RESET' });

/** Codes are stored as a keyed hash: a leaked table row does not reveal the code. */
const hashCode = async (phone: string, code: string): Promise<string> =>
  createHmac('sha256', await jwtSecret())
    .update(`${phone}:${code}`)
    .digest('base64url');

export const newResetCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Replaces any earlier code for the phone. */
export const storeResetCode = async (phone: string, code: string, now = Date.now()): Promise<void> => {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...resetKey(phone),
        type: 'ResetCode',
        codeHash: await hashCode(phone, code),
        attempts: 0,
        expiresAtMs: now + resetCodeLifetimeMs,
        expiresAt: Math.ceil((now + resetCodeLifetimeMs) / 1000),
      },
    }),
  );
};

export type ResetCodeCheck = 'valid' | 'invalid';

/**
 * Checks a code and consumes it when it matches. Every wrong try is counted; the fifth
 * wrong try (or an expired code) deletes it, so the next try is invalid whatever it says.
 */
export const consumeResetCode = async (phone: string, code: string, now = Date.now()): Promise<ResetCodeCheck> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: resetKey(phone), ConsistentRead: true }),
  );
  const record = Item as ResetCodeRecord | undefined;
  if (!record) return 'invalid';
  if (record.expiresAtMs <= now || record.attempts >= maxResetAttempts) {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: resetKey(phone) }));
    return 'invalid';
  }
  if (sameHash(record.codeHash, await hashCode(phone, code))) {
    try {
      // Single use: only one of two concurrent resets with the same code wins.
      await db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: resetKey(phone),
          ConditionExpression: 'codeHash = :hash AND attempts < :max',
          ExpressionAttributeValues: { ':hash': record.codeHash, ':max': maxResetAttempts },
        }),
      );
      return 'valid';
    } catch (error) {
      if (isConditionFailure(error)) return 'invalid';
      throw error;
    }
  }
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: resetKey(phone),
        UpdateExpression: 'SET attempts = attempts + :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return 'invalid';
};
