import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import { ConditionFailed, retry } from '../core/db';
import { ConflictError, NotFoundError } from '../core/errors';
import { pushToUserConnections } from '../core/connections/push';
import { readSettings, readUnreadCount } from '../core/notifications/store';
import { isAnyInAppOn } from '../core/notifications/settings';
import type { NotificationSettings } from '../core/notifications/records';
import { toNotificationView, type NotificationFrame } from '../core/notifications/views';
import {
  notificationMessages,
  type ListNotificationsQuery,
  type NotificationList,
  type SettingsResponse,
  type UnreadCount,
} from './contract';
import { getNotifications, listNotifications as listRows, listUnreadRows, markRead, saveSettings } from './repository';

/**
 * The caller's own notifications: every use case works in the caller's partition, so no request
 * can read or change anyone else's (another user's id is simply not found). A notification is
 * part of the user's own data: the rules that let a user read and update their profile
 * (core/ability.ts, `User` with `id = me`) let them read and mark their notifications.
 */
const ownUser = (caller: Caller, action: 'read' | 'update'): string => {
  const userId = caller.principal.userId;
  authorize(caller.ability, action, 'User', { id: userId });
  return userId;
};

export const listNotifications = async (
  caller: Caller,
  request: () => ListNotificationsQuery,
): Promise<NotificationList> => {
  const userId = ownUser(caller, 'read');
  const query = request();
  const [page, unread] = await Promise.all([
    listRows(userId, Number(query.limit), query.cursor),
    readUnreadCount(userId),
  ]);
  return { notifications: page.items.map(toNotificationView), unread, nextCursor: page.nextCursor };
};

export const getUnreadCount = async (caller: Caller): Promise<UnreadCount> => ({
  unread: await readUnreadCount(ownUser(caller, 'read')),
});

/** A row read meanwhile (another tab) makes the transaction fail: read again and mark the rest. */
const readAgain = {
  attempts: 4,
  baseDelayMs: 10,
  maxDelayMs: 100,
  retryOn: (error: unknown) => error instanceof ConditionFailed,
};

const tellOtherTabs = async (userId: string, ids: readonly string[], upTo?: string): Promise<number> => {
  const unread = await readUnreadCount(userId);
  const frame: NotificationFrame = { type: 'notification.read', ids, ...(upTo ? { upTo } : {}), unread };
  await pushToUserConnections(userId, frame);
  return unread;
};

/** Marks the caller's notifications read: every id must be one of theirs (else 404, nothing changed). */
export const markNotificationsRead = async (caller: Caller, request: () => { ids: string[] }): Promise<UnreadCount> => {
  const userId = ownUser(caller, 'update');
  const { ids } = request();
  await retry(readAgain, async () => {
    const rows = await getNotifications(userId, ids);
    if (rows.length !== ids.length) throw new NotFoundError(notificationMessages.notFound);
    await markRead(
      userId,
      rows.filter((row) => row.readAt === undefined),
      new Date().toISOString(),
    );
  });
  return { unread: await tellOtherTabs(userId, ids) };
};

/** Rows per transaction: each may carry its chat pointer, and the count is one more part. */
const rowsPerTransaction = 45;

export const markAllNotificationsRead = async (
  caller: Caller,
  request: () => { upTo: string },
): Promise<UnreadCount> => {
  const userId = ownUser(caller, 'update');
  const { upTo } = request();
  await retry(readAgain, async () => {
    const rows = await listUnreadRows(userId, upTo);
    const at = new Date().toISOString();
    for (let start = 0; start < rows.length; start += rowsPerTransaction) {
      await markRead(userId, rows.slice(start, start + rowsPerTransaction), at);
    }
  });
  return { unread: await tellOtherTabs(userId, [], upTo) };
};

export const getNotificationSettings = async (caller: Caller): Promise<SettingsResponse> => ({
  settings: (await readSettings(ownUser(caller, 'read'))).settings,
});

/**
 * Saves the whole table of choices, and the profile's `isNotificationsOn` (on while any event
 * reaches the bell). Two saves at once: the later one is applied on the fresh version.
 */
export const updateNotificationSettings = async (
  caller: Caller,
  request: () => { settings: NotificationSettings },
): Promise<SettingsResponse> => {
  const userId = ownUser(caller, 'update');
  const { settings } = request();
  try {
    await retry(readAgain, async () => {
      const { version } = await readSettings(userId);
      await saveSettings(userId, settings, isAnyInAppOn(settings), version, new Date().toISOString());
    });
  } catch (error) {
    if (error instanceof ConditionFailed && error.failed('profile')) throw new NotFoundError('User not found');
    if (error instanceof ConditionFailed)
      throw new ConflictError({ settings: ['Saved elsewhere meanwhile; try again'] });
    throw error;
  }
  return { settings };
};
