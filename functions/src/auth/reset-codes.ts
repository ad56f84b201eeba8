import { createHmac, randomInt } from 'node:crypto';

import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { sameHash } from '../core/auth/tokens';
import { ConditionFailed, db, retry, writeIf, type RetryPolicy } from '../core/db';
import { jwtSecret } from '../core/secrets';
import { resetCodeEntity, type ResetCodeRecord } from './entities';
import { tableName } from '../core/table';

/** Keys and items: `resetCodeEntity` (core/sign-in-entities.ts). */

export const resetCodeLifetimeMs = 15 * 60 * 1000;
export const maxResetAttempts = 5;
/**
 * Wrong tries are counted per phone over this window, whatever codes are issued in it: a
 * re-issued code carries on the budget of the one it replaces (docs/decisions.md).
 */
export const resetTryWindowMs = 60 * 60 * 1000;

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
/**
 * A concurrent request may open the try window between our update and our put: the loser
 * tries again (the update then applies). Five lost rounds means heavy contention.
 */
const windowContention: RetryPolicy = {
  attempts: 5,
  baseDelayMs: 2,
  maxDelayMs: 20,
  retryOn: (error) => error instanceof ConditionFailed,
};

/**
 * Replaces any earlier code for the phone. Within the try window the count of wrong tries is
 * kept; after it a new window starts at zero.
 */
export const storeResetCode = async (phone: string, code: string, now = Date.now()): Promise<void> => {
  const codeHash = await hashCode(phone, code);
  const codeExpiresAtMs = now + resetCodeLifetimeMs;
  const key = resetCodeEntity.key(phone);
  await retry(windowContention, async () => {
    try {
      await writeIf('window open', () =>
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: key,
            UpdateExpression: 'SET codeHash = :hash, codeExpiresAtMs = :codeEnd',
            ConditionExpression: 'budgetEndsAtMs > :now',
            ExpressionAttributeValues: { ':hash': codeHash, ':codeEnd': codeExpiresAtMs, ':now': now },
          }),
        ),
      );
      return;
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
    }
    const budgetEndsAtMs = now + resetTryWindowMs;
    await writeIf('window closed', () =>
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: resetCodeEntity.toItem(key, {
            codeHash,
            attempts: 0,
            codeExpiresAtMs,
            budgetEndsAtMs,
            expiresAt: Math.ceil(budgetEndsAtMs / 1000),
          }),
          ConditionExpression: 'attribute_not_exists(budgetEndsAtMs) OR budgetEndsAtMs <= :now',
          ExpressionAttributeValues: { ':now': now },
        }),
      ),
    );
  });
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
  const key = resetCodeEntity.key(phone);
  let record: ResetCodeRecord;
  try {
    const { Attributes } = await writeIf('try left', () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET attempts = attempts + :one',
          ConditionExpression: 'attribute_exists(pk) AND attempts < :max AND budgetEndsAtMs > :now',
          ExpressionAttributeValues: { ':one': 1, ':max': maxResetAttempts, ':now': now },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    record = resetCodeEntity.fromItem(Attributes ?? {});
  } catch (error) {
    if (error instanceof ConditionFailed) return 'invalid';
    throw error;
  }
  const matches = sameHash(record.codeHash, await hashCode(phone, code));
  if (!matches || record.codeExpiresAtMs <= now) return 'invalid';
  try {
    // Single use: only one of two concurrent resets with the same code wins.
    await writeIf('same code', () =>
      db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: key,
          ConditionExpression: 'codeHash = :hash',
          ExpressionAttributeValues: { ':hash': record.codeHash },
        }),
      ),
    );
    return 'valid';
  } catch (error) {
    if (error instanceof ConditionFailed) return 'invalid';
    throw error;
  }
};
