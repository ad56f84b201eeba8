import { GetCommand } from '@aws-sdk/lib-dynamodb';

import { batchGet, db, deletePart, putPart, type TransactionPart } from '../db';
import { tableName } from '../table';
import {
  latestUnreadEntity,
  notificationEntity,
  notificationSettingsEntity,
  pendingEmailEntity,
  unreadCountEntity,
} from './entities';
import { resolveSettings } from './settings';
import type { NotificationRecord, NotificationSettings, PendingEmailRecord } from './records';

/**
 * The writes and reads core/notifications and the notifications area share: one place that
 * builds the notification items' keys (entities.ts) into table operations.
 */

export interface LatestUnread {
  readonly notificationId: string;
  readonly count: number;
}

/** What a producer needs to know about a recipient before writing: their settings, the chat's unread row. */
export const readRecipientState = async (
  userId: string,
  coalesceKey: string | undefined,
): Promise<{ settings: NotificationSettings; latest?: LatestUnread }> => {
  const settingsKey = notificationSettingsEntity.key(userId);
  const keys = [settingsKey, ...(coalesceKey ? [latestUnreadEntity.key(userId, coalesceKey)] : [])];
  const items = await batchGet(keys, { consistent: true });
  const settingsItem = items.find((item) => item.sk === settingsKey.sk);
  const latestItem = items.find((item) => item.sk !== settingsKey.sk);
  return {
    settings: resolveSettings(settingsItem),
    ...(latestItem
      ? { latest: { notificationId: String(latestItem.notificationId), count: Number(latestItem.count) } }
      : {}),
  };
};

export const readSettings = async (userId: string): Promise<{ settings: NotificationSettings; version: number }> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: notificationSettingsEntity.key(userId), ConsistentRead: true }),
  );
  return { settings: resolveSettings(Item), version: typeof Item?.version === 'number' ? Item.version : 0 };
};

export const readUnreadCount = async (userId: string): Promise<number> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: unreadCountEntity.key(userId), ConsistentRead: true }),
  );
  return Math.max(0, typeof Item?.unread === 'number' ? Item.unread : 0);
};

export const addToUnreadPart = (userId: string, delta: number): TransactionPart => ({
  label: 'unread',
  item: {
    Update: {
      TableName: tableName(),
      Key: unreadCountEntity.key(userId),
      UpdateExpression: 'SET #type = :type ADD unread :delta',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':type': unreadCountEntity.type, ':delta': delta },
    },
  },
});

export const putNotificationPart = (record: NotificationRecord): TransactionPart =>
  putPart('notification', notificationEntity.toItem(record), 'attribute_not_exists(pk)');

/** The unread row a chat folds into is still there and still unread (else ConditionFailed 'folded'). */
export const deleteUnreadRowPart = (userId: string, notificationId: string): TransactionPart =>
  deletePart(
    'folded',
    notificationEntity.key(userId, notificationId),
    'attribute_exists(pk) AND attribute_not_exists(readAt)',
  );

/** Points a chat at its new unread row; `previous` is the row it pointed at (none: it must not exist). */
export const putLatestUnreadPart = (
  userId: string,
  coalesceKey: string,
  latest: LatestUnread,
  previous: string | undefined,
): TransactionPart => ({
  label: 'latest',
  item: {
    Put: {
      TableName: tableName(),
      Item: { ...latestUnreadEntity.key(userId, coalesceKey), type: latestUnreadEntity.type, ...latest },
      ...(previous === undefined
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : { ConditionExpression: 'notificationId = :previous', ExpressionAttributeValues: { ':previous': previous } }),
    },
  },
});

export const putPendingEmailPart = (record: PendingEmailRecord): TransactionPart =>
  putPart('email-line', pendingEmailEntity.toItem(record), 'attribute_not_exists(pk)');
