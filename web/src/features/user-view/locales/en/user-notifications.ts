/** The user view's Notifications tab: how the user hears about what happens, per event and channel. */
const userNotifications = {
  userNotifications: {
    title: 'Notifications',
    description:
      'Choose how you hear about what happens in Orbit. Emails come as one digest every few minutes, never one per message.',
    table: 'Notification settings',
    event: 'Event',
    channels: {
      inApp: 'In-app',
      email: 'Email',
    },
    events: {
      message: 'New messages',
      messageHint: 'A chat’s unread messages are grouped into one notification.',
      taskAssigned: 'A task is assigned to me',
      taskAssignedHint: 'When someone else gives you a task.',
      taskComment: 'Comments on my tasks',
      taskCommentHint: 'On tasks assigned to you and tasks of your projects.',
      projectStatus: 'Project status changes',
      projectStatusHint: 'When one of your projects moves to another status.',
      mention: 'Mentions',
      mentionHint: 'Someone writes @your name or @username in a comment or a message.',
      webhookDisabled: 'A webhook endpoint is turned off',
      webhookDisabledHint: 'When its deliveries kept failing for a day. Only for those who manage integrations.',
    },
    toggle: '{{event}}: {{channel}}',
    save: 'Save changes',
    discard: 'Discard',
    saved: 'Your notification settings are saved.',
    saveFailed: 'Your notification settings could not be saved. Try again.',
    loadFailed: 'Your notification settings could not be loaded.',
    retry: 'Try again',
    othersNote: 'Notification settings are personal: only this user can change theirs.',
  },
};

export default userNotifications;
