import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';

import { ConditionFailed, putPart, transactWrite, db, type TransactionPart } from '../core/db';
import { ValidationError } from '../core/errors';
import { tableName } from '../core/table';
import type { WebhookDeliveryStatus } from './webhook-contract';
import {
  attemptSkPrefix,
  deliveriesByStatusPartition,
  deliverySkPrefix,
  webhookAttemptEntity,
  webhookDeliveryEntity,
  webhookPartition,
  type WebhookAttemptRecord,
  type WebhookDeliveryRecord,
} from './webhook-entities';

/** Deliveries and their attempts (keys in webhook-entities.ts). */

export const getDeliveryRecord = async (
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDeliveryRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: webhookDeliveryEntity.key(webhookId, deliveryId),
      ConsistentRead: true,
    }),
  );
  return Item ? webhookDeliveryEntity.fromItem(Item) : undefined;
};

/**
 * A new delivery with the job of its first attempt, both or neither, and `also` (a test event's
 * rate counters). False when the delivery already exists (a fan-out run again): nothing is
 * written twice.
 */
export const createDelivery = async (
  record: WebhookDeliveryRecord,
  firstAttempt: TransactionPart,
  also: readonly TransactionPart[] = [],
): Promise<boolean> => {
  try {
    await transactWrite([
      putPart('delivery', webhookDeliveryEntity.toItem(record), 'attribute_not_exists(pk)'),
      firstAttempt,
      ...also,
    ]);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed && (error.failed('delivery') || error.failed('job'))) return false;
    throw error;
  }
};

/**
 * The delivery's new state, written only if it is still as `read` left it (same attempts, same
 * status), with `also` (an attempt, the next attempt's job) in the same transaction. False when
 * someone else moved it first (an attempt recorded already, a replay).
 */
export const replaceDelivery = async (
  next: WebhookDeliveryRecord,
  read: Pick<WebhookDeliveryRecord, 'attempts' | 'status'>,
  also: readonly TransactionPart[],
): Promise<boolean> => {
  const delivery: TransactionPart = {
    label: 'delivery',
    item: {
      Put: {
        TableName: tableName(),
        Item: webhookDeliveryEntity.toItem(next),
        ConditionExpression: 'attempts = :attempts AND #status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':attempts': read.attempts, ':status': read.status },
      },
    },
  };
  try {
    await transactWrite([delivery, ...also]);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
};

export const attemptPart = (attempt: WebhookAttemptRecord): TransactionPart =>
  putPart('attempt', webhookAttemptEntity.toItem(attempt));

export const listAttemptRecords = async (webhookId: string, deliveryId: string): Promise<WebhookAttemptRecord[]> => {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': webhookPartition(webhookId), ':prefix': attemptSkPrefix(deliveryId) },
      ConsistentRead: true,
    }),
  );
  return Items.map((item) => webhookAttemptEntity.fromItem(item));
};

const encodeCursor = (key: Record<string, unknown>): string => Buffer.from(JSON.stringify(key)).toString('base64url');

/** A cursor is the last key read; one that is not of this very partition is refused, not queried. */
const decodeCursor = (cursor: string, partition: { name: 'pk' | 'gsi1pk'; value: string }): Record<string, unknown> => {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      key &&
      typeof key === 'object' &&
      Object.values(key).every((value) => typeof value === 'string') &&
      (key as Record<string, unknown>)[partition.name] === partition.value
    ) {
      return key as Record<string, unknown>;
    }
  } catch {
    // answered below
  }
  throw new ValidationError({ cursor: ['cursor is not valid'] });
};

/**
 * A page of a subscription's deliveries, newest first (their ids start with the event's time):
 * all of them from the table partition, or those of one status from GSI1.
 */
export const listDeliveryRecords = async (input: {
  readonly webhookId: string;
  readonly status?: WebhookDeliveryStatus | undefined;
  readonly cursor?: string | undefined;
  readonly limit: number;
}): Promise<{ records: WebhookDeliveryRecord[]; nextCursor?: string }> => {
  const { webhookId, status, cursor, limit } = input;
  const partition = status
    ? { name: 'gsi1pk' as const, value: deliveriesByStatusPartition(webhookId, status) }
    : { name: 'pk' as const, value: webhookPartition(webhookId) };
  const startKey = cursor ? decodeCursor(cursor, partition) : undefined;
  const { Items = [], LastEvaluatedKey } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...(status
        ? {
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :pk',
            ExpressionAttributeValues: { ':pk': partition.value },
          }
        : {
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: { ':pk': partition.value, ':prefix': deliverySkPrefix },
          }),
      ScanIndexForward: false,
      Limit: limit,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  return {
    records: Items.map((item) => webhookDeliveryEntity.fromItem(item)),
    ...(LastEvaluatedKey ? { nextCursor: encodeCursor(LastEvaluatedKey) } : {}),
  };
};

/** A subscription's failed deliveries whose id sorts at or after `fromId` (their event's time), oldest first. */
export const failedDeliveriesSince = async (
  webhookId: string,
  fromId: string,
  limit: number,
): Promise<WebhookDeliveryRecord[]> => {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :from',
      ExpressionAttributeValues: { ':pk': deliveriesByStatusPartition(webhookId, 'failed'), ':from': fromId },
      Limit: limit,
    }),
  );
  return Items.map((item) => webhookDeliveryEntity.fromItem(item));
};
