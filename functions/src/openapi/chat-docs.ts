import type { AreaRouteKey } from '../routes';
import {
  chatsAndContactsQuery,
  contactsQuery,
  contactStatusUpdateRequest,
  messagesQuery,
  sendMessageRequest,
} from '../chat/contract';
import { createScheduledRequest, updateScheduledRequest } from '../chat/scheduled-contract';
import type { RouteDoc } from './route-doc';

/** The chat area's routes in the public API's description (schemas from its contract). */
export const chatRouteDocs = {
  'GET /api/apps/chat/chats-and-contacts': {
    summary: 'Chats (newest first), contacts and the profile user; q and statusFilter',
    query: chatsAndContactsQuery,
    status: 200,
  },
  'GET /api/apps/chat/chats/{userId}': {
    summary: 'Open the chat with a contact (newest page); resets unseenMsgs',
    status: 200,
  },
  'GET /api/apps/chat/chats/{userId}/messages': {
    summary: 'Older messages of a chat, newest first, by cursor',
    query: messagesQuery,
    status: 200,
  },
  'POST /api/apps/chat/chats/{userId}': {
    summary: 'Send a message (creates the chat on the first one)',
    body: sendMessageRequest,
    status: 201,
  },
  'GET /api/apps/chat/contacts': {
    summary: 'Contacts the caller may chat with, by name (q, limit); reads only (the navbar search)',
    query: contactsQuery,
    status: 200,
  },
  'POST /api/apps/chat/contacts': {
    summary: "Change a contact's status (admins; body userId, status)",
    body: contactStatusUpdateRequest,
    status: 200,
  },
  'POST /api/apps/chat/chats/{userId}/messages/{messageId}/retry': {
    summary: 'Send a failed / unknown channel reply again (admin; a new delivery job, same message)',
    status: 200,
  },
  'GET /api/apps/chat/chats/{userId}/scheduled': {
    summary: "The caller's messages scheduled to a contact, soonest first (admin; send later)",
    status: 200,
  },
  'POST /api/apps/chat/chats/{userId}/scheduled': {
    summary: 'Schedule a message: message, sendAt in the coming year (admin)',
    body: createScheduledRequest,
    status: 201,
  },
  'PATCH /api/apps/chat/chats/{userId}/scheduled/{scheduledId}': {
    summary: 'Edit message and/or sendAt from the version read, until it is being sent (admin; else 409)',
    body: updateScheduledRequest,
    status: 200,
  },
  'DELETE /api/apps/chat/chats/{userId}/scheduled/{scheduledId}': {
    summary: 'Cancel a scheduled message until it is being sent (admin; else 409)',
    status: 204,
  },
  // Refused to keys (core/api-scopes.ts), so never in the document; here because every route of the area has its doc.
  'POST /api/realtime/ticket': {
    summary: 'A single-use ticket for the next WebSocket handshake (/ws?ticket=), good 30 s',
    status: 201,
  },
} as const satisfies Record<AreaRouteKey<'chat'>, RouteDoc>;
