import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signWebhook } from '@orbit/functions/channels/transports/webhook';
import type {
  ChatMessage,
  ChatsAndContactsResponse,
  MessagesPage,
  OpenChatResponse,
} from '@orbit/functions/chat/contract';

import { ApiClient, demo } from '../support/api-stack';
import { createChildStack, type ChildStack } from '../support/child-stack';

/**
 * The crash test of background work (docs/background-work.md): an admin sends 200 replies to a
 * lead who wrote through a webhook channel; the real `npm start` is killed with -9 while the
 * worker is delivering them to the outbound URL (a loopback receiver standing for the outside
 * system), then started again on the same data. Afterwards every reply is delivered exactly
 * once or shown as unknown: 0 duplicates, 0 silently lost.
 */

const replies = 200;
const crashAfter = 40;

let receiver: Server;
let receiverUrl = '';
/** How many times the receiver got each message id. */
const received = new Map<string, number>();
let stack: ChildStack;

const eventually = async <T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** Every message of the chat with `contactId`, paging back to the first. */
const allMessages = async (admin: ApiClient, contactId: string): Promise<ChatMessage[]> => {
  const opened = await admin.request<OpenChatResponse>('GET', `/api/apps/chat/chats/${contactId}`);
  const messages = [...(opened.body.chat?.messages ?? [])];
  let cursor = opened.body.chat?.nextCursor ?? null;
  while (cursor) {
    const page = await admin.request<MessagesPage>(
      'GET',
      `/api/apps/chat/chats/${contactId}/messages?cursor=${encodeURIComponent(cursor)}`,
    );
    messages.unshift(...page.body.messages);
    cursor = page.body.nextCursor;
  }
  return messages;
};

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { messageId } = JSON.parse(body) as { messageId: string };
      received.set(messageId, (received.get(messageId) ?? 0) + 1);
      // A receiver that takes a moment, so the crash lands while deliveries are in flight.
      setTimeout(() => response.writeHead(200).end(), 20);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/orbit`;
  // A short lease, so claims the crash cut off are found soon after the restart.
  stack = await createChildStack({ env: { JOB_LEASE_MS: '4000', JOB_TICK_INTERVAL_MS: '250' } });
  await stack.start();
}, 600_000);

afterAll(async () => {
  await stack?.dispose();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('kill -9 while 200 channel replies are being delivered', () => {
  it(
    'delivers each reply once or shows it unknown after the restart: 0 duplicates, 0 lost',
    { timeout: 600_000 },
    async () => {
      const admin = new ApiClient(stack.url);
      expect((await admin.signIn(demo.admin.phone, demo.admin.password)).status).toBe(201);
      const connected = await admin.request<{ channel: { id: string }; signingSecret: string }>(
        'POST',
        '/api/apps/channels',
        { body: { type: 'webhook', name: 'Crash test', outboundUrl: receiverUrl } },
      );
      expect(connected.status).toBe(201);
      const { channel, signingSecret } = connected.body;

      // A lead writes through the channel: the contact the admin replies to.
      const inbound = JSON.stringify({ messageId: 'in-1', from: { id: 'crash-lead', name: 'Crash Lead' }, text: 'Hi' });
      const hook = await fetch(`${stack.url}/api/hooks/webhook/${channel.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signWebhook(signingSecret, inbound) },
        body: inbound,
      });
      expect(hook.status).toBeLessThan(300);
      const leadId = await eventually(
        async () =>
          (
            await admin.request<ChatsAndContactsResponse>('GET', '/api/apps/chat/chats-and-contacts')
          ).body.chatsContacts.find((contact) => contact.fullName === 'Crash Lead')?.id,
        10_000,
        'the lead',
      );

      // 200 replies, 8 requests at a time; the worker starts delivering while they are sent.
      const sent: string[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < replies) {
            const index = next++;
            const response = await admin.request<{ msg: ChatMessage }>('POST', `/api/apps/chat/chats/${leadId}`, {
              body: { message: `Reply ${index + 1}` },
            });
            expect(response.status).toBe(201);
            sent.push(response.body.msg.id);
          }
        }),
      );

      await eventually(async () => (received.size >= crashAfter ? true : undefined), 120_000, 'deliveries to start');
      await stack.crash();
      const beforeRestart = received.size;
      await stack.start();

      const again = new ApiClient(stack.url);
      expect((await again.signIn(demo.admin.phone, demo.admin.password)).status).toBe(201);
      const settled = await eventually(
        async () => {
          const messages = (await allMessages(again, leadId)).filter((message) => sent.includes(message.id));
          if (messages.length < replies) return undefined;
          return messages.some((message) => message.delivery?.status === 'queued') ? undefined : messages;
        },
        240_000,
        'every reply to settle',
      );

      const duplicates = [...received].filter(([, count]) => count > 1);
      const deliveredOnce = settled.filter(
        (message) => ['sent', 'delivered'].includes(message.delivery?.status ?? '') && received.get(message.id) === 1,
      );
      const unknown = settled.filter((message) => message.delivery?.status === 'unknown');
      const lost = settled.filter((message) => !deliveredOnce.includes(message) && !unknown.includes(message));
      console.log(
        `crash test: ${replies} replies, kill -9 after ${beforeRestart} reached the receiver; ` +
          `${deliveredOnce.length} delivered once, ${unknown.length} shown unknown ` +
          `(${unknown.filter((message) => received.has(message.id)).length} of them had arrived), ` +
          `${duplicates.length} duplicates, ${lost.length} lost`,
      );
      expect(duplicates).toEqual([]);
      expect(lost.map((message) => [message.id, message.delivery])).toEqual([]);
      expect(deliveredOnce.length + unknown.length).toBe(replies);
      // Nothing arrived that Orbit did not send.
      for (const id of received.keys()) expect(sent).toContain(id);
    },
  );
});
