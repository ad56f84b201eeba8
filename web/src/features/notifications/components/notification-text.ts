import type { TFunction } from 'i18next';
import type { Notification } from '@orbit/functions/notifications/contract';

/** What a notification says, in the interface's language (the words are the `notifications` part). */
export const notificationText = (t: TFunction, notification: Notification): string => {
  const name = notification.actor.fullName;
  const { taskTitle = '', projectName = '', status = '', url = '' } = notification.params;
  switch (notification.event) {
    case 'message':
      return t('notifications.events.message', { name, count: notification.count });
    case 'taskAssigned':
      return t('notifications.events.taskAssigned', { name, task: taskTitle, project: projectName });
    case 'taskComment':
      return t('notifications.events.taskComment', { name, task: taskTitle });
    case 'projectStatus': {
      const statusKey = `notifications.statuses.${status}` as const;
      return t('notifications.events.projectStatus', {
        name,
        project: projectName,
        status: t(statusKey as 'notifications.statuses.active', { defaultValue: status }),
      });
    }
    case 'mention':
      return t('notifications.events.mention', { name });
    case 'webhookDisabled':
      return t('notifications.events.webhookDisabled', { url });
  }
};

/**
 * Where opening a notification goes: the chat with that person, the task on its board, the
 * project, a webhook endpoint's delivery log (the integrations page's `?tab=` and `?webhook=`).
 */
export const notificationHref = (notification: Notification): string => {
  const target = notification.target;
  switch (target.kind) {
    case 'chat':
      return `/apps/chat?contact=${encodeURIComponent(target.contactId)}`;
    case 'task':
      return `/apps/projects/${encodeURIComponent(target.projectId)}?task=${encodeURIComponent(target.taskId)}`;
    case 'project':
      return `/apps/projects/${encodeURIComponent(target.projectId)}`;
    case 'integration':
      return `/apps/integrations?tab=webhooks&webhook=${encodeURIComponent(target.webhookId)}`;
  }
};

const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "now", in the interface's language. */
export const relativeTime = (iso: string, language: string, now = Date.now()): string => {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
};
