import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulidx';

import type { ChatMessage, ChatsAndContactsResponse } from '@orbit/functions/chat/contract';
import { listUserConnections } from '@orbit/functions/core/connections/repository';
import type { StoredMessage } from '@orbit/functions/chat/records';
import { messageItem } from '@orbit/functions/chat/repository';
import { db } from '@orbit/functions/core/db';
import { tableName } from '@orbit/functions/core/table';
import { demoConversations } from '@orbit/seed/chat';
import { demoUsers } from '@orbit/seed/demo-users';

import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { WsClient } from '../support/ws-client';
import type { BenchSection } from './section';
import { BenchClient, ms, percentile } from './support';

/**
 * Chat: how long from one person's send to the message appearing in the other's WebSocket, and
 * do the chats-and-contacts and open-chat requests cost the same with 1,000 and with 50,000
 * messages in the store (they read the caller's chats, contacts and one page of messages, never
 * the history, so they should)?
 */

export const ratioBudget = 1.3;
const smallStore = 1_000;
const largeStore = 50_000;
/** Most of the history sits in the chat being opened; the rest in other chats. */
const openedChatShare = 0.6;
const warmup = 30;
const samples = 200;
const deliverySamples = 200;

/** Writes synthetic history straight into the store, older than anything seeded. */
const loadMessages = async (
  chats: readonly { chatId: number; people: readonly [string, string] }[],
  counts: readonly number[],
  offset: number,
) => {
  const items: ReturnType<typeof messageItem>[] = [];
  const start = Date.UTC(2024, 0, 1);
  chats.forEach(({ chatId, people }, chatIndex) => {
    for (let index = 0; index < (counts[chatIndex] ?? 0); index += 1) {
      const time = start + (offset + index) * 1_000 + chatIndex;
      const message: StoredMessage = {
        id: ulid(time),
        chatId,
        message: `Synthetic history message ${offset + index} of chat ${chatId}`,
        time: new Date(time).toISOString(),
        senderId: people[index % 2] ?? people[0],
      };
      items.push(messageItem(message));
    }
  });
  const batches: (typeof items)[] = [];
  for (let index = 0; index < items.length; index += 25) batches.push(items.slice(index, index + 25));
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < batches.length) {
        const batch = batches[next++] ?? [];
        let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
          [tableName()]: batch.map((Item) => ({ PutRequest: { Item } })),
        };
        while (request && Object.keys(request).length > 0) {
          const result = await db().send(new BatchWriteCommand({ RequestItems: request }));
          request = result.UnprocessedItems as typeof request;
        }
      }
    }),
  );
};

interface Timing {
  readonly p50: number;
  readonly p95: number;
}

const time = async (label: string, call: () => Promise<{ status: number }>): Promise<Timing> => {
  for (let index = 0; index < warmup; index += 1) await call();
  const durations: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const started = performance.now();
    const { status } = await call();
    durations.push(performance.now() - started);
    if (status !== 200) throw new Error(`${label} answered ${status}`);
  }
  return { p50: percentile(durations, 0.5), p95: percentile(durations, 0.95) };
};

const measure = async (admin: BenchClient, contactId: string) => ({
  'chats-and-contacts': await time('chats-and-contacts', () =>
    admin.request('GET', '/api/apps/chat/chats-and-contacts'),
  ),
  'open chat (newest 50)': await time('open chat', () => admin.request('GET', `/api/apps/chat/chats/${contactId}`)),
});

/** From the sender's request to the frame in the recipient's socket. */
const sendToAppearance = async (sender: BenchClient, recipient: WsClient, recipientId: string): Promise<Timing> => {
  const durations: number[] = [];
  for (let index = 0; index < warmup + deliverySamples; index += 1) {
    const text = `Bench ping ${index} ${Math.random().toString(36).slice(2)}`;
    const started = performance.now();
    const appeared = recipient.next(
      (frame) => frame.type === 'message' && (frame.msg as ChatMessage).message === text,
      10_000,
    );
    const response = await sender.request('POST', `/api/apps/chat/chats/${recipientId}`, { message: text });
    if (response.status !== 201) throw new Error(`send answered ${response.status}`);
    await appeared;
    if (index >= warmup) durations.push(performance.now() - started);
  }
  return { p50: percentile(durations, 0.5), p95: percentile(durations, 0.95) };
};

export const chatBench: BenchSection = {
  name: 'chat',
  async run() {
    const stack: LocalStack = await startLocalStack({
      port: 0,
      host: '127.0.0.1',
      dataDir: ':memory:',
      tableName: `bench-chat-${Date.now().toString(36)}`,
    });
    let socket: WsClient | undefined;
    let clientId = '';
    try {
      const [adminUser, clientUser] = [
        demoUsers.find((user) => user.role === 'admin'),
        demoUsers.find((user) => user.role === 'client'),
      ];
      if (!adminUser || !clientUser) throw new Error('no demo users');
      const admin = new BenchClient(stack.url);
      const client = new BenchClient(stack.url);
      await admin.signIn(adminUser.phone, adminUser.password);
      await client.signIn(clientUser.phone, clientUser.password);
      clientId = client.id;

      // Live delivery, admin → client, the client's browser on the WebSocket.
      socket = await WsClient.connect(stack.url, client.token);
      const delivery = await sendToAppearance(admin, socket, client.id);
      console.log(
        `send → appearance in the other client over the local stack (${deliverySamples} messages after ${warmup} warm-up): ` +
          `p50 ${ms(delivery.p50)}, p95 ${ms(delivery.p95)}`,
      );

      // The admin's chats (seeded), the chat with the client holding most of the history.
      const listed = await admin.request<ChatsAndContactsResponse>('GET', '/api/apps/chat/chats-and-contacts');
      const chats = listed.body.chatsContacts.map((contact) => ({
        chatId: contact.chat.id,
        people: [admin.id, contact.id] as const,
      }));
      const opened = chats.find((chat) => chat.people[1] === client.id);
      if (!opened) throw new Error('no chat with the client');
      const others = chats.filter((chat) => chat !== opened);
      const split = (total: number) => [
        Math.round(total * openedChatShare),
        ...others.map(
          (_, index) => Math.floor((total * (1 - openedChatShare)) / others.length) + (index === 0 ? 1 : 0),
        ),
      ];
      const alreadyThere =
        warmup + deliverySamples + demoConversations.reduce((sum, chat) => sum + chat.messages.length, 0);
      await loadMessages([opened, ...others], split(smallStore - alreadyThere), 0);
      const small = await measure(admin, client.id);

      const loadStarted = performance.now();
      await loadMessages([opened, ...others], split(largeStore - smallStore), 1_000_000);
      const loadSeconds = (performance.now() - loadStarted) / 1000;
      const large = await measure(admin, client.id);

      console.log(
        `store: ~${smallStore} messages, then ~${largeStore} (bulk-loaded ${largeStore - smallStore} in ${loadSeconds.toFixed(1)} s; ` +
          `${Math.round(openedChatShare * 100)}% in the opened chat, the rest over ${others.length} other chats)`,
      );
      console.log(`request times over ${samples} sequential requests after ${warmup} warm-up, p50 / p95:`);
      let worst = 0;
      for (const label of Object.keys(small) as (keyof typeof small)[]) {
        const ratio = large[label].p50 / small[label].p50;
        worst = Math.max(worst, ratio);
        console.log(
          `  ${label.padEnd(24)} 1k: ${ms(small[label].p50)} / ${ms(small[label].p95)}` +
            `   50k: ${ms(large[label].p50)} / ${ms(large[label].p95)}` +
            `   ratio p50 ${ratio.toFixed(2)} ${ratio <= ratioBudget ? 'ok' : `OVER ${ratioBudget}`}`,
        );
      }
      console.log(`  worst p50 ratio ${worst.toFixed(2)} (budget ${ratioBudget})`);
    } finally {
      await socket?.close();
      // Let $disconnect finish before the store goes away.
      for (let tries = 0; tries < 40 && clientId && (await listUserConnections(clientId)).length > 0; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await stack.stop();
    }
  },
};
