import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyResultV2,
  APIGatewayProxyStructuredResultV2,
  APIGatewayProxyWebsocketEventV2,
  Context,
} from 'aws-lambda';

import { buildAbility, type AppAbility } from '../core/ability';
import { authorize } from '../core/authorize';
import { defineAreaHandler } from '../core/handler';
import { chatHttpRoutes } from '../routes';
import { json, parseBody, parseQuery, pathParam } from '../core/http';
import { defineWebSocketHandler, frameBody, isWebSocketEvent } from '../core/websocket-handler';
import { leaveBoard } from '../core/live-board';
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

/** Chat is for those whose rules allow reading it (admins, clients); who they see is the service's rule. */
const requireChat = (ability: AppAbility) => authorize(ability, 'read', 'Chat');

const httpHandler = defineAreaHandler('chat', chatHttpRoutes, {
  'GET /api/apps/chat/chats-and-contacts': async ({ event, caller: { principal, ability } }) => {
    requireChat(ability);
    const query = parseQuery(event, chatsAndContactsQuery);
    return json(200, await listChatsAndContacts({ id: principal.userId, role: principal.role }, query));
  },
  'GET /api/apps/chat/chats/{userId}': async ({ event, caller: { principal, ability } }) => {
    requireChat(ability);
    return json(200, await openChat({ id: principal.userId, role: principal.role }, pathParam(event, 'userId')));
  },
  'GET /api/apps/chat/chats/{userId}/messages': async ({ event, caller: { principal, ability } }) => {
    requireChat(ability);
    const query = parseQuery(event, messagesQuery);
    return json(
      200,
      await listOlderMessages({ id: principal.userId, role: principal.role }, pathParam(event, 'userId'), query),
    );
  },
  'POST /api/apps/chat/chats/{userId}': async ({ event, caller: { principal, ability } }) => {
    // Sending is creating a message: the rule the access-control page reports as well.
    authorize(ability, 'create', 'Chat');
    const contactId = pathParam(event, 'userId');
    // The sender is the signed-in user whatever `senderId` says.
    const { message } = parseBody(event, sendMessageRequest);
    return json(201, await sendMessage({ id: principal.userId, role: principal.role }, contactId, message));
  },
  'GET /api/apps/chat/contacts': async ({ event, caller: { principal, ability } }) => {
    requireChat(ability);
    const query = parseQuery(event, contactsQuery);
    return json(200, await searchContacts({ id: principal.userId, role: principal.role }, query));
  },
  'POST /api/apps/chat/contacts': async ({ event, caller: { principal, ability } }) => {
    // Changing someone's status (a lead's stage, say) is an admin's decision.
    authorize(ability, 'update', 'Contact');
    const input = parseBody(event, contactStatusUpdateRequest);
    return json(200, await updateContactStatus({ id: principal.userId, role: principal.role }, input));
  },
});

const webSocketHandler = defineWebSocketHandler('chat', {
  $connect: async ({ principal, connectionId, event }) => {
    requireChat(buildAbility(principal.abilityRules));
    const purpose = event.queryStringParameters?.purpose === 'board' ? 'board' : undefined;
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

/**
 * One Lambda for the chat: the HTTP API's routes and the WebSocket API's, told apart by the
 * event's shape. Typed as both kinds of handler so either gateway (and the local server) can call it.
 */
export const handler = ((event: APIGatewayProxyEventV2 | APIGatewayProxyWebsocketEventV2, context: Context) =>
  isWebSocketEvent(event)
    ? webSocketHandler(event, context)
    : httpHandler(event as APIGatewayProxyEventV2, context)) as {
  (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2>;
  (event: APIGatewayProxyWebsocketEventV2, context: Context): Promise<APIGatewayProxyResultV2>;
};
