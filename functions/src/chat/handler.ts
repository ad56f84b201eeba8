import type { APIGatewayProxyEventV2 } from 'aws-lambda';

import { buildAbility } from '../core/ability';
import { authorize } from '../core/authorize';
import { sessionIdOf } from '../core/auth/principal';
import { issueSocketTicket } from '../core/auth/socket-tickets';
import { defineAreaHandler } from '../core/handler';
import { contactAndChatKeys } from './context-repository';
import { chatHttpRoutes } from '../routes';
import { json, noContent, parseBody, parseQuery, pathIdIfValid, pathParam } from '../core/http';
import { defineWebSocketHandler, frameBody, httpAndWebSocketHandler } from '../core/websocket-handler';
import { leaveBoard } from '../core/live-board';
import { connectionPurposes, subjectReadThrough } from '../core/connections/records';
import {
  chatsAndContactsQuery,
  contactsQuery,
  contactStatusUpdateRequest,
  messagesQuery,
  sendMessageRequest,
} from './contract';
import {
  connect,
  disconnect,
  listChatsAndContacts,
  listOlderMessages,
  openChat,
  receiveFrame,
  searchContacts,
  sendMessage,
  updateContactStatus,
} from './service';
import { retryChannelReply } from './channel-service';
import { createScheduledRequest, updateScheduledRequest } from './scheduled-contract';
import {
  cancelScheduledMessage,
  listScheduledMessages,
  scheduleMessage,
  updateScheduledMessage,
} from './scheduled-service';

/**
 * Thin: each route is one service call with the caller and the request's input (path, query,
 * body), passed as a function because the service authorises before it reads it.
 */
/**
 * A route about a contact (`{userId}` in its path) reads the contact, the viewer's side of their
 * chat and both connection sets with the caller's session: one round trip for all of them.
 */
const readWithSession = (_routeKey: string, event: APIGatewayProxyEventV2, viewerId: string) => {
  const contactId = pathIdIfValid(event, 'userId');
  return contactId === undefined ? [] : Object.values(contactAndChatKeys(viewerId, contactId));
};

const httpHandler = defineAreaHandler(
  'chat',
  chatHttpRoutes,
  {
    'GET /api/apps/chat/chats-and-contacts': async ({ event, caller }) =>
      json(200, await listChatsAndContacts(caller, () => parseQuery(event, chatsAndContactsQuery))),
    'GET /api/apps/chat/chats/{userId}': async ({ event, caller }) =>
      json(200, await openChat(caller, () => ({ contactId: pathParam(event, 'userId') }))),
    'GET /api/apps/chat/chats/{userId}/messages': async ({ event, caller }) =>
      json(
        200,
        await listOlderMessages(caller, () => {
          const query = parseQuery(event, messagesQuery);
          return { ...query, contactId: pathParam(event, 'userId') };
        }),
      ),
    'POST /api/apps/chat/chats/{userId}': async ({ event, caller }) =>
      json(
        201,
        await sendMessage(
          caller,
          () => ({ contactId: pathParam(event, 'userId') }),
          () => ({ message: parseBody(event, sendMessageRequest).message }),
        ),
      ),
    'GET /api/apps/chat/contacts': async ({ event, caller }) =>
      json(200, await searchContacts(caller, () => parseQuery(event, contactsQuery))),
    'POST /api/apps/chat/contacts': async ({ event, caller }) =>
      json(200, await updateContactStatus(caller, () => parseBody(event, contactStatusUpdateRequest))),
    'POST /api/apps/chat/chats/{userId}/messages/{messageId}/retry': async ({ event, caller }) =>
      json(
        200,
        await retryChannelReply(caller, () => ({
          contactId: pathParam(event, 'userId'),
          messageId: pathParam(event, 'messageId'),
        })),
      ),
    'GET /api/apps/chat/chats/{userId}/scheduled': async ({ event, caller }) =>
      json(200, await listScheduledMessages(caller, () => ({ contactId: pathParam(event, 'userId') }))),
    'POST /api/apps/chat/chats/{userId}/scheduled': async ({ event, caller }) =>
      json(
        201,
        await scheduleMessage(
          caller,
          () => ({ contactId: pathParam(event, 'userId') }),
          () => parseBody(event, createScheduledRequest),
        ),
      ),
    'PATCH /api/apps/chat/chats/{userId}/scheduled/{scheduledId}': async ({ event, caller }) =>
      json(
        200,
        await updateScheduledMessage(
          caller,
          () => ({ contactId: pathParam(event, 'userId'), scheduledId: pathParam(event, 'scheduledId') }),
          () => parseBody(event, updateScheduledRequest),
        ),
      ),
    'DELETE /api/apps/chat/chats/{userId}/scheduled/{scheduledId}': async ({ event, caller }) => {
      await cancelScheduledMessage(caller, () => ({
        contactId: pathParam(event, 'userId'),
        scheduledId: pathParam(event, 'scheduledId'),
      }));
      return noContent();
    },
    // The WebSocket API is this area's: the ticket its `$connect` uses up (core/auth/socket-tickets.ts).
    'POST /api/realtime/ticket': async ({ caller }) =>
      json(201, await issueSocketTicket({ userId: caller.principal.userId, sessionId: sessionIdOf(caller.principal) })),
  },
  { readWithSession },
);

const webSocketHandler = defineWebSocketHandler('chat', {
  $connect: async ({ principal, connectionId, event }) => {
    // Chat is for those whose rules allow reading it, live as over HTTP; a project board's
    // connection is for those who may read projects (a staff role without the chat watches
    // boards too); everyone has a bell.
    const asked = event.queryStringParameters?.purpose;
    const purpose = connectionPurposes.find((known) => known === asked);
    const subject = subjectReadThrough(purpose);
    if (subject) authorize(buildAbility(principal.abilityRules), 'read', subject);
    await connect(
      { id: principal.userId, role: principal.role, sessionId: principal.sessionId },
      connectionId,
      purpose,
    );
  },
  // The connection also leaves the project board it was watching (core/live-board.ts).
  $disconnect: async ({ connectionId }) => {
    await Promise.all([disconnect(connectionId), leaveBoard(connectionId)]);
  },
  $default: async ({ connectionId, event }) => receiveFrame(connectionId, frameBody(event)),
});

/** One Lambda for the chat's HTTP routes and its WebSocket routes. */
export const handler = httpAndWebSocketHandler(httpHandler, webSocketHandler);
