/** The notification centre's words: the navbar's bell and its panel. */
const notifications = {
  notifications: {
    newCount_one: '{{count}} new',
    newCount_other: '{{count}} new',
    markAllRead: 'Mark all as read',
    markRead: 'Mark as read',
    unread: 'Unread',
    empty: 'You are all caught up',
    emptyHint: 'Messages, tasks given to you, comments and mentions show up here.',
    loadFailed: 'Notifications could not be loaded.',
    retry: 'Try again',
    loadMore: 'Show older',
    close: 'Close notifications',
    settings: 'Notification settings',
    events: {
      message_one: '{{name}} sent you a message',
      message_other: '{{name}} sent you {{count}} messages',
      taskAssigned: '{{name}} assigned you “{{task}}” in {{project}}',
      taskComment: '{{name}} commented on “{{task}}”',
      projectStatus: '{{name}} moved {{project}} to {{status}}',
      mention: '{{name}} mentioned you',
      webhookDisabled: 'The webhook endpoint {{url}} was turned off: its deliveries kept failing',
    },
    statuses: {
      planning: 'Planning',
      active: 'Active',
      on_hold: 'On hold',
      completed: 'Completed',
      archived: 'Archived',
    },
  },
};

export default notifications;
