import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';

import { ConditionFailed, db, transactWrite, writeIf } from '../core/db';
import { webhookDisabledNotificationPart } from '../core/notifications/producers';
import { tableName } from '../core/table';
import { webhookEntity, webhooksPartition, type WebhookRecord } from './webhook-entities';

/** Subscriptions (keys in webhook-entities.ts): one partition, so listing is one bounded Query. */

export const listWebhookRecords = async (): Promise<WebhookRecord[]> => {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': webhooksPartition, ':prefix': 'WEBHOOK#' },
      // A subscription saved a moment before an event must hear of it.
      ConsistentRead: true,
    }),
  );
  return Items.map((item) => webhookEntity.fromItem(item));
};

export const getWebhookRecord = async (id: string): Promise<WebhookRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: webhookEntity.key(id), ConsistentRead: true }),
  );
  return Item ? webhookEntity.fromItem(Item) : undefined;
};

/**
 * Writes a subscription: a new one (`readVersion` 0) only if absent, else only if the stored one
 * still has `readVersion`; ConditionFailed('webhook') otherwise.
 */
export const putWebhookRecord = async (record: WebhookRecord, readVersion: number): Promise<void> => {
  await writeIf('webhook', () =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: webhookEntity.toItem(record),
        ...(readVersion === 0
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : { ConditionExpression: 'version = :read', ExpressionAttributeValues: { ':read': readVersion } }),
      }),
    ),
  );
};

/** Removes a subscription; false when there was none. Its deliveries stay in the log until their TTL. */
export const deleteWebhookRecord = async (id: string): Promise<boolean> => {
  const { Attributes } = await db().send(
    new DeleteCommand({ TableName: tableName(), Key: webhookEntity.key(id), ReturnValues: 'ALL_OLD' }),
  );
  return Attributes !== undefined;
};

/**
 * Turns an enabled subscription off because its deliveries kept failing, and in the same
 * transaction queues the admins' notification of it (core/notifications/producers.ts). True only
 * for the write that turned it off: a rerun finds it off and neither writes nor notifies again.
 */
export const disableFailingWebhook = async (webhook: WebhookRecord, now: Date): Promise<boolean> => {
  try {
    await transactWrite([
      {
        label: 'webhook',
        item: {
          Update: {
            TableName: tableName(),
            Key: webhookEntity.key(webhook.id),
            UpdateExpression:
              'SET enabled = :off, disabledReason = :failing, disabledAt = :now, updatedAt = :now, version = version + :one',
            ConditionExpression: 'attribute_exists(pk) AND enabled = :on',
            ExpressionAttributeValues: {
              ':off': false,
              ':on': true,
              ':failing': 'failing',
              ':now': now.toISOString(),
              ':one': 1,
            },
          },
        },
      },
      webhookDisabledNotificationPart({ id: webhook.id, url: webhook.url, description: webhook.description }),
    ]);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed && error.failed('webhook')) return false;
    throw error;
  }
};
