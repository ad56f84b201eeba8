import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { ConditionFailed, db, putPart, queryAll, transactWrite, writeIf, type TransactionPart } from '../core/db';
import { tableName, ttlAttribute } from '../core/table';
import { scheduledMessageEntity, scheduledMessagesOf } from './entities';
import type { ScheduledMessageRecord } from './scheduled-records';

/**
 * Scheduled messages (keys in entities.ts). A scheduled message and its job are written, edited
 * and cancelled together in one transaction: the job parts come from core/jobs (enqueue.ts,
 * manage.ts) and fail with the label 'job' once the worker has claimed the job.
 */

/** How long a sent, cancelled or failed schedule stays readable (a late edit is a 409, not a 404). */
const finishedKeptSeconds = 7 * 24 * 60 * 60;
const expiry = (now: Date) => Math.floor(now.getTime() / 1000) + finishedKeptSeconds;

export const scheduledLabel = 'scheduled';

type ScheduledKey = Pick<ScheduledMessageRecord, 'ownerId' | 'contactId' | 'id'>;
const keyOf = (scheduled: ScheduledKey) =>
  scheduledMessageEntity.key(scheduled.ownerId, scheduled.contactId, scheduled.id);

export const getScheduled = async (key: ScheduledKey): Promise<ScheduledMessageRecord | undefined> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keyOf(key), ConsistentRead: true }));
  return Item ? scheduledMessageEntity.fromItem(Item) : undefined;
};

/** An admin's scheduled messages to one contact, whatever their status (one bounded Query). */
export const listScheduled = async (ownerId: string, contactId: string): Promise<ScheduledMessageRecord[]> => {
  const { pk, skPrefix } = scheduledMessagesOf(ownerId, contactId);
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ConsistentRead: true,
  });
  return items.map(scheduledMessageEntity.fromItem);
};

/** The schedule and its job, or neither. */
export const insertScheduled = (scheduled: ScheduledMessageRecord, job: TransactionPart): Promise<void> =>
  transactWrite([putPart(scheduledLabel, scheduledMessageEntity.toItem(scheduled), 'attribute_not_exists(pk)'), job]);

/** An edit from the version read, with the job's change: ConditionFailed('scheduled' | 'job'). */
export const updateScheduled = async (
  current: ScheduledMessageRecord,
  change: { readonly message?: string; readonly sendAt?: string },
  job: TransactionPart,
  now: Date,
): Promise<ScheduledMessageRecord> => {
  const next: ScheduledMessageRecord = {
    ...current,
    ...change,
    version: current.version + 1,
    updatedAt: now.toISOString(),
  };
  await transactWrite([
    {
      label: scheduledLabel,
      item: {
        Update: {
          TableName: tableName(),
          Key: keyOf(current),
          UpdateExpression: 'SET message = :message, sendAt = :sendAt, #version = :next, updatedAt = :now',
          ConditionExpression: '#status = :scheduled AND #version = :expected',
          ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
          ExpressionAttributeValues: {
            ':message': next.message,
            ':sendAt': next.sendAt,
            ':next': next.version,
            ':now': next.updatedAt,
            ':scheduled': 'scheduled',
            ':expected': current.version,
          },
        },
      },
    },
    job,
  ]);
  return next;
};

/** Cancelled with its job: ConditionFailed('scheduled' | 'job') when it is too late. */
export const cancelScheduled = (current: ScheduledMessageRecord, job: TransactionPart, now: Date): Promise<void> =>
  transactWrite([
    {
      label: scheduledLabel,
      item: {
        Update: {
          TableName: tableName(),
          Key: keyOf(current),
          UpdateExpression: 'SET #status = :cancelled, #version = #version + :one, updatedAt = :now, #ttl = :ttl',
          ConditionExpression: '#status = :scheduled',
          ExpressionAttributeNames: { '#status': 'status', '#version': 'version', '#ttl': ttlAttribute },
          ExpressionAttributeValues: {
            ':cancelled': 'cancelled',
            ':scheduled': 'scheduled',
            ':one': 1,
            ':now': now.toISOString(),
            ':ttl': expiry(now),
          },
        },
      },
    },
    job,
  ]);

/**
 * Fixes the chat message id of a send before it is attempted, once: a repeated run (the worker
 * died after sending) reads it back and sends with the same id, which the chat refuses to store
 * twice. Returns the id to send with.
 */
export const claimMessageId = async (current: ScheduledMessageRecord, messageId: string): Promise<string> => {
  try {
    await writeIf(scheduledLabel, () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keyOf(current),
          UpdateExpression: 'SET messageId = :messageId',
          ConditionExpression: '#status = :scheduled AND attribute_not_exists(messageId)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':messageId': messageId, ':scheduled': 'scheduled' },
        }),
      ),
    );
    return messageId;
  } catch (error) {
    const again = await getScheduled(current);
    if (again?.messageId) return again.messageId;
    throw error;
  }
};

/** The end of a schedule (sent or failed), once: undefined when it had already ended. */
export const finishScheduled = async (
  current: ScheduledKey,
  outcome:
    { readonly status: 'sent'; readonly messageId: string } | { readonly status: 'failed'; readonly error: string },
  now: Date,
): Promise<ScheduledMessageRecord | undefined> => {
  const detail =
    outcome.status === 'sent'
      ? { set: 'messageId = :detail, sentAt = :now', value: outcome.messageId }
      : { set: '#error = :detail', value: outcome.error };
  try {
    const { Attributes } = await writeIf(scheduledLabel, () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keyOf(current),
          UpdateExpression: `SET #status = :status, #version = #version + :one, updatedAt = :now, #ttl = :ttl, ${detail.set}`,
          ConditionExpression: '#status = :scheduled',
          ExpressionAttributeNames: {
            '#status': 'status',
            '#version': 'version',
            '#ttl': ttlAttribute,
            ...(outcome.status === 'failed' ? { '#error': 'error' } : {}),
          },
          ExpressionAttributeValues: {
            ':status': outcome.status,
            ':scheduled': 'scheduled',
            ':one': 1,
            ':now': now.toISOString(),
            ':ttl': expiry(now),
            ':detail': detail.value,
          },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return Attributes ? scheduledMessageEntity.fromItem(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionFailed) return undefined;
    throw error;
  }
};
