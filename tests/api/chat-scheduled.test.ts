import { DynamoDBClient, paginateScan } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ConnectChannelResponse } from '@orbit/functions/channels/contract';
import type { ChatsAndContactsResponse, OpenChatResponse } from '@orbit/functions/chat/contract';
import { chatJobs } from '@orbit/functions/chat/jobs';
import type {
  ScheduledFrame,
  ScheduledListResponse,
  ScheduledMessage,
  ScheduledResponse,
} from '@orbit/functions/chat/scheduled-contract';
import { getScheduled } from '@orbit/functions/chat/scheduled-repository';
import { db } from '@orbit/functions/core/db';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { scheduledMessageEntity } from '@orbit/functions/chat/entities';
import { jobEntity } from '@orbit/functions/core/jobs/entities';
import type { JobRecord } from '@orbit/functions/core/jobs/records';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, registerNewClient, startApiStack } from '../support/api-stack';
import { WebhookReceiver } from '../support/webhook-receiver';
import { WsClient } from '../support/ws-client';

/**
 * Send later over HTTP against the local stack, whose tick runs due jobs (about every second):
 * an admin schedules a message, it arrives in the chat when due (seen live, never waited for with
 * a sleep), it can be edited or cancelled until then and not after, clients may not schedule, bad
 * input stores nothing, and a send run twice (a crash, a duplicate delivery) sends once.
 */

// The channel's webhook receiver is on loopback: allowed on one machine only (core/outbound-address.ts).
process.env.WEBHOOK_ALLOW_LOOPBACK = '1';

let stack: LocalStack;
let admin: ApiClient;
let adminId = '';
let clientA: ApiClient;
let clientAId = '';
let adminSocket: WsClient;

const signedIn = async (account: { phone: string; password: string }) => {
  const client = new ApiClient(stack.url);
  const response = await client.signIn(account.phone, account.password);
  if (response.status !== 201) throw new Error(`sign-in answered ${response.status}`);
  return { client, id: response.body.userData.id };
};

const newClient = (name: string) => registerNewClient(stack.url, name);

const path = (contactId: string, scheduledId?: string) =>
  `/api/apps/chat/chats/${contactId}/scheduled${scheduledId ? `/${scheduledId}` : ''}`;
const schedule = (client: ApiClient, contactId: string, body: unknown) =>
  client.request<ScheduledResponse>('POST', path(contactId), { body });
const listScheduled = (client: ApiClient, contactId: string) =>
  client.request<ScheduledListResponse>('GET', path(contactId));
const edit = (client: ApiClient, contactId: string, scheduledId: string, body: unknown) =>
  client.request<ScheduledResponse>('PATCH', path(contactId, scheduledId), { body });
const cancel = (client: ApiClient, contactId: string, scheduledId: string) =>
  client.request('DELETE', path(contactId, scheduledId));
const messagesOf = async (client: ApiClient, contactId: string) =>
  (await client.request<OpenChatResponse>('GET', `/api/apps/chat/chats/${contactId}`)).body.chat?.messages ?? [];

const readJob = async (jobId: string): Promise<JobRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: stack.tableName, Key: jobEntity.key(jobId), ConsistentRead: true }),
  );
  return Item ? jobEntity.fromItem(Item) : undefined;
};

/** Rewrites a job as a worker's claim that lapsed: it was killed mid-run, the tick finds it. */
const killedMidRun = async (job: JobRecord): Promise<void> => {
  const leaseUntil = new Date(Date.now() - 1_000).toISOString();
  const running: JobRecord = { ...job, status: 'running', leaseUntil, version: job.version + 1 };
  await db().send(new PutCommand({ TableName: stack.tableName, Item: jobEntity.toItem(running) }));
};

/** Polls until `read` gives a value that passes `done` (the tick's work is asynchronous). */
const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** Every item in the table: a refused request must not change the count. */
const itemCount = async (): Promise<number> => {
  const client = new DynamoDBClient({});
  let count = 0;
  try {
    for await (const page of paginateScan({ client }, { TableName: stack.tableName, Select: 'COUNT' }))
      count += page.Count ?? 0;
  } finally {
    client.destroy();
  }
  return count;
};

/** The admin's tabs hear when a scheduled message of theirs is sent. */
const sentFrame = (scheduledId: string) =>
  adminSocket.next<ScheduledFrame>(
    (frame) =>
      frame.type === 'scheduled' &&
      (frame as unknown as ScheduledFrame).scheduled.id === scheduledId &&
      (frame as unknown as ScheduledFrame).scheduled.status === 'sent',
    20_000,
  );

beforeAll(async () => {
  stack = await startApiStack();
  ({ client: admin, id: adminId } = await signedIn(demo.admin));
  ({ client: clientA, id: clientAId } = await signedIn(demo.clientA));
  adminSocket = await WsClient.connect(stack.url, admin.accessToken);
});
afterAll(async () => {
  await adminSocket.close();
  await stack.stop();
});

describe('scheduling a message', () => {
  it('sends it into the chat when due, live to the contact and to the admin, as the admin', async () => {
    const lead = await newClient('Later Lovelace');
    const leadSocket = await WsClient.connect(stack.url, lead.client.accessToken);
    try {
      const created = await schedule(admin, lead.id, { message: 'See you at the meeting', sendAt: inSeconds(2) });
      expect(created.status).toBe(201);
      const { scheduled } = created.body;
      expect(scheduled).toMatchObject({
        contactId: lead.id,
        message: 'See you at the meeting',
        status: 'scheduled',
        version: 1,
      });
      expect((await listScheduled(admin, lead.id)).body.scheduled.map((item) => item.id)).toEqual([scheduled.id]);
      // Not before its time: the chat is still empty right after scheduling.
      expect(await messagesOf(lead.client, adminId)).toEqual([]);

      const arrived = await leadSocket.next<{
        contactId: string;
        msg: { id: string; message: string; senderId: string };
      }>((frame) => frame.type === 'message', 20_000);
      expect(arrived.contactId).toBe(adminId);
      expect(arrived.msg).toMatchObject({ message: 'See you at the meeting', senderId: adminId });
      const sent = await sentFrame(scheduled.id);
      expect(sent.scheduled).toMatchObject({ status: 'sent', messageId: arrived.msg.id, contactId: lead.id });
      expect(Date.parse(sent.scheduled.sentAt ?? '')).toBeGreaterThanOrEqual(Date.parse(scheduled.sendAt));

      const messages = await messagesOf(lead.client, adminId);
      expect(messages.map((message) => message.message)).toEqual(['See you at the meeting']);
      // Once sent: off the list, and too late to edit or cancel.
      expect((await listScheduled(admin, lead.id)).body.scheduled).toEqual([]);
      const late = await edit(admin, lead.id, scheduled.id, { message: 'Too late', version: scheduled.version });
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ errors: { scheduled: ['This scheduled message has already been sent'] } });
      expect((await cancel(admin, lead.id, scheduled.id)).status).toBe(409);
    } finally {
      await leadSocket.close();
    }
  });

  it('lists the caller’s scheduled messages to a contact soonest first', async () => {
    const contact = await newClient('Order Ada');
    const later = await schedule(admin, contact.id, { message: 'Second', sendAt: inSeconds(7200) });
    const sooner = await schedule(admin, contact.id, { message: 'First', sendAt: inSeconds(3600) });
    const { status, body } = await listScheduled(admin, contact.id);
    expect(status).toBe(200);
    expect(body.scheduled.map((item) => item.message)).toEqual(['First', 'Second']);
    expect(body.scheduled.map((item) => item.id)).toEqual([sooner.body.scheduled.id, later.body.scheduled.id]);
  });

  it('edits text and time before sending (a stale version is 409), and sends the edited message at the new time', async () => {
    const contact = await newClient('Edit Ada');
    const { scheduled } = (await schedule(admin, contact.id, { message: 'Draft', sendAt: inSeconds(3600) })).body;

    const edited = await edit(admin, contact.id, scheduled.id, { message: 'Final', version: 1 });
    expect(edited.status).toBe(200);
    expect(edited.body.scheduled).toMatchObject({ message: 'Final', version: 2, sendAt: scheduled.sendAt });

    const stale = await edit(admin, contact.id, scheduled.id, { message: 'Lost update', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ current: { message: 'Final', version: 2 } });

    // Moved from an hour ahead to two seconds ahead: its job moves with it.
    const moved = await edit(admin, contact.id, scheduled.id, { sendAt: inSeconds(2), version: 2 });
    expect(moved.status).toBe(200);
    const sent = await sentFrame(scheduled.id);
    expect(sent.scheduled.message).toBe('Final');
    expect((await messagesOf(contact.client, adminId)).map((message) => message.message)).toEqual(['Final']);
  });

  it('cancels before sending: it never arrives, and cancelling again is 409', async () => {
    const contact = await newClient('Cancel Ada');
    const doomed = (await schedule(admin, contact.id, { message: 'Never sent', sendAt: inSeconds(2) })).body.scheduled;
    const kept = (await schedule(admin, contact.id, { message: 'Sent after', sendAt: inSeconds(4) })).body.scheduled;
    expect((await cancel(admin, contact.id, doomed.id)).status).toBe(204);
    expect((await listScheduled(admin, contact.id)).body.scheduled.map((item) => item.id)).toEqual([kept.id]);
    const again = await cancel(admin, contact.id, doomed.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errors: { scheduled: ['This scheduled message was cancelled'] } });
    expect((await edit(admin, contact.id, doomed.id, { message: 'Revived', version: doomed.version })).status).toBe(
      409,
    );

    // The kept one was due after the cancelled one: once it has arrived, the cancelled one would have too.
    await sentFrame(kept.id);
    expect((await messagesOf(contact.client, adminId)).map((message) => message.message)).toEqual(['Sent after']);
  });
});

describe('to a contact on a channel', () => {
  it('goes out through the channel (a signed webhook reply) when due, once', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const connected = await admin.request<ConnectChannelResponse>('POST', '/api/apps/channels', {
        body: { type: 'webhook', name: 'Later form', outboundUrl: receiver.url },
      });
      expect(connected.status).toBe(201);
      const secret = connected.body.signingSecret ?? '';
      receiver.trust(secret);
      // A visitor writes through the webhook: a lead on that channel.
      const raw = JSON.stringify({
        messageId: 'later-1',
        from: { id: 'visitor-later', name: 'Grace Later' },
        text: 'Hi',
      });
      const inbound = await fetch(`${stack.url}/api/hooks/webhook/${connected.body.channel.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...WebhookReceiver.sign(secret, raw) },
        body: raw,
      });
      expect(inbound.status).toBe(200);
      const lead = await eventually(
        async () =>
          (
            await admin.request<ChatsAndContactsResponse>('GET', '/api/apps/chat/chats-and-contacts')
          ).body.contacts.find((contact) => contact.fullName === 'Grace Later'),
        (found) => found !== undefined,
      );
      if (!lead) throw new Error('no lead for the visitor');

      const { scheduled } = (
        await schedule(admin, lead.id, { message: 'Your quote, as promised', sendAt: inSeconds(2) })
      ).body;
      const received = await receiver.waitFor(
        (item) => (item.body as { text?: string }).text === 'Your quote, as promised',
        20_000,
      );
      const sent = await sentFrame(scheduled.id);
      expect(received.verified).toBe(true);
      expect(received.body).toMatchObject({ messageId: sent.scheduled.messageId, to: { id: 'visitor-later' } });
      const message = await eventually(
        async () => (await messagesOf(admin, lead.id)).find((item) => item.id === sent.scheduled.messageId),
        (found) => found?.delivery?.status === 'delivered',
      );
      expect(message).toMatchObject({ channel: 'webhook', delivery: { status: 'delivered' } });
      expect(
        receiver.received.filter((item) => (item.body as { text?: string }).text === 'Your quote, as promised'),
      ).toHaveLength(1);
    } finally {
      await receiver.stop();
    }
  });
});

describe('while it is being sent', () => {
  it('refuses edits and cancelling with 409 once the worker has claimed its job', async () => {
    const contact = await newClient('Claimed Ada');
    const { scheduled } = (await schedule(admin, contact.id, { message: 'In flight', sendAt: inSeconds(3600) })).body;
    const job = await readJob(`chat-scheduled-${scheduled.id}`);
    if (!job) throw new Error('the schedule has no job');
    expect(job).toMatchObject({ kind: 'chat.scheduled-send', status: 'queued', runAt: scheduled.sendAt });
    // A worker holds the claim (its lease an hour long: the tick leaves it alone).
    const claim: JobRecord = {
      ...job,
      status: 'running',
      leaseUntil: inSeconds(3600),
      version: job.version + 1,
    };
    await db().send(new PutCommand({ TableName: stack.tableName, Item: jobEntity.toItem(claim) }));

    const edited = await edit(admin, contact.id, scheduled.id, { message: 'Too late', version: 1 });
    expect(edited.status).toBe(409);
    expect(edited.body).toMatchObject({ errors: { scheduled: ['This scheduled message is being sent'] } });
    expect((await cancel(admin, contact.id, scheduled.id)).status).toBe(409);
    // Neither the schedule nor the job changed.
    expect((await listScheduled(admin, contact.id)).body.scheduled).toEqual([scheduled]);
    expect(await readJob(job.id)).toMatchObject({ status: 'running', version: claim.version });
  });
});

describe('who may schedule', () => {
  it('refuses clients with 403, whatever they send', async () => {
    const { scheduled } = (await schedule(admin, clientAId, { message: 'For A', sendAt: inSeconds(3600) })).body;
    expect((await listScheduled(clientA, adminId)).status).toBe(403);
    expect((await schedule(clientA, adminId, { message: 'Hi', sendAt: inSeconds(60) })).status).toBe(403);
    expect((await edit(clientA, clientAId, scheduled.id, { message: 'Hijack', version: 1 })).status).toBe(403);
    expect((await cancel(clientA, clientAId, scheduled.id)).status).toBe(403);
    expect(
      (await listScheduled(admin, clientAId)).body.scheduled.find((item) => item.id === scheduled.id),
    ).toMatchObject({
      message: 'For A',
      version: 1,
    });
  });

  it('answers 404 for a contact that does not exist and for a schedule that is not the caller’s', async () => {
    expect((await schedule(admin, 'nobody-here', { message: 'Hi', sendAt: inSeconds(60) })).status).toBe(404);
    expect((await edit(admin, clientAId, 'not-a-schedule', { message: 'Hi', version: 1 })).status).toBe(404);
    expect((await cancel(admin, clientAId, 'not-a-schedule')).status).toBe(404);
  });
});

describe('bad input', () => {
  it('is a 400 on the field, with nothing stored', async () => {
    const before = await itemCount();
    const cases: [unknown, string][] = [
      [{ message: 'Hi', sendAt: new Date(Date.now() - 60_000).toISOString() }, 'sendAt'],
      [{ message: 'Hi', sendAt: new Date(Date.now() + 400 * 86_400_000).toISOString() }, 'sendAt'],
      [{ message: 'Hi', sendAt: '2030-01-01T10:00' }, 'sendAt'],
      [{ message: 'Hi' }, 'sendAt'],
      [{ message: '   ', sendAt: inSeconds(60) }, 'message'],
      [{ message: 'x'.repeat(4001), sendAt: inSeconds(60) }, 'message'],
      [{ sendAt: inSeconds(60) }, 'message'],
    ];
    for (const [body, field] of cases) {
      const response = await schedule(admin, clientAId, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys((response.body as unknown as { errors: Record<string, string[]> }).errors)).toContain(field);
    }
    const { scheduled } = (await schedule(admin, clientAId, { message: 'Valid', sendAt: inSeconds(3600) })).body;
    const afterValid = await itemCount();
    for (const body of [
      { version: 1 },
      { message: 'Hi', sendAt: new Date(Date.now() - 1000).toISOString(), version: 1 },
      { message: '', version: 1 },
      { message: 'Hi' },
    ]) {
      expect((await edit(admin, clientAId, scheduled.id, body)).status).toBe(400);
    }
    expect(await itemCount()).toBe(afterValid);
    // The valid one added its schedule and its job: two items, nothing else.
    expect(afterValid - before).toBe(2);
    expect(
      (await listScheduled(admin, clientAId)).body.scheduled.find((item) => item.id === scheduled.id),
    ).toMatchObject({
      message: 'Valid',
      version: 1,
    });
  });
});

describe('a send run more than once', () => {
  it('sends once when the worker is killed after sending and the tick runs the job again', async () => {
    const contact = await newClient('Killed Ada');
    const { scheduled } = (await schedule(admin, contact.id, { message: 'Survives a kill', sendAt: inSeconds(2) }))
      .body;
    const sent = await sentFrame(scheduled.id);
    const jobId = `chat-scheduled-${scheduled.id}`;
    const done = await eventually(
      () => readJob(jobId),
      (job) => job?.status === 'done',
    );
    if (done?.status !== 'done') throw new Error(`the job ended ${done?.status ?? 'missing'}`);

    // As if the worker had died after the message went out, before anything was recorded: the
    // schedule still "scheduled", the job still running with a lease that has lapsed.
    await db().send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: scheduledMessageEntity.key(adminId, contact.id, scheduled.id),
        UpdateExpression: 'SET #status = :scheduled REMOVE sentAt',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':scheduled': 'scheduled' },
      }),
    );
    await killedMidRun(done);
    const rerun = await eventually(
      () => readJob(jobId),
      (job) => job?.status === 'done' && job.version > done.version + 1,
    );
    expect(rerun).toMatchObject({ status: 'done', result: { messageId: sent.scheduled.messageId } });
    expect(rerun?.attempts).toBe(done.attempts + 1);
    expect((await messagesOf(contact.client, adminId)).map((message) => message.message)).toEqual(['Survives a kill']);
    expect(await getScheduled({ ownerId: adminId, contactId: contact.id, id: scheduled.id })).toMatchObject({
      status: 'sent',
      messageId: sent.scheduled.messageId,
    });
  });

  it('sends once when two runs race, and once again when a run repeats after a crash', async () => {
    const contact = await newClient('Twice Ada');
    // An hour ahead, so the tick leaves it alone: the runs below are the worker's, by hand.
    const { scheduled } = (await schedule(admin, contact.id, { message: 'Exactly once', sendAt: inSeconds(3600) }))
      .body;
    const definition = chatJobs['chat.scheduled-send'];
    const payload = { ownerId: adminId, contactId: contact.id, scheduledId: scheduled.id };
    const job = { id: `chat-scheduled-${scheduled.id}` } as JobRecord;
    const run = () =>
      definition.run(payload, { job, attempt: 1, now: new Date(), signal: new AbortController().signal });

    // At-least-once delivery can hand the same job to two workers at once.
    await Promise.all([run(), run()]);
    const first = await messagesOf(contact.client, adminId);
    expect(first.map((message) => message.message)).toEqual(['Exactly once']);
    const record = await getScheduled({ ownerId: adminId, contactId: contact.id, id: scheduled.id });
    expect(record).toMatchObject({ status: 'sent', messageId: first[0]?.id });

    // A worker killed after the send but before recording it: the schedule still says
    // "scheduled", and the job runs again.
    await db().send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: scheduledMessageEntity.key(adminId, contact.id, scheduled.id),
        UpdateExpression: 'SET #status = :scheduled REMOVE sentAt',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':scheduled': 'scheduled' },
      }),
    );
    await expect(run()).resolves.toEqual({ messageId: first[0]?.id });
    expect((await messagesOf(contact.client, adminId)).map((message) => message.id)).toEqual([first[0]?.id]);
    expect(await getScheduled({ ownerId: adminId, contactId: contact.id, id: scheduled.id })).toMatchObject({
      status: 'sent',
    });
    // And a run after it was recorded does nothing at all.
    await expect(run()).resolves.toEqual({ skipped: 'sent' });
    expect(await messagesOf(contact.client, adminId)).toHaveLength(1);
    const list: ScheduledMessage[] = (await listScheduled(admin, contact.id)).body.scheduled;
    expect(list).toEqual([]);
  });
});
