import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { socketTicketKey } from '@orbit/functions/core/auth/socket-tickets';
import { addConnection, listUserConnections } from '@orbit/functions/core/connections/repository';
import { db } from '@orbit/functions/core/db';
import { setPresence } from '@orbit/functions/chat/contacts-repository';
import type {
  ChatMessage,
  ChatsAndContactsResponse,
  OpenChatResponse,
  SendMessageResponse,
  SocketTicketResponse,
} from '@orbit/functions/chat/contract';

import { maxConnectionsPerSession } from '@orbit/functions/chat/service';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, startApiStack } from '../support/api-stack';
import { WsClient } from '../support/ws-client';

/**
 * Two signed-in people live over the WebSocket API of the local stack (the real handler behind
 * `$connect`/`$disconnect`/`$default`, pushes through the management API): messages, delivered
 * and seen receipts, typing, presence, reconnect and catch-up, stale connections.
 */

let stack: LocalStack;
let olivia: ApiClient;
let liam: ApiClient;
let sophia: ApiClient;
const ids = { olivia: '', liam: '', sophia: '' };
const sockets: WsClient[] = [];

const signedIn = async (account: { phone: string; password: string }) => {
  const client = new ApiClient(stack.url);
  const response = await client.signIn(account.phone, account.password);
  if (response.status !== 201) throw new Error(`sign-in answered ${response.status}`);
  return { client, id: response.body.userData.id };
};

const connect = async (client: ApiClient): Promise<WsClient> => {
  const socket = await WsClient.connect(stack.url, client.accessToken);
  sockets.push(socket);
  return socket;
};

const send = (client: ApiClient, userId: string, message: string) =>
  client.request<SendMessageResponse>('POST', `/api/apps/chat/chats/${userId}`, { body: { message } });
const open = (client: ApiClient, userId: string) =>
  client.request<OpenChatResponse>('GET', `/api/apps/chat/chats/${userId}`);
const list = (client: ApiClient) =>
  client.request<ChatsAndContactsResponse>('GET', '/api/apps/chat/chats-and-contacts');
const statusOf = async (viewer: ApiClient, userId: string) =>
  (await list(viewer)).body.contacts.find((contact) => contact.id === userId)?.status;

const isMessage = (id: string) => (frame: Record<string, unknown>) =>
  frame.type === 'message' && (frame.msg as ChatMessage).id === id;

beforeAll(async () => {
  stack = await startApiStack();
  ({ client: olivia, id: ids.olivia } = await signedIn(demo.admin));
  ({ client: liam, id: ids.liam } = await signedIn(demo.clientA));
  ({ client: sophia, id: ids.sophia } = await signedIn(demo.clientB));
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
  await stack.stop();
});

describe('$connect', () => {
  it('refuses a handshake without a valid access token (401)', async () => {
    await expect(WsClient.connect(stack.url, undefined)).rejects.toMatchObject({ status: 401 });
    await expect(WsClient.connect(stack.url, 'not-a-token')).rejects.toMatchObject({ status: 401 });
  });

  it('refuses the token of a session that has ended, and a ticket its session outlived', async () => {
    const gone = await signedIn(demo.clientB);
    const ticket = await WsClient.ticket(stack.url, gone.client.accessToken ?? '');
    expect((await gone.client.request('POST', '/api/auth/logout')).status).toBe(204);
    await expect(WsClient.connect(stack.url, gone.client.accessToken)).rejects.toMatchObject({ status: 401 });
    await expect(WsClient.handshake(stack.url, { ticket })).rejects.toMatchObject({ status: 401 });
  });

  it('opens one connection per ticket: a used, unknown or expired ticket, or an access token in the URL, is 401', async () => {
    const token = liam.accessToken ?? '';
    // The bell's purpose: Liam's chat presence stays as the next tests expect it.
    const query = { purpose: 'notifications' };
    const issued = await liam.request<SocketTicketResponse>('POST', '/api/realtime/ticket');
    expect(issued.status).toBe(201);
    expect(issued.body).toEqual({ ticket: expect.stringMatching(/^[\w-]{43}$/), expiresInSeconds: 30 });
    const { ticket } = issued.body;
    const socket = await WsClient.handshake(stack.url, { ticket, ...query });
    await socket.roundTrip();
    await expect(WsClient.handshake(stack.url, { ticket, ...query })).rejects.toMatchObject({ status: 401 });
    await socket.close();

    await expect(WsClient.handshake(stack.url, { ticket: 'A'.repeat(43), ...query })).rejects.toMatchObject({
      status: 401,
    });
    // The access token itself no longer opens a socket: it would sit in proxies' and access logs.
    await expect(WsClient.handshake(stack.url, { token, ...query })).rejects.toMatchObject({ status: 401 });
    await expect(WsClient.handshake(stack.url, { ticket: token, ...query })).rejects.toMatchObject({ status: 401 });

    // Past its 30 seconds (its stored expiry moved into the past), a ticket opens nothing.
    const late = await WsClient.ticket(stack.url, token);
    await db().send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: socketTicketKey(late),
        UpdateExpression: 'SET expiresAtMs = :past',
        ExpressionAttributeValues: { ':past': Date.now() - 1 },
      }),
    );
    await expect(WsClient.handshake(stack.url, { ticket: late, ...query })).rejects.toMatchObject({ status: 401 });
  });
});

describe('two people chatting live', () => {
  it('pushes messages, delivered and seen receipts, typing and presence', async () => {
    const a = await connect(olivia);
    // Liam was seeded as away: connecting makes him online, and his contacts are told.
    const b = await connect(liam);
    await a.next((frame) => frame.type === 'status' && frame.userId === ids.liam && frame.status === 'online');
    expect(await statusOf(olivia, ids.liam)).toBe('online');

    // Olivia writes: it appears in Liam's window without a reload, and in Olivia's other tabs.
    const { body: sent } = await send(olivia, ids.liam, 'Are you there, Liam?');
    expect(sent.msg.feedback).toEqual({ isSent: true, isDelivered: false, isSeen: false });
    const arrived = await b.next<{ contactId: string; chatId: number; msg: ChatMessage }>(isMessage(sent.msg.id));
    expect(arrived).toMatchObject({
      contactId: ids.olivia,
      msg: { message: 'Are you there, Liam?', senderId: ids.olivia },
    });
    await a.next(isMessage(sent.msg.id));

    // Liam's browser acknowledges it: Olivia's tick turns delivered, live.
    b.send({ action: 'delivered', contactId: ids.olivia, messageId: sent.msg.id });
    const delivered = await a.next((frame) => frame.type === 'receipt' && frame.contactId === ids.liam);
    expect(delivered).toMatchObject({ deliveredUpTo: sent.msg.id });
    const afterDelivery = (await open(olivia, ids.liam)).body.chat?.messages.find(
      (message) => message.id === sent.msg.id,
    );
    expect(afterDelivery?.feedback).toEqual({ isSent: true, isDelivered: true, isSeen: false });

    // Liam opens the chat: seen, live.
    await open(liam, ids.olivia);
    const seen = await a.next(
      (frame) => frame.type === 'receipt' && frame.contactId === ids.liam && frame.seenUpTo === sent.msg.id,
    );
    expect(seen).toMatchObject({ deliveredUpTo: sent.msg.id, seenUpTo: sent.msg.id });

    // With the chat open, Liam's window marks a new message seen as it arrives.
    const { body: next } = await send(olivia, ids.liam, 'Great, see you at 3.');
    await b.next(isMessage(next.msg.id));
    b.send({ action: 'seen', contactId: ids.olivia, messageId: next.msg.id });
    await a.next((frame) => frame.type === 'receipt' && frame.seenUpTo === next.msg.id);
    const unseen = (await list(liam)).body.chatsContacts.find((contact) => contact.id === ids.olivia)?.chat.unseenMsgs;
    expect(unseen).toBe(0);

    // Typing, both ways.
    b.send({ action: 'typing', contactId: ids.olivia, isTyping: true });
    expect(await a.next((frame) => frame.type === 'typing')).toEqual({
      type: 'typing',
      contactId: ids.liam,
      isTyping: true,
    });
    b.send({ action: 'typing', contactId: ids.olivia, isTyping: false });
    expect(await a.next((frame) => frame.type === 'typing')).toEqual({
      type: 'typing',
      contactId: ids.liam,
      isTyping: false,
    });

    // Liam replies: Olivia's window gets it.
    const { body: reply } = await send(liam, ids.olivia, 'On my way!');
    expect((await a.next<{ contactId: string }>(isMessage(reply.msg.id))).contactId).toBe(ids.liam);

    // Activity presence: away when idle, online when back.
    b.send({ action: 'presence', status: 'away' });
    await a.next((frame) => frame.type === 'status' && frame.userId === ids.liam && frame.status === 'away');
    b.send({ action: 'presence', status: 'online' });
    await a.next((frame) => frame.type === 'status' && frame.userId === ids.liam && frame.status === 'online');
  });

  it('keeps typing and messages between the people they concern', async () => {
    const a = await connect(liam);
    const c = await connect(sophia);
    // A client typing "to" another client reaches no one.
    a.send({ action: 'typing', contactId: ids.sophia, isTyping: true });
    await a.roundTrip();
    await c.roundTrip();
    expect(c.seen((frame) => frame.type === 'typing')).toBe(false);
    // Olivia's message to Liam does not reach Sophia.
    const { body } = await send(olivia, ids.liam, 'Just for Liam');
    await a.next(isMessage(body.msg.id));
    await c.roundTrip();
    expect(c.seen(isMessage(body.msg.id))).toBe(false);
    // A receipt for a chat Sophia does not have changes nothing.
    c.send({ action: 'seen', contactId: ids.liam, messageId: body.msg.id });
    await c.roundTrip();
    const feedback = (await open(olivia, ids.liam)).body.chat?.messages.find(
      (message) => message.id === body.msg.id,
    )?.feedback;
    expect(feedback?.isSeen).toBe(false);
    await Promise.all([a.close(), c.close()]);
  });

  it('answers an unknown frame with an error frame and a ping with pong', async () => {
    const socket = await connect(sophia);
    socket.send({ action: 'shout', text: 'hello' });
    expect(await socket.next((frame) => frame.type === 'error')).toEqual({
      type: 'error',
      message: 'Unrecognised frame',
    });
    socket.socket.send('not json');
    await socket.next((frame) => frame.type === 'error');
    await socket.roundTrip();
    await socket.close();
  });
});

describe('what a client cannot do', () => {
  it("cannot reach the gateway's own routes with a frame's action", async () => {
    const socket = await connect(sophia);
    await socket.roundTrip();
    // API Gateway never routes a message to $disconnect, $connect or $default by its action.
    for (const action of ['$disconnect', '$connect', '$default']) {
      socket.send({ action });
      expect(await socket.next((frame) => frame.type === 'error')).toEqual({
        type: 'error',
        message: 'Unrecognised frame',
      });
    }
    // Still connected and still recorded: the frame did not disconnect it.
    await socket.roundTrip();
    expect(await statusOf(olivia, ids.sophia)).toBe('online');
    await socket.close();
  });

  it('cannot hold more than a few connections open with one session', async () => {
    const session = await signedIn(demo.clientB);
    const allowed = await Promise.all(Array.from({ length: maxConnectionsPerSession }, () => connect(session.client)));
    await expect(WsClient.connect(stack.url, session.client.accessToken)).rejects.toMatchObject({ status: 429 });
    // Another session of the same person has its own allowance; closing one frees a place.
    const other = await signedIn(demo.clientB);
    await (await connect(other.client)).close();
    await allowed[0]?.close();
    await expect
      .poll(
        async () => {
          try {
            await (await connect(session.client)).close();
            return 'connected';
          } catch {
            return 'refused';
          }
        },
        { timeout: 10_000 },
      )
      .toBe('connected');
    await Promise.all(allowed.map((socket) => socket.close()));
  });
});

describe('reconnect and catch-up', () => {
  it('goes offline on the last disconnect, then catches up after reconnecting', async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    const watcher = await connect(olivia);
    const first = await connect(sophia);
    const second = await connect(sophia);
    // One tab closes: still online. The last one closes: offline, and the admin is told.
    await first.close();
    await watcher.roundTrip();
    expect(await statusOf(olivia, ids.sophia)).toBe('online');
    await second.close();
    await watcher.next((frame) => frame.type === 'status' && frame.userId === ids.sophia && frame.status === 'offline');

    // Messages sent while she is away wait for her.
    const missed = [
      (await send(olivia, ids.sophia, 'Missed one')).body.msg,
      (await send(olivia, ids.sophia, 'Missed two')).body.msg,
    ];
    const back = await connect(sophia);
    await watcher.next((frame) => frame.type === 'status' && frame.userId === ids.sophia && frame.status === 'online');
    // Catching up: listing her chats shows them and acknowledges delivery to the sender, live.
    const chat = (await list(sophia)).body.chatsContacts.find((contact) => contact.id === ids.olivia)?.chat;
    expect(chat?.lastMessage.id).toBe(missed[1]?.id);
    expect(chat?.unseenMsgs).toBeGreaterThanOrEqual(2);
    await watcher.next(
      (frame) => frame.type === 'receipt' && frame.contactId === ids.sophia && frame.deliveredUpTo === missed[1]?.id,
    );
    const opened = await open(sophia, ids.olivia);
    expect(opened.body.chat?.messages.slice(-2).map((message) => message.message)).toEqual([
      'Missed one',
      'Missed two',
    ]);

    // And live again.
    const { body } = await send(olivia, ids.sophia, 'Welcome back');
    await back.next(isMessage(body.msg.id));
    await Promise.all([back.close(), watcher.close()]);
  });
});

describe('stale connections', () => {
  it('forgets a connection that answers 410 Gone and marks its user offline', async () => {
    const watcher = await connect(olivia);
    // A user who shows as online, with a connection the store remembers but the gateway no
    // longer has (a missed $disconnect), opened a minute ago.
    // (Presence is not a status an admin sets: the store is told directly.)
    await setPresence(ids.liam, 'online');
    await addConnection(
      { connectionId: 'StaleConnXYZ=', userId: ids.liam, role: 'client', sessionId: 'gone' },
      new Date(Date.now() - 60_000),
    );
    expect((await listUserConnections(ids.liam)).map((connection) => connection.connectionId)).toContain(
      'StaleConnXYZ=',
    );

    const { status } = await send(olivia, ids.liam, 'Anyone home?');
    expect(status).toBe(201);
    expect((await listUserConnections(ids.liam)).map((connection) => connection.connectionId)).not.toContain(
      'StaleConnXYZ=',
    );
    await watcher.next((frame) => frame.type === 'status' && frame.userId === ids.liam && frame.status === 'offline');
    await watcher.close();
  });

  it('does not forget a connection that is still in its $connect', async () => {
    // Recorded just now: a 410 may only mean its handshake has not finished.
    await addConnection({ connectionId: 'JustConnecting=', userId: ids.liam, role: 'client', sessionId: 'pending' });
    expect((await send(olivia, ids.liam, 'Hello?')).status).toBe(201);
    expect((await listUserConnections(ids.liam)).map((connection) => connection.connectionId)).toContain(
      'JustConnecting=',
    );
  });

  it('closes a connection whose session has ended at its next frame', async () => {
    const session = await signedIn(demo.clientA);
    const socket = await connect(session.client);
    expect((await session.client.request('POST', '/api/auth/logout')).status).toBe(204);
    socket.send({ action: 'ping' });
    await socket.waitClosed();
    expect(socket.seen((frame) => frame.type === 'pong')).toBe(false);
  });

  it('serves the management API only to signed local callers, with 410 for unknown connections', async () => {
    const unsigned = await fetch(`${stack.url}/ws/@connections/whatever=`, { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(403);
    const { ApiGatewayManagementApiClient, GetConnectionCommand, PostToConnectionCommand } =
      await import('@aws-sdk/client-apigatewaymanagementapi');
    const management = new ApiGatewayManagementApiClient({ endpoint: `${stack.url}/ws` });
    await expect(
      management.send(new PostToConnectionCommand({ ConnectionId: 'nobody=', Data: '{}' })),
    ).rejects.toMatchObject({
      name: 'GoneException',
    });
    const socket = await connect(sophia);
    // Earlier tabs' $disconnect may still be on its way: the open one is the one GET describes.
    let openId: string | undefined;
    for (const { connectionId } of await listUserConnections(ids.sophia)) {
      const described = await management
        .send(new GetConnectionCommand({ ConnectionId: connectionId }))
        .catch(() => undefined);
      if (described) {
        expect(described.ConnectedAt).toBeInstanceOf(Date);
        openId = connectionId;
      }
    }
    expect(openId).toBeDefined();
    await management.send(
      new PostToConnectionCommand({ ConnectionId: openId, Data: JSON.stringify({ type: 'pong' }) }),
    );
    await socket.next((frame) => frame.type === 'pong');
    management.destroy();
    await socket.close();
  });
});
