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
import { seededSnapshot } from '../support/api-seed-snapshot';
import { createChildStack, type ChildStack } from '../support/child-stack';

/**
 * The crash test of background work (docs/background-work.md): an admin sends 200 replies to a
 * lead who wrote through a webhook channel; the real `npm start` is killed with -9 while the
 * worker is delivering them to the outbound URL (a loopback receiver standing for the outside
 * system), then started again on the same data. Afterwards every reply is delivered exactly
 * once or shown as unknown: 0 duplicates, 0 silently lost.
 */

const replies = 200;
/** Replies received before the kill. */
const crashAfter = 40;

let receiver: Server;
let receiverUrl = '';
/** How many times the receiver got each message id. */
const received = new Map<string, number>();
let stack: ChildStack;

const eventually = async <T>(
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  what: string,
  state: () => string = () => '',
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} ${state()}`);
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
      setTimeout(() => response.writeHead(200).end(), 100);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/orbit`;
  // A short lease, so claims the crash cut off are found soon after the restart.
  stack = await createChildStack({
    copyOf: seededSnapshot(),
    env: { JOB_LEASE_MS: '4000', JOB_TICK_INTERVAL_MS: '250', POWERTOOLS_LOG_LEVEL: 'WARN' },
    ...(process.env.CRASH_TEST_LOG ? { logFile: process.env.CRASH_TEST_LOG } : {}),
  });
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

      /** Sends replies 8 at a time until `total` were accepted; a lane stops when the stack is gone. */
      const accepted: string[] = [];
      const sendReplies = async (client: ApiClient, total: number) => {
        let stopped = false;
        await Promise.all(
          Array.from({ length: 8 }, async () => {
            while (!stopped && accepted.length < total) {
              try {
                const response = await client.request<{ msg: ChatMessage }>('POST', `/api/apps/chat/chats/${leadId}`, {
                  body: { message: `Reply ${accepted.length + 1}` },
                });
                expect(response.status).toBe(201);
                accepted.push(response.body.msg.id);
              } catch (error) {
                if (!(error instanceof TypeError)) throw error; // fetch failed: the stack was killed
                stopped = true;
              }
            }
          }),
        );
      };

      // The replies go out while more are written; the crash lands in the middle of both.
      const sending = sendReplies(admin, replies);
      await eventually(async () => (received.size >= crashAfter ? true : undefined), 120_000, 'deliveries to start');
      await stack.crash();
      await sending;
      const atCrash = { accepted: accepted.length, received: received.size };
      await stack.start();

      const again = new ApiClient(stack.url);
      expect((await again.signIn(demo.admin.phone, demo.admin.password)).status).toBe(201);
      await sendReplies(again, replies);

      // Every reply of the chat: those answered 201, and any the crash cut off after it was stored.
      let last: ChatMessage[] = [];
      const settled = await eventually(
        async () => {
          last = (await allMessages(again, leadId)).filter((message) => message.delivery !== undefined);
          if (last.length < replies) return undefined;
          return last.some((message) => message.delivery?.status === 'queued') ? undefined : last;
        },
        240_000,
        'every reply to settle',
        () =>
          JSON.stringify({
            found: last.length,
            received: received.size,
            statuses: last.reduce<Record<string, number>>((counts, message) => {
              const status = message.delivery?.status ?? 'none';
              return { ...counts, [status]: (counts[status] ?? 0) + 1 };
            }, {}),
          }),
      );
      for (const id of accepted) expect(settled.map((message) => message.id)).toContain(id);

      const duplicates = [...received].filter(([, count]) => count > 1);
      const deliveredOnce = settled.filter(
        (message) => ['sent', 'delivered'].includes(message.delivery?.status ?? '') && received.get(message.id) === 1,
      );
      const unknown = settled.filter((message) => message.delivery?.status === 'unknown');
      const lost = settled.filter((message) => !deliveredOnce.includes(message) && !unknown.includes(message));
      console.log(
        `crash test: ${settled.length} replies; kill -9 with ${atCrash.accepted} accepted and ${atCrash.received} received; ` +
          `${deliveredOnce.length} delivered once, ${unknown.length} shown unknown ` +
          `(${unknown.filter((message) => received.has(message.id)).length} of them had arrived), ` +
          `${duplicates.length} duplicates, ${lost.length} lost`,
      );
      expect(duplicates).toEqual([]);
      expect(lost.map((message) => [message.id, message.delivery])).toEqual([]);
      expect(deliveredOnce.length + unknown.length).toBe(settled.length);
      // Nothing arrived that is not a reply of the chat.
      const replyIds = new Set(settled.map((message) => message.id));
      expect([...received.keys()].filter((id) => !replyIds.has(id))).toEqual([]);
    },
  );
});
