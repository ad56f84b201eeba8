import type { AreaRouteKey } from '../routes';
import {
  listNotificationsQuery,
  markAllReadRequest,
  markReadRequest,
  updateSettingsRequest,
} from '../notifications/contract';
import type { RouteDoc } from './route-doc';

/** The notifications area's routes in the public API's description (schemas from its contract). */
export const notificationsRouteDocs = {
  'GET /api/notifications': {
    summary: "The caller's own notifications, newest first (limit, cursor), with the unread count",
    query: listNotificationsQuery,
    status: 200,
  },
  'GET /api/notifications/unread': { summary: "The caller's unread count only (the navbar's badge)", status: 200 },
  'POST /api/notifications/read': {
    summary: "Mark some of the caller's notifications read (ids; one not theirs → 404, nothing changed)",
    body: markReadRequest,
    status: 200,
  },
  'POST /api/notifications/read-all': {
    summary: "Mark every one of the caller's notifications read",
    body: markAllReadRequest,
    status: 200,
  },
  'GET /api/notifications/settings': {
    summary: "The caller's choices per event and channel (in-app, email)",
    status: 200,
  },
  'PUT /api/notifications/settings': {
    summary: "Save the caller's whole table of choices (and the profile's isNotificationsOn)",
    body: updateSettingsRequest,
    status: 200,
  },
} as const satisfies Record<AreaRouteKey<'notifications'>, RouteDoc>;
