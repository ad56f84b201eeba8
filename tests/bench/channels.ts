import type { ConnectChannelResponse } from '@orbit/functions/channels/contract';
import type { ChatsAndContactsResponse, SendMessageResponse } from '@orbit/functions/chat/contract';
import { demoUsers } from '@orbit/seed/demo-users';

import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { FakeTelegram } from '../support/fake-telegram';
import { WsClient } from '../support/ws-client';
import type { BenchSection } from './section';
import { BenchClient, summary } from './support';

/**
 * Channels, end to end on the local stack with its worker (the DynamoDB Local stream poller):
 * - inbound: a Telegram update posted to the hook → the message in the owner admin's open
 *   WebSocket, p50 / p95;
 * - reply: an admin's reply → the fake Bot API receives sendMessage (request, outbox, stream,
 *   worker, Bot API), p50 / p95;
 * - worker throughput: a burst of replies queued at once → all received by the fake, jobs/s.
 */

const samples = 100;
const burst = 300;
/** Requests in flight while queueing the burst (the local server admits 8 at once). */
const burstConcurrency = 16;

export const channelsBench: BenchSection = {
  name: 'channels',
  async run() {
    const telegram = await FakeTelegram.start();
    process.env.TELEGRAM_API_BASE_URL = telegram.url;
    const stack: LocalStack = await startLocalStack({
      port: 0,
      host: '127.0.0.1',
      dataDir: ':memory:',
      tableName: `bench-channels-${Date.now().toString(36)}`,
    });
    let socket: WsClient | undefined;
    try {
      const adminUser = demoUsers.find((user) => user.role === 'admin');
      if (!adminUser) throw new Error('no demo admin');
      const admin = new BenchClient(stack.url);
      await admin.signIn(adminUser.phone, adminUser.password);
      socket = await WsClient.connect(stack.url, admin.token);

      const token = telegram.addBot('orbit_bench_bot');
      const connected = await admin.request<ConnectChannelResponse>('POST', '/api/apps/channels', {
        type: 'telegram',
        name: 'Bench bot',
        botToken: token,
      });
      if (connected.status !== 201) throw new Error(`connecting answered ${connected.status}`);

      // Inbound: update → the admin's WebSocket.
      const user = { id: 990_001, first_name: 'Bench', last_name: 'Lead' };
      const inbound: number[] = [];
      for (let index = 0; index < samples; index += 1) {
        const text = `inbound ${index}`;
        const started = performance.now();
        const arrived = socket.next(
          (frame) => frame.type === 'message' && (frame.msg as { message?: string }).message === text,
        );
        const posted = await telegram.postUpdate(token, telegram.textUpdate(user, text));
        if (posted.status !== 200) throw new Error(`the hook answered ${posted.status}`);
        await arrived;
        inbound.push(performance.now() - started);
      }
      console.log(`inbound update → admin's open chat (WebSocket): ${summary(inbound)}`);

      const contacts = await admin.request<ChatsAndContactsResponse>('GET', '/api/apps/chat/chats-and-contacts');
      const lead = contacts.body.contacts.find((contact) => contact.fullName === 'Bench Lead');
      if (!lead) throw new Error('the bench lead was not created');

      // Reply: admin → fake Bot API, one at a time.
      const replies: number[] = [];
      for (let index = 0; index < samples; index += 1) {
        const text = `reply ${index}`;
        const started = performance.now();
        const received = telegram.waitForCall(
          (call) => call.method === 'sendMessage' && call.body.text === text,
          30_000,
        );
        const sent = await admin.request<SendMessageResponse>('POST', `/api/apps/chat/chats/${lead.id}`, {
          message: text,
        });
        if (sent.status !== 201) throw new Error(`sending answered ${sent.status}`);
        await received;
        replies.push(performance.now() - started);
      }
      console.log(`reply → received by the fake Bot API: ${summary(replies)}`);

      // Throughput: a burst queued as fast as the API takes it; the worker drains it.
      const texts = Array.from({ length: burst }, (_, index) => `burst ${index}`);
      const before = telegram.callsOf('sendMessage').length;
      const started = performance.now();
      let next = 0;
      let queuedAt = 0;
      await Promise.all(
        Array.from({ length: burstConcurrency }, async () => {
          while (next < texts.length) {
            const text = texts[next++] ?? '';
            const sent = await admin.request('POST', `/api/apps/chat/chats/${lead.id}`, { message: text });
            if (sent.status !== 201) throw new Error(`sending answered ${sent.status}`);
          }
        }),
      );
      queuedAt = performance.now();
      const deadline = Date.now() + 120_000;
      while (telegram.callsOf('sendMessage').length - before < burst) {
        if (Date.now() > deadline) throw new Error('the burst was not delivered within 2 minutes');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const drained = performance.now();
      const delivered = telegram.callsOf('sendMessage').slice(before);
      const distinct = new Set(delivered.map((call) => String(call.body.text))).size;
      console.log(
        `worker throughput: ${burst} replies queued in ${((queuedAt - started) / 1000).toFixed(1)} s, all received after ` +
          `${((drained - started) / 1000).toFixed(1)} s: ${(burst / ((drained - started) / 1000)).toFixed(1)} jobs/s ` +
          `end to end (${distinct} distinct, ${delivered.length - distinct} duplicates)`,
      );
    } finally {
      socket?.socket.close();
      await stack.stop();
      await telegram.stop();
    }
  },
};
