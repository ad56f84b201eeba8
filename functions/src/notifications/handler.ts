import { defineAreaHandler } from '../core/handler';
import { json, parseBody, parseQuery } from '../core/http';
import { notificationsHttpRoutes } from '../routes';
import { listNotificationsQuery, markAllReadRequest, markReadRequest, updateSettingsRequest } from './contract';
import {
  getNotificationSettings,
  getUnreadCount,
  listNotifications,
  markAllNotificationsRead,
  markNotificationsRead,
  updateNotificationSettings,
} from './service';

/** The notification centre's API: thin, one service call per route with the caller's input. */
export const handler = defineAreaHandler('notifications', notificationsHttpRoutes, {
  'GET /api/notifications': async ({ event, caller }) =>
    json(200, await listNotifications(caller, () => parseQuery(event, listNotificationsQuery))),
  'GET /api/notifications/unread': async ({ caller }) => json(200, await getUnreadCount(caller)),
  'POST /api/notifications/read': async ({ event, caller }) =>
    json(200, await markNotificationsRead(caller, () => parseBody(event, markReadRequest))),
  'POST /api/notifications/read-all': async ({ event, caller }) =>
    json(200, await markAllNotificationsRead(caller, () => parseBody(event, markAllReadRequest))),
  'GET /api/notifications/settings': async ({ caller }) => json(200, await getNotificationSettings(caller)),
  'PUT /api/notifications/settings': async ({ event, caller }) =>
    json(200, await updateNotificationSettings(caller, () => parseBody(event, updateSettingsRequest))),
});
