import type {
  NotificationActor,
  NotificationEvent,
  NotificationParams,
  NotificationRecord,
  NotificationTarget,
} from './records';

/** A notification as the API and the WebSocket give it (notifications/contract.ts validates it). */
export interface NotificationView {
  readonly id: string;
  readonly event: NotificationEvent;
  readonly actor: NotificationActor;
  readonly target: NotificationTarget;
  readonly params: NotificationParams;
  readonly count: number;
  readonly createdAt: string;
  readonly read: boolean;
}

export const toNotificationView = (record: NotificationRecord): NotificationView => ({
  id: record.id,
  event: record.event,
  actor: record.actor,
  target: record.target,
  params: record.params,
  count: record.count,
  createdAt: record.createdAt,
  read: record.readAt !== undefined,
});

/**
 * Frames pushed to every open connection of the user: a new row (which may replace the unread
 * row of the same chat it folded into), and the unread count whenever it moves.
 */
export type NotificationFrame =
  | {
      readonly type: 'notification.new';
      readonly notification: NotificationView;
      readonly replaces?: string;
      readonly unread: number;
    }
  | {
      readonly type: 'notification.read';
      /** The rows marked read, or (read-all) every row up to `upTo`. */
      readonly ids: readonly string[];
      readonly upTo?: string;
      readonly unread: number;
    };
