/**
 * English, chat part: the chat page.
 */
const chat = {
  chat: {
    title: 'Chat',
    heading: 'Chat',
    connection: {
      connecting: 'Connecting…',
      reconnecting: 'Reconnecting… new messages will catch up.',
      open: 'Live',
    },
    search: {
      label: 'Search contacts',
      placeholder: 'Search by name…',
    },
    filter: {
      label: 'Filter by status',
      all: 'All statuses',
      presence: 'Presence',
      leadStages: 'Lead stages',
    },
    sections: {
      chats: 'Chats',
      contacts: 'Contacts',
    },
    empty: {
      chats: 'No chats found',
      contacts: 'No contacts found',
      pick: 'Pick a contact to start a conversation',
      pickHint: 'Your chats and contacts are on the left.',
      showContacts: 'Show contacts',
      noMessages: 'No messages yet. Say hello to {{name}}!',
    },
    unseen: '{{count}} unseen',
    statuses: {
      online: 'Online',
      away: 'Away',
      offline: 'Offline',
      success: 'Success',
      contact_received: 'Contact received',
      interest_shown: 'Interest shown',
      closed: 'Closed',
      deleted: 'Deleted',
    },
    roles: {
      admin: 'Admin',
      client: 'Client',
      lead: 'Lead',
    },
    log: {
      label: 'Messages with {{name}}',
      loadOlder: 'Load older messages',
      loadingOlder: 'Loading older messages…',
      start: 'This is the beginning of your conversation.',
      today: 'Today',
      yesterday: 'Yesterday',
      you: 'You',
    },
    ticks: {
      sending: 'Sending',
      sent: 'Sent',
      delivered: 'Delivered',
      seen: 'Seen',
      failed: 'Not sent',
    },
    composer: {
      label: 'Message to {{name}}',
      placeholder: 'Type a message…',
      send: 'Send',
      hint: 'Enter to send · Shift+Enter for a new line',
      counter: '{{count}} / {{max}}',
      tooLong: 'A message is at most {{max}} characters.',
      failed: 'This message was not sent.',
      retry: 'Retry',
      discard: 'Discard',
    },
    typing: '{{name}} is typing…',
    header: {
      back: 'Back to chats',
      details: 'Contact details',
    },
    profile: {
      open: 'Your profile and status',
      title: 'Your profile',
      about: 'About',
      status: 'Status',
      statusHint: 'Away is also set after 5 minutes without activity.',
      settings: 'Settings',
      twoStep: 'Two-step verification',
      notifications: 'Notifications',
      close: 'Close',
    },
    contact: {
      title: 'Contact details',
      about: 'About',
      noAbout: 'Nothing here yet.',
      status: 'Status',
      changeStatus: 'Change status',
      saved: '{{name}} is now “{{status}}”.',
      failed: 'The status could not be changed.',
      close: 'Close',
    },
    errors: {
      load: 'The chat could not be loaded.',
      retry: 'Try again',
      contact: 'This contact is not available.',
    },
  },
};

export default chat;
