import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type {
  Channel,
  ChannelResponse,
  ChannelsResponse,
  ConnectChannelResponse,
  LeadBoardResponse,
  WorkResponse,
} from '@orbit/functions/channels/contract';
import type {
  ChatMessage,
  ChatsAndContactsResponse,
  OpenChatResponse,
  RetryDeliveryResponse,
  SendMessageResponse,
} from '@orbit/functions/chat/contract';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, signInDemoUsers, startApiStack, type ApiResponse } from '../support/api-stack';
import { FakeTelegram } from '../support/fake-telegram';
import { WebhookReceiver } from '../support/webhook-receiver';
import { WsClient } from '../support/ws-client';

/**
 * Channels over HTTP against the local stack (with its worker): connecting, the hooks, inbound
 * messages landing in chat, replies going out through the channel, and the rules around them.
 * The outside world is loopback fakes: a Telegram Bot API and a webhook receiver.
 */

// The webhook receiver is on loopback, which only this allowance lets a channel call (as on
// `npm start`); private, link-local and metadata addresses stay refused with it
// (core/outbound-address.ts; the stack without it: integrations-webhooks-ssrf.test.ts).
process.env.WEBHOOK_ALLOW_LOOPBACK = '1';

/** Every response body any client saw: no secret may appear in one. */
const seenBodies: string[] = [];

class RecordingClient extends ApiClient {
  override async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: Parameters<ApiClient['request']>[2] = {},
  ): Promise<ApiResponse<T>> {
    const response = await super.request<T>(method, path, options);
    seenBodies.push(JSON.stringify(response.body ?? ''));
    return response;
  }
}

let stack: LocalStack;
let telegram: FakeTelegram;
let receiver: WebhookReceiver;
let admin: ApiClient;
let clientA: ApiClient;
let adminId: string;
let clientAId: string;
let adminWs: WsClient;

const withRecording = (client: ApiClient): ApiClient => {
  const recording = new RecordingClient(stack.url);
  recording.accessToken = client.accessToken;
  return recording;
};

/** Polls until `read` returns something, or fails after the timeout. */
const eventually = async <T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const listChannels = async () => (await admin.request<ChannelsResponse>('GET', '/api/apps/channels')).body.channels;
const getChannel = async (id: string) =>
  (await admin.request<ChannelResponse>('GET', `/api/apps/channels/${id}`)).body.channel;
const connect = (body: unknown) => admin.request<ConnectChannelResponse>('POST', '/api/apps/channels', { body });
const openChat = (contactId: string) => admin.request<OpenChatResponse>('GET', `/api/apps/chat/chats/${contactId}`);
const contacts = async () =>
  (await admin.request<ChatsAndContactsResponse>('GET', '/api/apps/chat/chats-and-contacts')).body.contacts;
const leadBoard = async () => (await admin.request<LeadBoardResponse>('GET', '/api/apps/channels/leads')).body;
const leadsNamed = async (fullName: string) => (await contacts()).filter((contact) => contact.fullName === fullName);

const connectTelegram = async (name: string) => {
  const token = telegram.addBot();
  const response = await connect({ type: 'telegram', name, botToken: token });
  expect(response.status).toBe(201);
  return { token, channel: response.body.channel };
};

const messagesWith = async (contactId: string): Promise<ChatMessage[]> =>
  (await openChat(contactId)).body.chat?.messages ?? [];

/** The lead a Telegram user became, once their message is in. */
const leadOf = (fullName: string) => eventually(async () => (await leadsNamed(fullName))[0], `the lead ${fullName}`);

let userIds = 5_000;
const newTelegramUser = (first_name: string) => ({ id: (userIds += 1), first_name, last_name: `T${userIds}` });

beforeAll(async () => {
  [telegram, receiver] = await Promise.all([FakeTelegram.start(), WebhookReceiver.start()]);
  process.env.TELEGRAM_API_BASE_URL = telegram.url;
  stack = await startApiStack();
  const users = await signInDemoUsers(stack.url);
  admin = withRecording(users.admin);
  clientA = withRecording(users.clientA);
  adminId = users.ids.admin;
  clientAId = users.ids.clientA;
  adminWs = await WsClient.connect(stack.url, admin.accessToken);
}, 60_000);

afterAll(async () => {
  adminWs?.socket.close();
  await stack?.stop();
  await Promise.all([telegram?.stop(), receiver?.stop()]);
});

describe('connecting a Telegram bot', () => {
  it('refuses a token Telegram does not accept: 400 on botToken, nothing stored, no webhook set', async () => {
    const before = await listChannels();
    const response = await connect({
      type: 'telegram',
      name: 'Wrong bot',
      botToken: '123456789:AAthis-token-is-unknown-to-the-fake',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors: { botToken: ['Telegram did not accept this bot token'] } });
    expect(await listChannels()).toHaveLength(before.length);
    expect(telegram.callsOf('setWebhook', '123456789:AAthis-token-is-unknown-to-the-fake')).toHaveLength(0);
  });

  it('checks the token with getMe, sets the webhook with a secret token, and keeps only the last 4', async () => {
    const { token, channel } = await connectTelegram('Sales bot');
    expect(telegram.callsOf('getMe', token)).toHaveLength(1);
    const hook = telegram.webhookOf(token);
    expect(hook?.url).toBe(`${process.env.PUBLIC_BASE_URL}/api/hooks/telegram/${channel.id}`);
    expect(hook?.secretToken).toMatch(/^[\w-]{32,256}$/);
    expect(channel).toMatchObject({
      type: 'telegram',
      name: 'Sales bot',
      status: 'active',
      ownerId: adminId,
      secretHint: token.slice(-4),
      counts: { inbound: 0, outbound: 0, failed: 0 },
      config: { webhookUrl: hook?.url },
    });
    expect(channel.type === 'telegram' && channel.config.botUsername).toMatch(/_bot$/);
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const before = await listChannels();
    const bad = [
      [{ type: 'telegram', name: 'x', botToken: 'not-a-token' }, 'botToken'],
      [{ type: 'telegram', botToken: telegram.addBot() }, 'name'],
      [{ type: 'webhook', name: 'Hook', outboundUrl: 'ftp://example.com' }, 'outboundUrl'],
      [{ type: 'email', name: 'Mail', fromAddress: 'nope', fromName: 'Orbit' }, 'fromAddress'],
      [{ type: 'pigeon', name: 'Coo' }, 'type'],
    ] as const;
    for (const [body, field] of bad) {
      const response = await connect(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((response.body as unknown as { errors: Record<string, unknown> }).errors)).toContain(field);
    }
    expect(await listChannels()).toHaveLength(before.length);
  });
});

describe('Telegram updates land in chat', () => {
  let bot: { token: string; channel: Channel };
  beforeAll(async () => {
    bot = await connectTelegram('Inbound bot');
  });

  it('refuses an update without the secret token or with a wrong one, and stores nothing', async () => {
    const user = newTelegramUser('Mallory');
    const update = telegram.textUpdate(user, 'let me in');
    expect((await telegram.postUpdate(bot.token, update, { secretToken: null })).status).toBe(401);
    expect((await telegram.postUpdate(bot.token, update, { secretToken: 'wrong-secret-token' })).status).toBe(401);
    // A hook for a channel that does not exist answers the same.
    const response = await fetch(`${stack.url}/api/hooks/telegram/01JNOSUCHCHANNEL0000000000`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'anything' },
      body: JSON.stringify(update),
    });
    expect(response.status).toBe(401);
    expect(await leadsNamed(`${user.first_name} ${user.last_name}`)).toEqual([]);
    expect((await getChannel(bot.channel.id)).counts.inbound).toBe(0);
  });

  it('creates the lead (contact_received, from telegram) and pushes the message to the admin live', async () => {
    const user = newTelegramUser('Ada');
    const name = `${user.first_name} ${user.last_name}`;
    const response = await telegram.postUpdate(bot.token, telegram.textUpdate(user, 'Hello, I need a website'));
    expect(response.status).toBe(200);
    const frame = await adminWs.next<{ contactId: string; msg: ChatMessage }>(
      (candidate) =>
        candidate.type === 'message' && (candidate.msg as ChatMessage).message === 'Hello, I need a website',
    );
    expect(frame.msg.channel).toBe('telegram');
    const [lead] = await leadsNamed(name);
    expect(lead).toMatchObject({ role: 'lead', status: 'contact_received', channel: 'telegram', id: frame.contactId });
    const messages = await messagesWith(frame.contactId);
    expect(messages.map((message) => [message.message, message.senderId, message.channel])).toEqual([
      ['Hello, I need a website', frame.contactId, 'telegram'],
    ]);
    const channel = await getChannel(bot.channel.id);
    expect(channel.counts.inbound).toBe(1);
    expect(channel.lastActivityAt).not.toBeNull();
  });

  it('stores a retried update (same update_id) once, and the same sender twice is one contact', async () => {
    const user = newTelegramUser('Grace');
    const name = `${user.first_name} ${user.last_name}`;
    const first = telegram.textUpdate(user, 'first');
    const deliveries = await Promise.all([
      telegram.postUpdate(bot.token, first),
      telegram.postUpdate(bot.token, first),
      telegram.postUpdate(bot.token, first),
    ]);
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
    await telegram.postUpdate(bot.token, telegram.textUpdate(user, 'second'));
    const leads = await leadsNamed(name);
    expect(leads).toHaveLength(1);
    const messages = await messagesWith(leads[0]?.id ?? '');
    expect(messages.map((message) => message.message)).toEqual(['first', 'second']);
  });

  it('keeps media as a note with its caption, never drops it', async () => {
    const user = newTelegramUser('Linus');
    const name = `${user.first_name} ${user.last_name}`;
    await telegram.postUpdate(
      bot.token,
      telegram.messageUpdate(user, { photo: [{ file_id: 'p1' }], caption: 'our office' }),
    );
    await telegram.postUpdate(bot.token, telegram.messageUpdate(user, { sticker: { file_id: 's1', emoji: '👍' } }));
    await telegram.postUpdate(
      bot.token,
      telegram.messageUpdate(user, { document: { file_id: 'd1', file_name: 'brief.pdf' } }),
    );
    await telegram.postUpdate(bot.token, telegram.messageUpdate(user, { voice: { file_id: 'v1', duration: 3 } }));
    const lead = await leadOf(name);
    expect((await messagesWith(lead.id)).map((message) => message.message)).toEqual([
      '[photo] our office',
      '[sticker] 👍',
      '[document] brief.pdf',
      '[voice]',
    ]);
  });
});

describe('replies go out through the channel', () => {
  let bot: { token: string; channel: Channel };
  let user: ReturnType<typeof newTelegramUser>;
  let leadId: string;
  beforeAll(async () => {
    bot = await connectTelegram('Reply bot');
    user = newTelegramUser('Barbara');
    await telegram.postUpdate(bot.token, telegram.textUpdate(user, 'Can you call me back?'));
    leadId = (await leadOf(`${user.first_name} ${user.last_name}`)).id;
  });

  const reply = async (text: string) => {
    const response = await admin.request<SendMessageResponse>('POST', `/api/apps/chat/chats/${leadId}`, {
      body: { message: text },
    });
    expect(response.status).toBe(201);
    return response.body.msg;
  };
  const deliveryOf = async (messageId: string) =>
    (await messagesWith(leadId)).find((message) => message.id === messageId)?.delivery;
  const settled = (messageId: string) =>
    eventually(async () => {
      const delivery = await deliveryOf(messageId);
      return delivery && delivery.status !== 'queued' ? delivery : undefined;
    }, 'the delivery to settle');

  it('queues the reply, the fake Bot API receives it, and the tick becomes sent live', async () => {
    const msg = await reply('Sure, tomorrow at 10');
    expect(msg).toMatchObject({ channel: 'telegram', delivery: { status: 'queued' } });
    const call = await telegram.waitForCall(
      (candidate) => candidate.method === 'sendMessage' && candidate.body.text === 'Sure, tomorrow at 10',
    );
    expect(call.token).toBe(bot.token);
    expect(call.body.chat_id).toBe(String(user.id));
    const frame = await adminWs.next<{ messageId: string; delivery: { status: string } }>(
      (candidate) =>
        candidate.type === 'delivery' &&
        candidate.messageId === msg.id &&
        (candidate.delivery as { status: string }).status === 'sent',
    );
    expect(frame.delivery.status).toBe('sent');
    expect(await settled(msg.id)).toEqual({ status: 'sent' });
    expect((await getChannel(bot.channel.id)).counts.outbound).toBeGreaterThanOrEqual(1);
  });

  it('shows a refused reply as failed, once, and a retry sends it', async () => {
    telegram.failNext('sendMessage', { status: 400, description: 'Bad Request: chat not found' });
    const msg = await reply('This one fails first');
    const failed = await settled(msg.id);
    expect(failed).toEqual({ status: 'failed', error: 'Telegram: Bad Request: chat not found' });
    expect(telegram.callsOf('sendMessage').filter((call) => call.body.text === 'This one fails first')).toHaveLength(1);
    expect((await getChannel(bot.channel.id)).counts.failed).toBeGreaterThanOrEqual(1);

    const retried = await admin.request<RetryDeliveryResponse>(
      'POST',
      `/api/apps/chat/chats/${leadId}/messages/${msg.id}/retry`,
    );
    expect(retried.status).toBe(200);
    expect(retried.body.msg.delivery).toEqual({ status: 'queued' });
    expect(await settled(msg.id)).toEqual({ status: 'sent' });
    expect(telegram.callsOf('sendMessage').filter((call) => call.body.text === 'This one fails first')).toHaveLength(2);
    // A sent reply is not retried again.
    const again = await admin.request('POST', `/api/apps/chat/chats/${leadId}/messages/${msg.id}/retry`);
    expect(again.status).toBe(409);
  });

  it('retries a rate-limited reply by itself and sends it once', async () => {
    telegram.failNext('sendMessage', { status: 429, description: 'Too Many Requests: retry after 1' });
    const msg = await reply('Rate limited first');
    expect(await settled(msg.id)).toEqual({ status: 'sent' });
    expect(telegram.callsOf('sendMessage').filter((call) => call.body.text === 'Rate limited first')).toHaveLength(2);
  });

  it('never sends through a paused channel; a paused hook refuses updates; resume sends again', async () => {
    const paused = await admin.request<ChannelResponse>('POST', `/api/apps/channels/${bot.channel.id}/pause`, {
      body: {},
    });
    expect(paused.status).toBe(200);
    expect(paused.body.channel.status).toBe('paused');
    const msg = await reply('While paused');
    expect(await settled(msg.id)).toEqual({ status: 'failed', error: 'The channel is paused' });
    expect(telegram.callsOf('sendMessage').filter((call) => call.body.text === 'While paused')).toEqual([]);
    const inbound = await telegram.postUpdate(bot.token, telegram.textUpdate(user, 'Are you there?'));
    expect(inbound.status).toBe(503);
    expect((await messagesWith(leadId)).some((message) => message.message === 'Are you there?')).toBe(false);

    const resumed = await admin.request<ChannelResponse>('POST', `/api/apps/channels/${bot.channel.id}/resume`, {
      body: {},
    });
    expect(resumed.body.channel.status).toBe('active');
    await admin.request('POST', `/api/apps/chat/chats/${leadId}/messages/${msg.id}/retry`);
    expect(await settled(msg.id)).toEqual({ status: 'sent' });
  });
});

describe('webhook channels', () => {
  let channel: Channel;
  let secret: string;
  beforeAll(async () => {
    const response = await connect({ type: 'webhook', name: 'Website form', outboundUrl: receiver.url });
    expect(response.status).toBe(201);
    channel = response.body.channel;
    secret = response.body.signingSecret ?? '';
    receiver.trust(secret);
  });

  const postInbound = (body: unknown, headers?: Record<string, string>) => {
    const raw = JSON.stringify(body);
    return fetch(`${stack.url}/api/hooks/webhook/${channel.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(headers ?? WebhookReceiver.sign(secret, raw)) },
      body: raw,
    });
  };

  it('shows the signing secret once, in the create response only', async () => {
    expect(secret).toMatch(/^whsec_/);
    expect(channel.secretHint).toBe(secret.slice(-4));
    expect(channel.type === 'webhook' && channel.config.inboundUrl).toBe(
      `${process.env.PUBLIC_BASE_URL}/api/hooks/webhook/${channel.id}`,
    );
    expect(JSON.stringify(await getChannel(channel.id))).not.toContain(secret);
    expect(JSON.stringify(await listChannels())).not.toContain(secret);
  });

  it('accepts a signed message (once per messageId) and refuses a bad or stale signature', async () => {
    const body = {
      messageId: 'form-1',
      from: { id: 'visitor-42', name: 'Katherine Johnson', email: 'kj@example.com' },
      text: 'Quote please',
      attachments: [{ name: 'plan.pdf', url: 'https://files.example.com/plan.pdf' }],
    };
    const forged = await postInbound(
      body,
      WebhookReceiver.sign('whsec_' + Buffer.from('x'.repeat(32)).toString('base64'), JSON.stringify(body)),
    );
    expect(forged.status).toBe(401);
    const stale = await postInbound(
      body,
      WebhookReceiver.sign(secret, JSON.stringify(body), new Date(Date.now() - 3_600_000)),
    );
    expect(stale.status).toBe(401);
    expect(await leadsNamed('Katherine Johnson')).toEqual([]);

    expect((await postInbound(body)).status).toBe(200);
    expect((await postInbound(body)).status).toBe(200);
    const lead = await leadOf('Katherine Johnson');
    expect(lead).toMatchObject({ channel: 'webhook', status: 'contact_received' });
    expect((await messagesWith(lead.id)).map((message) => message.message)).toEqual([
      'Quote please\n[attachment] plan.pdf https://files.example.com/plan.pdf',
    ]);
    // A signed body of the wrong shape is a 400 that stores nothing.
    expect((await postInbound({ messageId: 'form-2', from: { id: '' } })).status).toBe(400);
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', 'Address not allowed: 169.254.169.254 is link-local'],
    ['http://10.0.0.1/hook', 'Address not allowed: 10.0.0.1 is private'],
    ['http://[::169.254.169.254]/hook', 'Address not allowed: ::a9fe:a9fe is IPv4-compatible'],
  ])(
    'refuses an outbound URL the server may not call (%s): 400 on outboundUrl, on connect and on edit',
    async (url, message) => {
      const before = await listChannels();
      const connected = await connect({ type: 'webhook', name: 'Inside job', outboundUrl: url });
      expect(connected.status).toBe(400);
      expect(connected.body).toEqual({ errors: { outboundUrl: [message] } });
      expect(await listChannels()).toHaveLength(before.length);
      const current = await getChannel(channel.id);
      const edited = await admin.request('PATCH', `/api/apps/channels/${channel.id}`, {
        body: { outboundUrl: url, version: current.version },
      });
      expect(edited.status).toBe(400);
      expect(edited.body).toEqual({ errors: { outboundUrl: [message] } });
      expect((await getChannel(channel.id)).config).toEqual(current.config);
    },
  );

  it('posts replies to the outbound URL, signed with the channel secret', async () => {
    const lead = await leadOf('Katherine Johnson');
    const sent = await admin.request<SendMessageResponse>('POST', `/api/apps/chat/chats/${lead.id}`, {
      body: { message: 'Here is your quote' },
    });
    const received = await receiver.waitFor((item) => (item.body as { text?: string }).text === 'Here is your quote');
    expect(received.verified).toBe(true);
    expect(received.body).toMatchObject({ type: 'message', messageId: sent.body.msg.id, to: { id: 'visitor-42' } });
    const delivery = await eventually(async () => {
      const found = (await messagesWith(lead.id)).find((message) => message.id === sent.body.msg.id)?.delivery;
      return found?.status === 'delivered' ? found : undefined;
    }, 'delivered');
    expect(delivery).toEqual({ status: 'delivered' });
  });
});

describe('managing channels', () => {
  it('edits from the version read (stale is 409), tests in the background, and removes a bot with its webhook', async () => {
    const { token, channel } = await connectTelegram('Editable bot');
    const renamed = await admin.request<ChannelResponse>('PATCH', `/api/apps/channels/${channel.id}`, {
      body: { name: 'Renamed bot', version: channel.version },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.channel).toMatchObject({ name: 'Renamed bot', version: channel.version + 1 });
    const stale = await admin.request('PATCH', `/api/apps/channels/${channel.id}`, {
      body: { name: 'Lost edit', version: channel.version },
    });
    expect(stale.status).toBe(409);
    const foreign = await admin.request('PATCH', `/api/apps/channels/${channel.id}`, {
      body: { fromAddress: 'a@example.com', version: renamed.body.channel.version },
    });
    expect(foreign.status).toBe(400);

    const tested = await admin.request<ChannelResponse>('POST', `/api/apps/channels/${channel.id}/test`, {
      body: { to: '424242' },
    });
    expect(tested.status).toBe(202);
    expect(tested.body.channel.lastTest?.status).toBe('pending');
    const call = await telegram.waitForCall(
      (candidate) => candidate.method === 'sendMessage' && candidate.body.chat_id === '424242',
    );
    expect(String(call.body.text)).toContain('Test message from Orbit');
    await eventually(
      async () => ((await getChannel(channel.id)).lastTest?.status === 'sent' ? true : undefined),
      'test sent',
    );

    const removed = await admin.request('DELETE', `/api/apps/channels/${channel.id}`);
    expect(removed.status).toBe(204);
    expect((await admin.request('GET', `/api/apps/channels/${channel.id}`)).status).toBe(404);
    await telegram.waitForCall((candidate) => candidate.method === 'deleteWebhook' && candidate.token === token);
    expect(telegram.webhookOf(token)).toBeUndefined();
  });

  it('lists a failed test job for the admin and replays it', async () => {
    const { channel } = await connectTelegram('Flaky bot');
    telegram.failNext('sendMessage', { status: 403, description: 'Forbidden: bot was blocked by the user' });
    await admin.request('POST', `/api/apps/channels/${channel.id}/test`, { body: { to: '777' } });
    const failed = await eventually(async () => {
      const current = await getChannel(channel.id);
      return current.lastTest?.status === 'failed' ? current : undefined;
    }, 'the test to fail');
    expect(failed.lastTest?.error).toBe('Telegram: Forbidden: bot was blocked by the user');
    // The job records the failure on the channel before the worker files the job as dead, so wait for the latter.
    const item = await eventually(async () => {
      const work = await admin.request<WorkResponse>('GET', '/api/apps/channels/work');
      return work.body.items.find((candidate) => candidate.kind === 'channel.test' && candidate.status === 'dead');
    }, 'the dead test job');
    expect(item.label).toBe('Test message through Flaky bot');
    const replayed = await admin.request('POST', `/api/apps/channels/work/${item.id}/replay`);
    expect(replayed.status).toBe(200);
    await eventually(
      async () => ((await getChannel(channel.id)).lastTest?.status === 'sent' ? true : undefined),
      'replayed test',
    );
  });

  it('shows a channel as failing after three failed sends in a row, with the last error; a success clears it', async () => {
    const { channel } = await connectTelegram('Failing bot');
    telegram.failNext('sendMessage', { status: 401, description: 'Unauthorized', times: 3 });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await admin.request('POST', `/api/apps/channels/${channel.id}/test`, { body: { to: `90${attempt}` } });
      await eventually(
        async () => ((await getChannel(channel.id)).lastTest?.status === 'failed' ? true : undefined),
        `test ${attempt} to fail`,
      );
    }
    const failing = await eventually(async () => {
      const current = await getChannel(channel.id);
      return current.status === 'failing' ? current : undefined;
    }, 'the channel to show as failing');
    expect(failing.lastError).toBe('Telegram: Unauthorized');
    await admin.request('POST', `/api/apps/channels/${channel.id}/test`, { body: { to: '904' } });
    const healthy = await eventually(async () => {
      const current = await getChannel(channel.id);
      return current.status === 'active' ? current : undefined;
    }, 'the channel to recover');
    expect(healthy).toMatchObject({ lastError: null, lastTest: { status: 'sent' } });
  });

  it('refuses an owner who is not an admin (400, nothing changed)', async () => {
    const { channel } = await connectTelegram('Owned bot');
    const response = await admin.request('PATCH', `/api/apps/channels/${channel.id}`, {
      body: { ownerId: clientAId, version: channel.version },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors: { ownerId: ['The owner must be a staff member who may read channels'] } });
    expect(await getChannel(channel.id)).toMatchObject({ ownerId: adminId, version: channel.version });
  });

  it('shows leads on the board by status with counts and their channel; moving one is the chat status change', async () => {
    const bot = await connectTelegram('Board bot');
    const user = newTelegramUser('Hedy');
    await telegram.postUpdate(bot.token, telegram.textUpdate(user, 'hi'));
    const lead = await leadOf(`${user.first_name} ${user.last_name}`);
    const board = await leadBoard();
    expect(board.columns.map((column) => column.status)).toEqual([
      'contact_received',
      'interest_shown',
      'success',
      'closed',
    ]);
    for (const column of board.columns) expect(column.count).toBe(column.leads.length);
    const received = board.columns[0]?.leads.find((card) => card.id === lead.id);
    expect(received?.channel).toEqual({ id: bot.channel.id, type: 'telegram', name: 'Board bot' });
    const moved = await admin.request('POST', '/api/apps/chat/contacts', {
      body: { userId: lead.id, status: 'interest_shown' },
    });
    expect(moved.status).toBe(200);
    const after = await leadBoard();
    expect(after.columns[1]?.leads.some((card) => card.id === lead.id)).toBe(true);
    expect(after.columns[0]?.leads.some((card) => card.id === lead.id)).toBe(false);
  });

  it('refuses clients on every channels route (403)', async () => {
    const channel = (await listChannels())[0];
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/apps/channels'],
      ['POST', '/api/apps/channels', { type: 'sms', name: 'Mine' }],
      ['GET', '/api/apps/channels/leads'],
      ['GET', '/api/apps/channels/work'],
      ['POST', '/api/apps/channels/work/some-job/replay'],
      ['GET', `/api/apps/channels/${channel?.id}`],
      ['PATCH', `/api/apps/channels/${channel?.id}`, { name: 'x', version: 1 }],
      ['DELETE', `/api/apps/channels/${channel?.id}`],
      ['POST', `/api/apps/channels/${channel?.id}/pause`, {}],
      ['POST', `/api/apps/channels/${channel?.id}/resume`, {}],
      ['POST', `/api/apps/channels/${channel?.id}/test`, { to: '1' }],
    ];
    for (const [method, path, body] of calls) {
      const response = await clientA.request(method, path, body === undefined ? {} : { body });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect((await getChannel(channel?.id ?? '')).status).not.toBe('paused');
  });
});

describe('secrets', () => {
  it('never appear in any response: bot tokens, hook secret tokens, webhook secrets after creation', () => {
    const botTokens = telegram.calls.map((call) => call.token).filter((token) => token.includes(':'));
    const hookTokens = telegram.callsOf('setWebhook').map((call) => String(call.body.secret_token));
    expect(botTokens.length).toBeGreaterThan(3);
    expect(hookTokens.length).toBeGreaterThan(3);
    const everything = seenBodies.join('\n');
    for (const secret of [...new Set([...botTokens, ...hookTokens])]) expect(everything).not.toContain(secret);
  });
});
