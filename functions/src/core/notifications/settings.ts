import {
  notificationEvents,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationSettings,
} from './records';

/**
 * Until a user saves their own: every event in the bell; by email only what asks for them
 * (a task given to them, a mention, a webhook endpoint turned off that waits for an admin to
 * fix it), so a chatty workspace does not fill the inbox.
 */
export const defaultNotificationSettings: NotificationSettings = {
  inApp: {
    message: true,
    taskAssigned: true,
    taskComment: true,
    projectStatus: true,
    mention: true,
    webhookDisabled: true,
  },
  email: {
    message: false,
    taskAssigned: true,
    taskComment: false,
    projectStatus: false,
    mention: true,
    webhookDisabled: true,
  },
};

/**
 * Stored settings over the defaults, event by event: an event added later reads as its default
 * rather than as off.
 */
export const resolveSettings = (stored: Partial<Record<string, unknown>> | undefined): NotificationSettings => {
  const channelsOf = (channel: NotificationChannel) => {
    const saved = (stored?.[channel] ?? {}) as Partial<Record<NotificationEvent, unknown>>;
    return Object.fromEntries(
      notificationEvents.map((event) => {
        const value = saved[event];
        return [event, typeof value === 'boolean' ? value : defaultNotificationSettings[channel][event]];
      }),
    ) as Record<NotificationEvent, boolean>;
  };
  return { inApp: channelsOf('inApp'), email: channelsOf('email') };
};

/** The profile's `settings.isNotificationsOn`: whether the bell hears of anything at all. */
export const isAnyInAppOn = (settings: NotificationSettings): boolean =>
  notificationEvents.some((event) => settings.inApp[event]);
