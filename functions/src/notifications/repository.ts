import { batchGet, queryAll, queryNewestFirst, transactWrite, type TransactionPart } from '../core/db';
import { userEntity } from '../core/users/entities';
import {
  latestUnreadEntity,
  notificationEntity,
  notificationSettingsEntity,
  notificationsOf,
} from '../core/notifications/entities';
import type { NotificationRecord, NotificationSettings } from '../core/notifications/records';
import { addToUnreadPart } from '../core/notifications/store';
import { tableName } from '../core/table';

/**
 * What the area reads and updates of what core/notifications writes, always in the caller's own
 * partition: a key built from the caller's id cannot name anyone else's notification.
 */

export interface NotificationPage {
  readonly items: NotificationRecord[];
  readonly nextCursor: string | null;
}

/** Newest first, strictly older than `before` (an id) when given. */
export const listNotifications = async (userId: string, limit: number, before?: string): Promise<NotificationPage> => {
  const { pk, skPrefix } = notificationsOf(userId);
  const beforeSk = before ? notificationEntity.key(userId, before).sk : undefined;
  const { items, more } = await queryNewestFirst({ pk, skPrefix, beforeSk, limit });
  const page = items.map(notificationEntity.fromItem);
  return { items: page, nextCursor: more ? (page.at(-1)?.id ?? null) : null };
};

export const getNotifications = async (userId: string, ids: readonly string[]): Promise<NotificationRecord[]> =>
  (
    await batchGet(
      ids.map((id) => notificationEntity.key(userId, id)),
      { consistent: true },
    )
  ).map(notificationEntity.fromItem);

const markReadPart = (userId: string, id: string, readAt: string): TransactionPart => ({
  label: `read:${id}`,
  item: {
    Update: {
      TableName: tableName(),
      Key: notificationEntity.key(userId, id),
      UpdateExpression: 'SET readAt = :at',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(readAt)',
      ExpressionAttributeValues: { ':at': readAt },
    },
  },
});

/** A chat whose unread row is read starts a new row with its next message. */
const forgetLatestPart = (userId: string, coalesceKey: string, id: string): TransactionPart => ({
  label: `latest:${id}`,
  item: {
    Delete: {
      TableName: tableName(),
      Key: latestUnreadEntity.key(userId, coalesceKey),
      ConditionExpression: 'attribute_not_exists(pk) OR notificationId = :id',
      ExpressionAttributeValues: { ':id': id },
    },
  },
});

/**
 * Marks unread rows read and counts them out of the unread count, in one transaction (at most
 * 100 parts: at most 45 rows at a time, each with its chat pointer, and the count).
 * ConditionFailed when one of them changed meanwhile (the service reads again and retries).
 */
export const markRead = async (userId: string, rows: readonly NotificationRecord[], readAt: string): Promise<void> => {
  if (rows.length === 0) return;
  await transactWrite([
    ...rows.flatMap((row) => [
      markReadPart(userId, row.id, readAt),
      ...(row.coalesceKey ? [forgetLatestPart(userId, row.coalesceKey, row.id)] : []),
    ]),
    addToUnreadPart(userId, -rows.length),
  ]);
};

/** Every unread row up to `upTo` (read-all): the rows without readAt, page by page. */
export const listUnreadRows = async (userId: string, upTo: string): Promise<NotificationRecord[]> => {
  const { pk, skPrefix } = notificationsOf(userId);
  return (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      FilterExpression: 'attribute_not_exists(readAt)',
      ExpressionAttributeValues: { ':pk': pk, ':from': skPrefix, ':to': notificationEntity.key(userId, upTo).sk },
    })
  ).map(notificationEntity.fromItem);
};

/**
 * Saves the settings from the version read (0: never saved), and the profile's
 * `settings.isNotificationsOn` with them in one transaction. ConditionFailed 'settings' when
 * another save came first.
 */
export const saveSettings = async (
  userId: string,
  settings: NotificationSettings,
  isNotificationsOn: boolean,
  previousVersion: number,
  at: string,
): Promise<number> => {
  const version = previousVersion + 1;
  await transactWrite([
    {
      label: 'settings',
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...notificationSettingsEntity.key(userId),
            type: notificationSettingsEntity.type,
            ...settings,
            version,
            updatedAt: at,
          },
          ConditionExpression: previousVersion === 0 ? 'attribute_not_exists(pk)' : 'version = :previous',
          ...(previousVersion === 0 ? {} : { ExpressionAttributeValues: { ':previous': previousVersion } }),
        },
      },
    },
    {
      label: 'profile',
      item: {
        Update: {
          TableName: tableName(),
          Key: userEntity.key(userId),
          UpdateExpression: 'SET #settings.#on = :on',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#settings': 'settings', '#on': 'isNotificationsOn' },
          ExpressionAttributeValues: { ':on': isNotificationsOn },
        },
      },
    },
  ]);
  return version;
};
