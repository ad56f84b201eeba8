import { createHash } from 'node:crypto';

import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { db, isConditionFailure, queryAll } from '../core/db';
import { tableName } from '../core/table';

/**
 * Every throttle key of the auth area, built here and nowhere else. Phones and sources are
 * hashed: any string a caller sends becomes a fixed-size key, known or not. A phone's budgets
 * share one partition so a password reset can lift them all with one Query.
 */
const digest = (value: string): string => createHash('sha256').update(value).digest('base64url');

export const budgetKeys = {
  /** Sign-ins for one phone from one source. */
  signInPhoneAtSource: (phone: string, source: string) => ({
    pk: `THROTTLE#PHONE#${digest(phone)}`,
    sk: `SIGNIN#SOURCE#${digest(source)}`,
  }),
  /** Sign-ins for one phone from every source together. */
  signInPhone: (phone: string) => ({ pk: `THROTTLE#PHONE#${digest(phone)}`, sk: 'SIGNIN#ALL' }),
  /** Sign-ins from one source, whatever the phone (password spraying). */
  signInSource: (source: string) => ({ pk: `THROTTLE#SOURCE#${digest(source)}`, sk: 'SIGNIN' }),
  /** Reset codes issued for one phone. */
  resetIssuePhone: (phone: string) => ({ pk: `THROTTLE#PHONE#${digest(phone)}`, sk: 'RESETISSUE' }),
  /** Reset codes requested from one source, whatever the phone. */
  resetIssueSource: (source: string) => ({ pk: `THROTTLE#SOURCE#${digest(source)}`, sk: 'RESETISSUE' }),
  /** Everything a phone's sign-in budgets hold, for lifting them after a password reset. */
  signInPartition: (phone: string) => ({ pk: `THROTTLE#PHONE#${digest(phone)}`, skPrefix: 'SIGNIN#' }),
} as const;

type BudgetKey = { readonly pk: string; readonly sk: string };

/** At most `max` attempts per window; the window opens with its first attempt. */
export interface BudgetRule {
  readonly max: number;
  readonly windowMs: number;
}

/** A spent unit of a budget: what to give back if the attempt turns out to be legitimate. */
export interface Reservation {
  readonly key: BudgetKey;
  readonly windowEndsAtMs: number;
}

export type ReserveOutcome =
  | { readonly granted: true; readonly reservation: Reservation }
  | { readonly granted: false; readonly retryAfterSeconds: number };

interface BudgetItem {
  readonly attempts: number;
  readonly windowEndsAtMs: number;
}

const secondsUntil = (atMs: number, now: number): number => Math.max(1, Math.ceil((atMs - now) / 1000));

const read = async (key: BudgetKey): Promise<BudgetItem | undefined> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item as BudgetItem | undefined;
};

/**
 * Spends one attempt of a budget with one conditional update, before the work it guards: two
 * concurrent callers can never both take the last unit, and a spent unit is already stored
 * when the guarded check runs, so no failure is lost to a race or a crash. A window that has
 * ended is reopened by exactly one caller (a conditional put on the old window's end).
 */
export const reserveAttempt = async (key: BudgetKey, rule: BudgetRule, now = Date.now()): Promise<ReserveOutcome> => {
  const windowEndsAtMs = now + rule.windowMs;
  for (let round = 0; round < 5; round += 1) {
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression:
            'SET attempts = if_not_exists(attempts, :zero) + :one, windowEndsAtMs = if_not_exists(windowEndsAtMs, :end), ' +
            'expiresAt = if_not_exists(expiresAt, :ttl), #type = :type',
          ConditionExpression: 'attribute_not_exists(pk) OR (windowEndsAtMs > :now AND attempts < :max)',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: {
            ':zero': 0,
            ':one': 1,
            ':end': windowEndsAtMs,
            ':ttl': Math.ceil(windowEndsAtMs / 1000),
            ':type': 'AttemptBudget',
            ':now': now,
            ':max': rule.max,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { granted: true, reservation: { key, windowEndsAtMs: Number(Attributes?.windowEndsAtMs) } };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const current = await read(key);
    if (current && current.windowEndsAtMs > now) {
      return { granted: false, retryAfterSeconds: secondsUntil(current.windowEndsAtMs, now) };
    }
    try {
      // The window is over: open a new one holding this attempt (one caller wins; the others retry).
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...key,
            type: 'AttemptBudget',
            attempts: 1,
            windowEndsAtMs,
            expiresAt: Math.ceil(windowEndsAtMs / 1000),
          },
          ConditionExpression: current ? 'windowEndsAtMs = :old' : 'attribute_not_exists(pk)',
          ExpressionAttributeValues: current ? { ':old': current.windowEndsAtMs } : undefined,
        }),
      );
      return { granted: true, reservation: { key, windowEndsAtMs } };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  // Five lost rounds means heavy contention on this key: refuse rather than let the attempt through.
  return { granted: false, retryAfterSeconds: 1 };
};

/** Gives back an attempt that proved legitimate, unless its window has since been replaced. */
export const refundAttempt = async ({ key, windowEndsAtMs }: Reservation): Promise<void> => {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET attempts = attempts - :one',
        ConditionExpression: 'windowEndsAtMs = :end AND attempts > :zero',
        ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':end': windowEndsAtMs },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
};

/** Forgets a budget entirely (a success clears its own phone-and-source count). */
export const clearBudget = async (key: BudgetKey): Promise<void> => {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: key }));
};

/** Lifts every sign-in budget of a phone: after a password reset its owner starts afresh. */
export const clearSignInBudgetsOf = async (phone: string): Promise<void> => {
  const { pk, skPrefix } = budgetKeys.signInPartition(phone);
  const items = await queryAll<BudgetKey>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ProjectionExpression: 'pk, sk',
  });
  await Promise.all(items.map((item) => clearBudget({ pk: item.pk, sk: item.sk })));
};
