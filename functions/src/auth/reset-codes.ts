import { createHmac, randomInt } from 'node:crypto';

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { sameHash } from '../core/auth/tokens';
import { ConditionFailed, db, writeIf, type TransactionPart } from '../core/db';
import { jwtSecret } from '../core/secrets';
import { seenNumber, type AlongsideWrite } from './attempt-budgets';
import { resetCodeEntity, type ResetCodeRecord } from './entities';
import { tableName } from '../core/table';

/** Keys and items: `resetCodeEntity` (auth/entities.ts). */

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
 * The write that stores a new code, replacing any earlier one for the phone, made in the same
 * transaction as the issue budgets (auth/throttle.ts). Within the try window the count of
 * wrong tries is kept; after it a new window starts at zero. No item, or one in an open
 * window: one update (a missing item gets a new window). An item seen in a window that has
 * ended (TTL removes items lazily): a put that starts a new window, unless another request
 * opened one first (then the next round updates that one).
 */
export const resetCodeWrite = async (phone: string, code: string, now = Date.now()): Promise<AlongsideWrite> => {
  const codeHash = await hashCode(phone, code);
  const codeExpiresAtMs = now + resetCodeLifetimeMs;
  const budgetEndsAtMs = now + resetTryWindowMs;
  const expiresAt = Math.ceil(budgetEndsAtMs / 1000);
  const key = resetCodeEntity.key(phone);
  return (seen) => {
    const endedWindow = seenNumber(seen, 'budgetEndsAtMs');
    if (endedWindow !== undefined && endedWindow <= now) {
      return {
        label: 'code window',
        item: {
          Put: {
            TableName: tableName(),
            Item: resetCodeEntity.toItem(key, { codeHash, attempts: 0, codeExpiresAtMs, budgetEndsAtMs, expiresAt }),
            ConditionExpression: 'attribute_not_exists(budgetEndsAtMs) OR budgetEndsAtMs <= :now',
            ExpressionAttributeValues: { ':now': now },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
      };
    }
    return {
      label: 'code',
      item: {
        Update: {
          TableName: tableName(),
          Key: key,
          UpdateExpression:
            'SET codeHash = :hash, codeExpiresAtMs = :codeEnd, attempts = if_not_exists(attempts, :zero), ' +
            'budgetEndsAtMs = if_not_exists(budgetEndsAtMs, :budgetEnd), expiresAt = if_not_exists(expiresAt, :ttl), ' +
            '#type = :type',
          ConditionExpression: 'attribute_not_exists(pk) OR budgetEndsAtMs > :now',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: {
            ':hash': codeHash,
            ':codeEnd': codeExpiresAtMs,
            ':zero': 0,
            ':budgetEnd': budgetEndsAtMs,
            ':ttl': expiresAt,
            ':type': resetCodeEntity.type,
            ':now': now,
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
    };
  };
};

/** A right code: the write that consumes it, to make with the password change. */
export type ResetCodeCheck = { readonly valid: true; readonly consume: TransactionPart } | { readonly valid: false };

/**
 * Spends one try of the phone's budget (a conditional update, before comparing, so concurrent
 * guesses cannot exceed it), then compares the code and its expiry. Once five tries are spent
 * in the window, every try is invalid whatever it says, even after a re-issue. A right code
 * comes with its consuming write: a delete on the same code, so only one of two concurrent
 * resets with it wins (it goes in the reset's transaction). Phones without an account hold a
 * code too (forgot-password stores one), so this does the same writes for them.
 */
export const checkResetCode = async (phone: string, code: string, now = Date.now()): Promise<ResetCodeCheck> => {
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
    if (error instanceof ConditionFailed) return { valid: false };
    throw error;
  }
  const matches = sameHash(record.codeHash, await hashCode(phone, code));
  if (!matches || record.codeExpiresAtMs <= now) return { valid: false };
  return {
    valid: true,
    consume: {
      label: 'same code',
      item: {
        Delete: {
          TableName: tableName(),
          Key: key,
          ConditionExpression: 'codeHash = :hash',
          ExpressionAttributeValues: { ':hash': record.codeHash },
        },
      },
    },
  };
};
