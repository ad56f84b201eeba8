import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import {
  cancelledConditionIndexes,
  ConditionFailed,
  db,
  deletePart,
  queryAll,
  retry,
  transactWrite,
  writeIf,
  type RetryPolicy,
  type TransactionPart,
} from '../core/db';
import type { TableKey } from '../core/entity';
import { signInBudgetsOf, type AttemptBudgetRecord, type DigestNamedEntity } from './entities';
import { tableName } from '../core/table';

/**
 * Attempt budgets: a conditional write spends an attempt before the work it guards. Their keys
 * and items are the attempt-budget entities of auth/entities.ts. Every budget an attempt
 * spends, and any write that must happen only if it is granted, go in ONE transaction
 * (docs/decisions.md, "Attempt budgets in one round trip").
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

/** One attempt to spend of a budget, under its rule. */
export interface BudgetSpend {
  readonly budget: AttemptBudget;
  readonly rule: BudgetRule;
}

/**
 * A spent unit of a budget: what to give back if the attempt turns out to be legitimate. The
 * unit was spent in a window that ends by `windowEndsBy` (the spend's condition made sure).
 * A later window opens only once that one has ended, so it ends a whole window later:
 * "the stored window ends by `windowEndsBy`" is true of this window and of no later one.
 */
export interface Reservation {
  readonly key: TableKey;
  readonly windowEndsBy: number;
}

export type ReserveOutcome =
  | { readonly granted: true; readonly reservations: readonly Reservation[] }
  | { readonly granted: false; readonly retryAfterSeconds: number };

/**
 * An item as a failed condition saw it (ReturnValuesOnConditionCheckFailure), in DynamoDB's
 * own attribute format: the transaction error is not translated by the document client.
 * Undefined when the part has not failed yet, or failed on an item that does not exist.
 */
export type SeenItem = Readonly<Record<string, { readonly N?: string } | undefined>>;

/** A number attribute of a seen item. */
export const seenNumber = (item: SeenItem | undefined, name: string): number | undefined => {
  const value = item?.[name]?.N;
  return value === undefined ? undefined : Number(value);
};

/**
 * A write that goes in the budgets' transaction, so it happens exactly when the attempt is
 * granted. Built from what its item looked like when its condition last failed (undefined at
 * first), so a write whose form depends on the item's state needs no read.
 */
export type AlongsideWrite = (seen: SeenItem | undefined) => TransactionPart;

const secondsUntil = (atMs: number, now: number): number => Math.max(1, Math.ceil((atMs - now) / 1000));

/** A budget's write in the transaction, and the end of the window it spends in (at the latest). */
interface SpendWrite {
  readonly part: TransactionPart;
  readonly windowEndsBy: number;
}

/**
 * The write that spends one attempt, for what is known of the budget's item:
 * - unknown, absent, or in an open window that ends by now + window (every window opened up
 *   to now): one update that counts the attempt if the window has room, or opens the window
 *   when there is no item;
 * - in an open window that ends later (opened by a concurrent request whose clock read a later
 *   time): the same update pinned to that window, so the reservation still names its window;
 * - in a window that has ended: a put that opens a new window holding this attempt, only if
 *   that old window is still the one stored (one caller wins).
 */
const spendWrite = ({ budget, rule }: BudgetSpend, seen: SeenItem | undefined, now: number): SpendWrite => {
  const windowEndsAtMs = now + rule.windowMs;
  const expiresAt = Math.ceil(windowEndsAtMs / 1000);
  const seenEnd = seenNumber(seen, 'windowEndsAtMs');
  if (seenEnd !== undefined && seenEnd <= now) {
    return {
      windowEndsBy: windowEndsAtMs,
      part: {
        label: 'reopen',
        item: {
          Put: {
            TableName: tableName(),
            Item: budget.entity.toItem(budget.key, { attempts: 1, windowEndsAtMs, expiresAt }),
            ConditionExpression: 'windowEndsAtMs = :old',
            ExpressionAttributeValues: { ':old': seenEnd },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
      },
    };
  }
  if (seenEnd !== undefined && seenEnd > windowEndsAtMs) {
    return {
      windowEndsBy: seenEnd,
      part: {
        label: 'spend',
        item: {
          Update: {
            TableName: tableName(),
            Key: budget.key,
            UpdateExpression: 'SET attempts = attempts + :one',
            ConditionExpression: 'windowEndsAtMs = :seen AND attempts < :max',
            ExpressionAttributeValues: { ':one': 1, ':seen': seenEnd, ':max': rule.max },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
      },
    };
  }
  return {
    windowEndsBy: windowEndsAtMs,
    part: {
      label: 'spend',
      item: {
        Update: {
          TableName: tableName(),
          Key: budget.key,
          UpdateExpression:
            'SET attempts = if_not_exists(attempts, :zero) + :one, windowEndsAtMs = if_not_exists(windowEndsAtMs, :end), ' +
            'expiresAt = if_not_exists(expiresAt, :ttl), #type = :type',
          ConditionExpression:
            'attribute_not_exists(pk) OR (windowEndsAtMs > :now AND windowEndsAtMs <= :end AND attempts < :max)',
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
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
    },
  };
};

/** Seconds until a seen budget's open window ends, if that window has no attempt left. */
const refusalOf = (seen: SeenItem | undefined, rule: BudgetRule, now: number): number | undefined => {
  const windowEndsAtMs = seenNumber(seen, 'windowEndsAtMs');
  const attempts = seenNumber(seen, 'attempts');
  if (windowEndsAtMs === undefined || attempts === undefined) return undefined;
  return windowEndsAtMs > now && attempts >= rule.max ? secondsUntil(windowEndsAtMs, now) : undefined;
};

/** Which parts of a cancelled transaction failed their condition, and the item each saw. */
const failedParts = (error: ConditionFailed): Map<number, SeenItem | undefined> => {
  const reasons = (error.cause as { CancellationReasons?: { Item?: SeenItem }[] } | undefined)?.CancellationReasons;
  return new Map(cancelledConditionIndexes(error.cause).map((index) => [index, reasons?.[index]?.Item]));
};

/**
 * A round ends without a grant or a refusal when a window had ended (the next round reopens
 * it), another caller reopened one first, or DynamoDB cancelled the transaction because
 * another was in flight on the same items (after transactWrite's own retries): the next round
 * starts at once from what was seen. Five rounds without an answer means heavy contention.
 */
const roundContention: RetryPolicy = {
  attempts: 5,
  baseDelayMs: 2,
  maxDelayMs: 20,
  retryOn: (error) => error instanceof ConditionFailed,
};

/**
 * Spends one attempt of every budget, and makes the `alongside` writes, in one transaction:
 * all of it or none. The budgets' conditions are checked where the data is (`attempts < max`
 * in an open window), so concurrent callers can never both take a last unit, and a spent unit
 * is stored before the guarded check runs, so no failure is lost to a race or a crash. When a
 * budget has no room, the transaction is cancelled and returns the item it saw: the refusal
 * (the first such budget, in the order given) needs no read and spends nothing elsewhere.
 */
export const reserveAttempts = async (
  spends: readonly BudgetSpend[],
  { now = Date.now(), alongside = [] }: { now?: number; alongside?: readonly AlongsideWrite[] } = {},
): Promise<ReserveOutcome> => {
  const seen = new Map<number, SeenItem | undefined>();
  try {
    return await retry(roundContention, async (): Promise<ReserveOutcome> => {
      const writes = spends.map((spend, index) => spendWrite(spend, seen.get(index), now));
      try {
        await transactWrite([
          ...writes.map((write) => write.part),
          ...alongside.map((write, index) => write(seen.get(spends.length + index))),
        ]);
      } catch (error) {
        if (!(error instanceof ConditionFailed)) throw error;
        const failed = failedParts(error);
        for (const [index, item] of failed) seen.set(index, item);
        for (const [index, spend] of spends.entries()) {
          const retryAfterSeconds = failed.has(index) ? refusalOf(failed.get(index), spend.rule, now) : undefined;
          if (retryAfterSeconds !== undefined) return { granted: false, retryAfterSeconds };
        }
        throw error;
      }
      return {
        granted: true,
        reservations: spends.map(({ budget }, index) => ({
          key: budget.key,
          windowEndsBy: writes[index]?.windowEndsBy ?? now,
        })),
      };
    });
  } catch (error) {
    // Contention that outlasts the rounds: refuse rather than let the attempt through.
    if (error instanceof ConditionFailed) return { granted: false, retryAfterSeconds: 1 };
    throw error;
  }
};

/** Gives back a unit, unless its window has since been replaced (or lifted) or has none left. */
const refundInput = ({ key, windowEndsBy }: Reservation) => ({
  TableName: tableName(),
  Key: key,
  UpdateExpression: 'SET attempts = attempts - :one',
  ConditionExpression: 'windowEndsAtMs <= :endsBy AND attempts > :zero',
  ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':endsBy': windowEndsBy },
});

/** The same refund on its own, for when a transaction cannot get through. */
const refundAlone = async (reservation: Reservation): Promise<void> => {
  try {
    await writeIf('refund', () => db().send(new UpdateCommand(refundInput(reservation))));
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
};

const clearBudget = async (key: TableKey): Promise<void> => {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: key }));
};

/**
 * An attempt proved legitimate: forgets the `clear` budgets, gives back the `refund` units,
 * and makes the `alongside` writes (the new session), in one transaction. A refund whose
 * window has gone is dropped and the transaction sent again without it. If other
 * transactions keep colliding with it, the alongside writes go on their own and the budgets
 * are settled item by item: the caller's success never waits on an attacker's traffic.
 */
export const settleAttempts = async ({
  clear,
  refund,
  alongside = [],
}: {
  clear: readonly TableKey[];
  refund: readonly Reservation[];
  alongside?: readonly TransactionPart[];
}): Promise<void> => {
  let refunds = [...refund];
  const refundLabel = (index: number) => `refund ${index}`;
  for (;;) {
    try {
      await transactWrite([
        ...alongside,
        ...clear.map((key) => deletePart('clear', key)),
        ...refunds.map((reservation, index) => ({
          label: refundLabel(index),
          item: { Update: refundInput(reservation) },
        })),
      ]);
      return;
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
      if (error.failed('conflict')) break;
      const kept = refunds.filter((_, index) => !error.failed(refundLabel(index)));
      // Something other than a refund failed (an alongside write): that is the caller's to handle.
      if (kept.length === refunds.length) throw error;
      refunds = kept;
    }
  }
  if (alongside.length > 0) await transactWrite(alongside);
  await Promise.all([...clear.map((key) => clearBudget(key)), ...refunds.map(refundAlone)]);
};

/** The keys of every sign-in budget of a phone (one Query): a password reset deletes them all. */
export const signInBudgetKeysOf = async (phone: string): Promise<TableKey[]> => {
  const { pk, skPrefix } = signInBudgetsOf(phone);
  const items = await queryAll<TableKey>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ProjectionExpression: 'pk, sk',
  });
  return items.map((item) => ({ pk: item.pk, sk: item.sk }));
};
