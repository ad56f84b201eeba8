import * as v from 'valibot';

import { notificationChannels, notificationEvents } from '../core/notifications/records';
import type { NotificationSettings } from '../core/notifications/records';
import type { NotificationView } from '../core/notifications/views';
import { object, queryLimit } from '../core/schema';

/**
 * The notification centre's contract (docs/user-view.md, "Notifications"), imported by the web
 * app too. Every route is about the caller's own notifications: there is no user id anywhere.
 */
export { notificationChannels, notificationEvents };
export type { NotificationChannel, NotificationEvent, NotificationSettings } from '../core/notifications/records';
export type { NotificationFrame, NotificationView as Notification } from '../core/notifications/views';

export const notificationPageSize = { default: 20, max: 50 } as const;
/** At most this many ids in one mark-read. */
export const maxIdsPerRead = 100;

export const notificationMessages = {
  cursorInvalid: 'This page link is not valid; start from the first page',
  idsRequired: 'Give the ids of the notifications to mark read',
  idsTooMany: `At most ${maxIdsPerRead} ids at once`,
  idInvalid: 'A notification id is not valid',
  notFound: 'Notification not found',
  settingsInvalid: 'Give true or false for every event in both channels',
  upToRequired: 'Give the id of the newest notification to mark read',
} as const;

/** Notification ids are ULIDs. */
const ulidPattern = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const isNotificationId = (value: string): boolean => ulidPattern.test(value);

export const listNotificationsQuery = object({
  limit: v.optional(queryLimit(notificationPageSize.max), String(notificationPageSize.default)),
  cursor: v.optional(v.pipe(v.string(), v.check(isNotificationId, notificationMessages.cursorInvalid))),
});
export type ListNotificationsQuery = v.InferOutput<typeof listNotificationsQuery>;

/**
 * Read-all marks what the user has seen: every unread row up to the newest one their list showed
 * (`upTo`, its id), so a row that arrives meanwhile stays unread.
 */
export const markAllReadRequest = object({
  upTo: v.pipe(
    v.string(notificationMessages.upToRequired),
    v.check(isNotificationId, notificationMessages.upToRequired),
  ),
});
export type MarkAllReadRequest = v.InferInput<typeof markAllReadRequest>;

export const markReadRequest = object({
  ids: v.pipe(
    v.array(
      v.pipe(v.string(notificationMessages.idInvalid), v.check(isNotificationId, notificationMessages.idInvalid)),
      notificationMessages.idsRequired,
    ),
    v.minLength(1, notificationMessages.idsRequired),
    v.maxLength(maxIdsPerRead, notificationMessages.idsTooMany),
    v.transform((ids) => [...new Set(ids)]),
  ),
});
export type MarkReadRequest = v.InferInput<typeof markReadRequest>;

const channelSettings = object(
  Object.fromEntries(
    notificationEvents.map((event) => [event, v.boolean(notificationMessages.settingsInvalid)]),
  ) as Record<(typeof notificationEvents)[number], v.BooleanSchema<string>>,
);

/** Every event in both channels, true or false: a save is the whole table as the user sees it. */
export const updateSettingsRequest = object({
  settings: object(
    Object.fromEntries(notificationChannels.map((channel) => [channel, channelSettings])) as Record<
      (typeof notificationChannels)[number],
      typeof channelSettings
    >,
  ),
});
export type UpdateSettingsRequest = v.InferInput<typeof updateSettingsRequest>;

export interface NotificationList {
  readonly notifications: NotificationView[];
  readonly unread: number;
  readonly nextCursor: string | null;
}
export interface UnreadCount {
  readonly unread: number;
}
export interface SettingsResponse {
  readonly settings: NotificationSettings;
}
