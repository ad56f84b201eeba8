// Resolves the module the declaration below augments (needed when another workspace compiles this file).
import type {} from '../jobs/records';

/**
 * The notification centre's records (docs/user-view.md, "Notifications"). Producers in other
 * areas write them through notify.ts; the notifications area reads and updates them; the
 * digest job (notifications/jobs.ts) mails them. Keys in entities.ts.
 */

/** What can happen to a user that they hear about. */
export const notificationEvents = [
  'message',
  'taskAssigned',
  'taskComment',
  'projectStatus',
  'mention',
  'webhookDisabled',
] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

/** How they hear about it: the bell (in-app) and the email digest. */
export const notificationChannels = ['inApp', 'email'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** Per channel, per event: on or off. */
export type NotificationSettings = {
  readonly [C in NotificationChannel]: { readonly [E in NotificationEvent]: boolean };
};

/** What opening a notification shows: a chat, a task on its board, a project, or a webhook endpoint. */
export type NotificationTarget =
  | { readonly kind: 'chat'; readonly contactId: string }
  | { readonly kind: 'task'; readonly projectId: string; readonly taskId: string }
  | { readonly kind: 'project'; readonly projectId: string }
  | { readonly kind: 'integration'; readonly webhookId: string };

/** The words a notification's sentence is built from (translated where it is shown). */
export interface NotificationParams {
  readonly taskTitle?: string;
  readonly projectName?: string;
  /** A project's new status (its slug). */
  readonly status?: string;
  /** The start of the message or comment. */
  readonly excerpt?: string;
  /** A webhook endpoint's address and its admin's description of it. */
  readonly url?: string;
  readonly description?: string;
}

export interface NotificationActor {
  readonly id: string;
  readonly fullName: string;
}

export interface NotificationRecord {
  readonly id: string;
  readonly userId: string;
  readonly event: NotificationEvent;
  readonly actor: NotificationActor;
  readonly target: NotificationTarget;
  readonly params: NotificationParams;
  /** How many events this row stands for (unread messages of one chat coalesce into one row). */
  readonly count: number;
  /** Rows that coalesce share this (`chat:<contactId>`); absent for the others. */
  readonly coalesceKey?: string;
  readonly createdAt: string;
  readonly readAt?: string;
  /** Epoch seconds (TTL): the bell keeps what happened for a while, not for ever. */
  readonly expiresAt: number;
}

/** A line waiting for the user's next email digest. */
export interface PendingEmailRecord {
  readonly id: string;
  readonly userId: string;
  readonly event: NotificationEvent;
  readonly actor: NotificationActor;
  readonly params: NotificationParams;
  readonly count: number;
  readonly coalesceKey?: string;
  readonly createdAt: string;
  /** The digest job that took it (claimed before the send, so two jobs never mail one line). */
  readonly claimedBy?: string;
  readonly expiresAt: number;
}

/** The job that mails a user's pending lines as one digest (worker: notifications/jobs.ts). */
export interface NotificationDigestPayload {
  readonly userId: string;
}
export const digestJobKind = 'notifications.digest';

interface ProjectRef {
  readonly id: string;
  readonly name: string;
  readonly clientId?: string | null;
}

interface TaskRef {
  readonly id: string;
  readonly title: string;
  readonly assigneeId?: string | null;
}

/**
 * What happened, as a producer records it (the job `notifications.fanout`, written with or right
 * after the change): the worker decides who hears of it (fanout.ts) and writes their rows.
 */
export type NotificationEventPayload =
  | {
      readonly kind: 'chatMessage';
      readonly actor: NotificationActor;
      readonly recipientId: string;
      readonly text: string;
    }
  | {
      readonly kind: 'taskAssigned';
      readonly actor: NotificationActor;
      readonly project: ProjectRef;
      readonly task: TaskRef;
    }
  | {
      readonly kind: 'taskComment';
      readonly actor: NotificationActor;
      readonly project: ProjectRef;
      readonly task: TaskRef;
      readonly text: string;
    }
  | {
      readonly kind: 'projectStatus';
      readonly actor: NotificationActor;
      readonly project: ProjectRef;
      readonly status: string;
    }
  | {
      /** A webhook endpoint turned off because its deliveries kept failing: whoever may update integrations. */
      readonly kind: 'webhookDisabled';
      readonly actor: NotificationActor;
      readonly webhook: { readonly id: string; readonly url: string; readonly description: string };
    };
export const fanoutJobKind = 'notifications.fanout';

declare module '../jobs/records' {
  interface JobPayloads {
    'notifications.digest': NotificationDigestPayload;
    'notifications.fanout': NotificationEventPayload;
  }
}
