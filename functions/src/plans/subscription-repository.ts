import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';

import {
  billingStatsEntity,
  pendingLineEntity,
  pendingLineSkPrefix,
  subscriptionEntity,
  subscriptionsIndexPartition,
} from '../core/billing/entities';
import type { BillingInterval, PendingInvoiceLine, SubscriptionRecord } from '../core/billing/records';
import { ConditionFailed, db, putPart, queryAll, transactWrite, writeIf, type TransactionPart } from '../core/db';
import { jobPart } from '../core/jobs/enqueue';
import '../core/billing/jobs';
import { tableName } from '../core/table';

/** Subscriptions, their pending lines and the subscriber counts (keys in core/billing/entities.ts). */

export const getSubscription = async (clientId: string): Promise<SubscriptionRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: subscriptionEntity.key(clientId), ConsistentRead: true }),
  );
  return Item ? subscriptionEntity.fromItem(Item) : undefined;
};

/** What the next invoice will carry besides its plan line (a handful: one pair per plan change). */
export const listPendingLines = async (clientId: string): Promise<PendingInvoiceLine[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': subscriptionEntity.key(clientId).pk, ':prefix': pendingLineSkPrefix },
      ConsistentRead: true,
    })
  ).map((item) => pendingLineEntity.fromItem(item));

export interface SubscriptionPage {
  readonly subscriptions: SubscriptionRecord[];
  readonly nextCursor?: string;
}

const encodeCursor = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');
const decodeCursor = (cursor: string): Record<string, unknown> | undefined => {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return typeof key === 'object' &&
      key !== null &&
      (key as { gsi1pk?: unknown }).gsi1pk === subscriptionsIndexPartition
      ? (key as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
};

/** Every subscription by client id, one page; an unreadable cursor starts from the beginning. */
export const listSubscriptionRecords = async (limit: number, cursor?: string): Promise<SubscriptionPage> => {
  const start = cursor === undefined ? undefined : decodeCursor(cursor);
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': subscriptionsIndexPartition },
      Limit: limit,
      ...(start ? { ExclusiveStartKey: start } : {}),
    }),
  );
  return {
    subscriptions: (page.Items ?? []).map((item) => subscriptionEntity.fromItem(item)),
    ...(page.LastEvaluatedKey ? { nextCursor: encodeCursor(page.LastEvaluatedKey) } : {}),
  };
};

/** The stats key of a plan and interval. */
export const statsKey = (planId: string, interval: BillingInterval) => `${planId}#${interval}`;

/**
 * The stats item with its empty map, once: a transaction's SET on `subscribers.<key>` needs the
 * map to exist (DynamoDB cannot create a map and a key in it in one update).
 */
const ensureStatsItem = async () => {
  try {
    await writeIf('stats', () =>
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...billingStatsEntity.key(), type: billingStatsEntity.type, subscribers: {} },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
};

/** Subscribers moved between plan/interval keys, as one update of the stats item. */
const statsPart = (moves: Readonly<Record<string, number>>): TransactionPart | undefined => {
  const changed = Object.entries(moves).filter(([, delta]) => delta !== 0);
  if (changed.length === 0) return undefined;
  const names: Record<string, string> = {};
  const values: Record<string, number> = { ':zero': 0 };
  const sets = changed.map(([key, delta], index) => {
    names[`#k${index}`] = key;
    values[`:d${index}`] = delta;
    return `subscribers.#k${index} = if_not_exists(subscribers.#k${index}, :zero) + :d${index}`;
  });
  return {
    label: 'stats',
    item: {
      Update: {
        TableName: tableName(),
        Key: billingStatsEntity.key(),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  };
};

/** The subscription written from the version read (none: it must not exist). */
const subscriptionPart = (record: SubscriptionRecord, readVersion: number | undefined): TransactionPart => {
  if (readVersion === undefined) {
    return putPart('subscription', subscriptionEntity.toItem(record), 'attribute_not_exists(pk)');
  }
  return {
    label: 'subscription',
    item: {
      Put: {
        TableName: tableName(),
        Item: subscriptionEntity.toItem(record),
        ConditionExpression: 'version = :read',
        ExpressionAttributeValues: { ':read': readVersion },
      },
    },
  };
};

export interface SubscriptionWrite {
  readonly subscription: SubscriptionRecord;
  readonly readVersion: number | undefined;
  readonly pendingLines?: readonly PendingInvoiceLine[];
  /** Subscribers per stats key to add (negative: remove). */
  readonly statsMoves?: Readonly<Record<string, number>>;
  /** A (re)subscription's first period: its invoice is drafted at once by the worker. */
  readonly draftFirstPeriod?: { readonly now: Date; readonly label: string };
}

/**
 * One transaction: the subscription (ConditionFailed('subscription') when stale), its new
 * pending lines, the subscriber counts and, for a new period, the drafting job.
 */
export const writeSubscription = async (write: SubscriptionWrite): Promise<void> => {
  const { subscription } = write;
  const stats = statsPart(write.statsMoves ?? {});
  if (stats) await ensureStatsItem();
  const parts: TransactionPart[] = [
    subscriptionPart(subscription, write.readVersion),
    ...(write.pendingLines ?? []).map((line) =>
      putPart('pending', pendingLineEntity.toItem(line), 'attribute_not_exists(pk)'),
    ),
    ...(stats ? [stats] : []),
  ];
  if (write.draftFirstPeriod) {
    const { clientId, currentPeriodStart } = subscription;
    parts.push(
      jobPart(
        'billing.invoice.draft',
        { clientId, periodStart: currentPeriodStart },
        {
          id: `invoice-draft#${clientId}#${currentPeriodStart}`,
          label: write.draftFirstPeriod.label,
          now: write.draftFirstPeriod.now,
        },
      ).part,
    );
  }
  await transactWrite(parts);
};
