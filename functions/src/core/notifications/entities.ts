import { defineEntity, type TableKey } from '../entity';
import type { NotificationRecord, PendingEmailRecord } from './records';

/**
 * The notification centre's items, all in the user's own partition `NOTIFY#<userId>` (rows in
 * core/access-patterns.ts). Not in `USER#<userId>`: the chat list reads that partition by a
 * sort-key range (CHATWITH# to PROFILE) that notification rows would fall into.
 * - `N#<id>`: a row of the bell; ids are ULIDs, so the list is one Query, newest first;
 * - `UNREAD`: the unread count, moved in the same transaction as the rows it counts;
 * - `SETTINGS`: the user's choices per event and channel;
 * - `LATEST#<coalesceKey>`: the unread row a chat's next message folds into (gone once read);
 * - `MAIL#<id>`: a line waiting for the user's email digest.
 */

const partition = (userId: string) => `NOTIFY#${userId}`;
const rowPrefix = 'N#';
const mailPrefix = 'MAIL#';

export const notificationEntity = defineEntity<NotificationRecord, [userId: string, notificationId: string]>({
  type: 'Notification',
  key: (userId, notificationId) => ({ pk: partition(userId), sk: `${rowPrefix}${notificationId}` }),
  keyOf: (record) => ({ pk: partition(record.userId), sk: `${rowPrefix}${record.id}` }),
});
/** A user's rows: this partition, sort keys from this prefix. */
export const notificationsOf = (userId: string) => ({ pk: partition(userId), skPrefix: rowPrefix }) as const;

export const unreadCountEntity = {
  type: 'NotificationUnreadCount',
  key: (userId: string): TableKey => ({ pk: partition(userId), sk: 'UNREAD' }),
} as const;

export const notificationSettingsEntity = {
  type: 'NotificationSettings',
  key: (userId: string): TableKey => ({ pk: partition(userId), sk: 'SETTINGS' }),
} as const;

export const latestUnreadEntity = {
  type: 'NotificationLatestUnread',
  key: (userId: string, coalesceKey: string): TableKey => ({ pk: partition(userId), sk: `LATEST#${coalesceKey}` }),
} as const;
export const latestUnreadOf = (userId: string) => ({ pk: partition(userId), skPrefix: 'LATEST#' }) as const;

export const pendingEmailEntity = defineEntity<PendingEmailRecord, [userId: string, lineId: string]>({
  type: 'NotificationPendingEmail',
  key: (userId, lineId) => ({ pk: partition(userId), sk: `${mailPrefix}${lineId}` }),
  keyOf: (record) => ({ pk: partition(record.userId), sk: `${mailPrefix}${record.id}` }),
});
export const pendingEmailsOf = (userId: string) => ({ pk: partition(userId), skPrefix: mailPrefix }) as const;

/** Where a notification row's text is coalesced: one per chat. */
export const chatCoalesceKey = (contactId: string) => `chat:${contactId}`;

/** Rows and mail lines expire after this many days (TTL). */
export const notificationLifetimeDays = 90;
export const expiresAtFrom = (createdAt: Date): number =>
  Math.floor(createdAt.getTime() / 1000) + notificationLifetimeDays * 24 * 3600;
