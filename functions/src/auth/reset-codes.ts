import { createHash, createHmac, randomInt } from 'node:crypto';

import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { sameHash } from '../core/auth/tokens';
import { db, isConditionFailure } from '../core/db';
import { jwtSecret } from '../core/secrets';
import { tableName } from '../core/table';

/** The reset-code key, built here and nowhere else; the phone is hashed (any string is a fixed-size key). */
export const resetCodeKey = (phone: string) => ({
  pk: `RESET#${createHash('sha256').update(phone).digest('base64url')}`,
  sk: 'RESET',
});

export const resetCodeLifetimeMs = 15 * 60 * 1000;
export const maxResetAttempts = 5;
/**
 * Wrong tries are counted per phone over this window, whatever codes are issued in it: a
 * re-issued code carries on the budget of the one it replaces (docs/decisions.md).
 */
export const resetTryWindowMs = 60 * 60 * 1000;

interface ResetCodeRecord {
  readonly codeHash: string;
  readonly attempts: number;
  readonly codeExpiresAtMs: number;
  readonly budgetEndsAtMs: number;
}

/** Codes are stored as a keyed hash: a leaked table row does not reveal the code. */
const hashCode = async (phone: string, code: string): Promise<string> =>
  createHmac('sha256', await jwtSecret())
    .update(`${phone}:${code}`)
    .digest('base64url');

export const newResetCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Replaces any earlier code for the phone. Within the try window the count of wrong tries is
 * kept; after it a new window starts at zero.
 */
export const storeResetCode = async (phone: string, code: string, now = Date.now()): Promise<void> => {
  const codeHash = await hashCode(phone, code);
  const codeExpiresAtMs = now + resetCodeLifetimeMs;
  for (let round = 0; round < 5; round += 1) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: resetCodeKey(phone),
          UpdateExpression: 'SET codeHash = :hash, codeExpiresAtMs = :codeEnd',
          ConditionExpression: 'budgetEndsAtMs > :now',
          ExpressionAttributeValues: { ':hash': codeHash, ':codeEnd': codeExpiresAtMs, ':now': now },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const budgetEndsAtMs = now + resetTryWindowMs;
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...resetCodeKey(phone),
            type: 'ResetCode',
            codeHash,
            attempts: 0,
            codeExpiresAtMs,
            budgetEndsAtMs,
            expiresAt: Math.ceil(budgetEndsAtMs / 1000),
          },
          ConditionExpression: 'attribute_not_exists(budgetEndsAtMs) OR budgetEndsAtMs <= :now',
          ExpressionAttributeValues: { ':now': now },
        }),
      );
      return;
    } catch (error) {
      // A concurrent request opened the window first: the update above now applies.
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Error('Could not store the reset code under contention');
};

export type ResetCodeCheck = 'valid' | 'invalid';

/**
 * Spends one try of the phone's budget (a conditional update, before comparing, so concurrent
 * guesses cannot exceed it), then consumes the code if it matches and has not expired. Once
 * five tries are spent in the window, every try is invalid whatever it says, even after a
 * re-issue. Phones without an account hold a code too (forgot-password stores one), so this
 * does the same writes for them.
 */
export const consumeResetCode = async (phone: string, code: string, now = Date.now()): Promise<ResetCodeCheck> => {
  let record: ResetCodeRecord;
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: resetCodeKey(phone),
        UpdateExpression: 'SET attempts = attempts + :one',
        ConditionExpression: 'attribute_exists(pk) AND attempts < :max AND budgetEndsAtMs > :now',
        ExpressionAttributeValues: { ':one': 1, ':max': maxResetAttempts, ':now': now },
        ReturnValues: 'ALL_NEW',
      }),
    );
    record = Attributes as ResetCodeRecord;
  } catch (error) {
    if (isConditionFailure(error)) return 'invalid';
    throw error;
  }
  const matches = sameHash(record.codeHash, await hashCode(phone, code));
  if (!matches || record.codeExpiresAtMs <= now) return 'invalid';
  try {
    // Single use: only one of two concurrent resets with the same code wins.
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: resetCodeKey(phone),
        ConditionExpression: 'codeHash = :hash',
        ExpressionAttributeValues: { ':hash': record.codeHash },
      }),
    );
    return 'valid';
  } catch (error) {
    if (isConditionFailure(error)) return 'invalid';
    throw error;
  }
};
