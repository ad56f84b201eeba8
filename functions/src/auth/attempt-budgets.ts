import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { ConditionFailed, db, queryAll, retry, writeIf, type RetryPolicy } from '../core/db';
import type { TableKey } from '../core/entity';
import { signInBudgetsOf, type AttemptBudgetRecord, type DigestNamedEntity } from './entities';
import { tableName } from '../core/table';

/**
 * Attempt budgets: one conditional write spends an attempt before the work it guards. Their
 * keys and items are the attempt-budget entities of core/sign-in-entities.ts.
 */

/** One budget item: which entity it is, and its key. */
export interface AttemptBudget {
  readonly entity: Pick<DigestNamedEntity<AttemptBudgetRecord, never>, 'type' | 'toItem' | 'fromItem'>;
  readonly key: TableKey;
}

/** The budget an entity keeps for these names (a phone, a source, or both). */
export const budgetOf = <K extends readonly string[]>(
  entity: DigestNamedEntity<AttemptBudgetRecord, K>,
  ...names: K
): AttemptBudget => ({ entity, key: entity.key(...names) });

/** At most `max` attempts per window; the window opens with its first attempt. */
export interface BudgetRule {
  readonly max: number;
  readonly windowMs: number;
}

/** A spent unit of a budget: what to give back if the attempt turns out to be legitimate. */
export interface Reservation {
  readonly key: TableKey;
  readonly windowEndsAtMs: number;
}

export type ReserveOutcome =
  | { readonly granted: true; readonly reservation: Reservation }
  | { readonly granted: false; readonly retryAfterSeconds: number };

const secondsUntil = (atMs: number, now: number): number => Math.max(1, Math.ceil((atMs - now) / 1000));

const read = async (budget: AttemptBudget): Promise<AttemptBudgetRecord | undefined> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: budget.key, ConsistentRead: true }));
  return Item ? budget.entity.fromItem(Item) : undefined;
};

/**
 * Reopening an ended window races other callers doing the same: the loser tries again at once
 * (the winner's window now takes its update). Five lost rounds means heavy contention.
 */
const reopenContention: RetryPolicy = {
  attempts: 5,
  baseDelayMs: 2,
  maxDelayMs: 20,
  retryOn: (error) => error instanceof ConditionFailed,
};

/** Spends one attempt of the budget's current window, or opens a new window holding it. */
const spendOrReopen = async (budget: AttemptBudget, rule: BudgetRule, now: number): Promise<ReserveOutcome> => {
  const windowEndsAtMs = now + rule.windowMs;
  const expiresAt = Math.ceil(windowEndsAtMs / 1000);
  try {
    const { Attributes } = await writeIf('budget', () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: budget.key,
          UpdateExpression:
            'SET attempts = if_not_exists(attempts, :zero) + :one, windowEndsAtMs = if_not_exists(windowEndsAtMs, :end), ' +
            'expiresAt = if_not_exists(expiresAt, :ttl), #type = :type',
          ConditionExpression: 'attribute_not_exists(pk) OR (windowEndsAtMs > :now AND attempts < :max)',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: {
            ':zero': 0,
            ':one': 1,
            ':end': windowEndsAtMs,
            ':ttl': expiresAt,
            ':type': budget.entity.type,
            ':now': now,
            ':max': rule.max,
          },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return { granted: true, reservation: { key: budget.key, windowEndsAtMs: Number(Attributes?.windowEndsAtMs) } };
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
  const current = await read(budget);
  if (current && current.windowEndsAtMs > now) {
    return { granted: false, retryAfterSeconds: secondsUntil(current.windowEndsAtMs, now) };
  }
  // The window is over: open a new one holding this attempt (one caller wins; the others retry).
  await writeIf('window', () =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: budget.entity.toItem(budget.key, { attempts: 1, windowEndsAtMs, expiresAt }),
        ConditionExpression: current ? 'windowEndsAtMs = :old' : 'attribute_not_exists(pk)',
        ExpressionAttributeValues: current ? { ':old': current.windowEndsAtMs } : undefined,
      }),
    ),
  );
  return { granted: true, reservation: { key: budget.key, windowEndsAtMs } };
};

/**
 * Spends one attempt of a budget with one conditional update, before the work it guards: two
 * concurrent callers can never both take the last unit, and a spent unit is already stored
 * when the guarded check runs, so no failure is lost to a race or a crash. A window that has
 * ended is reopened by exactly one caller (a conditional put on the old window's end).
 */
export const reserveAttempt = async (
  budget: AttemptBudget,
  rule: BudgetRule,
  now = Date.now(),
): Promise<ReserveOutcome> => {
  try {
    return await retry(reopenContention, () => spendOrReopen(budget, rule, now));
  } catch (error) {
    // Contention that outlasts the retries: refuse rather than let the attempt through.
    if (error instanceof ConditionFailed) return { granted: false, retryAfterSeconds: 1 };
    throw error;
  }
};

/** Gives back an attempt that proved legitimate, unless its window has since been replaced. */
export const refundAttempt = async ({ key, windowEndsAtMs }: Reservation): Promise<void> => {
  try {
    await writeIf('refund', () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET attempts = attempts - :one',
          ConditionExpression: 'windowEndsAtMs = :end AND attempts > :zero',
          ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':end': windowEndsAtMs },
        }),
      ),
    );
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
};

/** Forgets a budget entirely (a success clears its own phone-and-source count). */
export const clearBudget = async (key: TableKey): Promise<void> => {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: key }));
};

/** Lifts every sign-in budget of a phone: after a password reset its owner starts afresh. */
export const clearSignInBudgetsOf = async (phone: string): Promise<void> => {
  const { pk, skPrefix } = signInBudgetsOf(phone);
  const items = await queryAll<TableKey>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ProjectionExpression: 'pk, sk',
  });
  await Promise.all(items.map((item) => clearBudget({ pk: item.pk, sk: item.sk })));
};
