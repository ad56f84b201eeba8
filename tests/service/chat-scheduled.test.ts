import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';

import { scheduledMessageEntity } from '@orbit/functions/chat/entities';
import { chatJobs } from '@orbit/functions/chat/jobs';
import {
  createScheduledRequest,
  updateScheduledRequest,
  type ScheduledFrame,
} from '@orbit/functions/chat/scheduled-contract';
import { getScheduled } from '@orbit/functions/chat/scheduled-repository';
import {
  cancelScheduledMessage,
  listScheduledMessages,
  scheduleMessage,
  updateScheduledMessage,
} from '@orbit/functions/chat/scheduled-service';
import { openChat } from '@orbit/functions/chat/service';
import type { Caller } from '@orbit/functions/core/caller';
import { db } from '@orbit/functions/core/db';
import type { ConflictError } from '@orbit/functions/core/errors';
import { jobEntity } from '@orbit/functions/core/jobs/entities';
import type { JobRecord } from '@orbit/functions/core/jobs/records';
import { tableName } from '@orbit/functions/core/table';

import { demo } from '../support/api-stack';
import { WebhookReceiver } from '../support/webhook-receiver';

import { connectWebhookChannel, writeThroughWebhook } from './support/background-channels';
import { callerOf, fieldsOf, newClient, parsed, refusal } from './support/background-people';
import { useLivePushes } from './support/background-push';
import { countItems } from './support/background-table';
import { hours, minutes, seconds, useTestClock } from './support/clock';
import { drainJobs } from './support/drain-jobs';
import { useLocalMail } from './support/local-mail';
import { copySeededWorkspace } from './support/seeded-workspace';

/**
 * Send later at the service (docs/decisions.md, "Send later"): an admin schedules a message, it
 * arrives in the chat when due (the clock moved to its time and the due work drained, pushed live
 * to the contact's and the admin's tabs), it can be edited or cancelled until then and not after,
 * clients may not schedule (403), bad input stores nothing (400), and a send run twice (a crash,
 * a duplicate delivery) sends once. The routes' wiring is shown in tests/api/chat.test.ts.
 */

// The channel's webhook receiver is on loopback: allowed on one machine only (core/outbound-address.ts).
process.env.WEBHOOK_ALLOW_LOOPBACK = '1';

const clock = useTestClock();
const live = await useLivePushes();
// The new clients' and admins' notification digests come due as the clock moves: they go here.
await useLocalMail();

let admin: Caller & { id: string };
let clientA: Caller & { id: string };
let adminTab = '';

beforeAll(async () => {
  await copySeededWorkspace();
  [admin, clientA] = await Promise.all([callerOf(demo.admin), callerOf(demo.clientA)]);
  adminTab = await live.open({ id: admin.id, role: 'admin' });
});

const schedule = (caller: Caller, contactId: string, body: unknown) =>
  scheduleMessage(caller, () => ({ contactId }), parsed(createScheduledRequest, body));
const listScheduled = async (caller: Caller, contactId: string) =>
  (await listScheduledMessages(caller, () => ({ contactId }))).scheduled;
const edit = (caller: Caller, contactId: string, scheduledId: string, body: unknown) =>
  updateScheduledMessage(caller, () => ({ contactId, scheduledId }), parsed(updateScheduledRequest, body));
const cancel = (caller: Caller, contactId: string, scheduledId: string) =>
  cancelScheduledMessage(caller, () => ({ contactId, scheduledId }));
const messagesOf = async (caller: Caller, contactId: string) =>
  (await openChat(caller, () => ({ contactId }))).chat?.messages ?? [];

const readJob = async (jobId: string): Promise<JobRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: jobEntity.key(jobId), ConsistentRead: true }),
  );
  return Item ? jobEntity.fromItem(Item) : undefined;
};

/** Rewrites a job as a worker's claim that lapsed: it was killed mid-run, the tick finds it. */
const killedMidRun = async (job: JobRecord): Promise<void> => {
  const leaseUntil = new Date(Date.now() - 1 * seconds).toISOString();
  const running: JobRecord = { ...job, status: 'running', leaseUntil, version: job.version + 1 };
  await db().send(new PutCommand({ TableName: tableName(), Item: jobEntity.toItem(running) }));
};

/** As if the worker had died after the message went out, before the schedule recorded it. */
const unrecorded = (ownerId: string, contactId: string, scheduledId: string) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: scheduledMessageEntity.key(ownerId, contactId, scheduledId),
      UpdateExpression: 'SET #status = :scheduled REMOVE sentAt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':scheduled': 'scheduled' },
    }),
  );

const inFromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

/** The frames the admin's tab got telling that a scheduled message of theirs was sent. */
const sentFrames = (scheduledId: string) =>
  live
    .framesTo<ScheduledFrame>(adminTab)
    .filter(
      (frame) => frame.type === 'scheduled' && frame.scheduled.id === scheduledId && frame.scheduled.status === 'sent',
    );

describe('scheduling a message', () => {
  it('sends it into the chat when due, live to the contact and to the admin, as the admin', async () => {
    const lead = await newClient('Later Lovelace');
    const leadTab = await live.open({ id: lead.id, role: 'client' });
    const { scheduled } = await schedule(admin, lead.id, {
      message: 'See you at the meeting',
      sendAt: inFromNow(1 * hours),
    });
    expect(scheduled).toMatchObject({
      contactId: lead.id,
      message: 'See you at the meeting',
      status: 'scheduled',
      version: 1,
    });
    expect((await listScheduled(admin, lead.id)).map((item) => item.id)).toEqual([scheduled.id]);
    // Not before its time: the chat is still empty when everything due has run.
    await drainJobs();
    expect(await messagesOf(lead.caller, admin.id)).toEqual([]);

    clock.advance(1 * hours);
    await drainJobs();
    const arrived = live
      .framesTo<{ type: string; contactId: string; msg: { id: string; message: string; senderId: string } }>(leadTab)
      .filter((frame) => frame.type === 'message');
    expect(arrived).toHaveLength(1);
    expect(arrived[0]?.contactId).toBe(admin.id);
    expect(arrived[0]?.msg).toMatchObject({ message: 'See you at the meeting', senderId: admin.id });
    const [sent] = sentFrames(scheduled.id);
    expect(sent?.scheduled).toMatchObject({ status: 'sent', messageId: arrived[0]?.msg.id, contactId: lead.id });
    expect(Date.parse(sent?.scheduled.sentAt ?? '')).toBeGreaterThanOrEqual(Date.parse(scheduled.sendAt));

    const messages = await messagesOf(lead.caller, admin.id);
    expect(messages.map((message) => message.message)).toEqual(['See you at the meeting']);
    // Once sent: off the list, and too late to edit or cancel.
    expect(await listScheduled(admin, lead.id)).toEqual([]);
    const late = await refusal(edit(admin, lead.id, scheduled.id, { message: 'Too late', version: scheduled.version }));
    expect(late.status).toBe(409);
    expect(fieldsOf(late)).toEqual({ scheduled: ['This scheduled message has already been sent'] });
    expect((await refusal(cancel(admin, lead.id, scheduled.id))).status).toBe(409);
  });

  it('lists the caller’s scheduled messages to a contact soonest first', async () => {
    const contact = await newClient('Order Ada');
    const later = await schedule(admin, contact.id, { message: 'Second', sendAt: inFromNow(2 * hours) });
    const sooner = await schedule(admin, contact.id, { message: 'First', sendAt: inFromNow(1 * hours) });
    const listed = await listScheduled(admin, contact.id);
    expect(listed.map((item) => item.message)).toEqual(['First', 'Second']);
    expect(listed.map((item) => item.id)).toEqual([sooner.scheduled.id, later.scheduled.id]);
  });

  it('edits text and time before sending (a stale version is 409), and sends the edited message at the new time', async () => {
    const contact = await newClient('Edit Ada');
    const { scheduled } = await schedule(admin, contact.id, { message: 'Draft', sendAt: inFromNow(1 * hours) });

    const edited = await edit(admin, contact.id, scheduled.id, { message: 'Final', version: 1 });
    expect(edited.scheduled).toMatchObject({ message: 'Final', version: 2, sendAt: scheduled.sendAt });

    const stale = await refusal(edit(admin, contact.id, scheduled.id, { message: 'Lost update', version: 1 }));
    expect(stale.status).toBe(409);
    expect((stale as ConflictError).current).toMatchObject({ message: 'Final', version: 2 });

    // Moved from an hour ahead to two minutes ahead: its job moves with it.
    await edit(admin, contact.id, scheduled.id, { sendAt: inFromNow(2 * minutes), version: 2 });
    clock.advance(2 * minutes);
    await drainJobs();
    const [sent] = sentFrames(scheduled.id);
    expect(sent?.scheduled.message).toBe('Final');
    expect((await messagesOf(contact.caller, admin.id)).map((message) => message.message)).toEqual(['Final']);
  });

  it('cancels before sending: it never arrives, and cancelling again is 409', async () => {
    const contact = await newClient('Cancel Ada');
    const doomed = (await schedule(admin, contact.id, { message: 'Never sent', sendAt: inFromNow(2 * minutes) }))
      .scheduled;
    const kept = (await schedule(admin, contact.id, { message: 'Sent after', sendAt: inFromNow(4 * minutes) }))
      .scheduled;
    await cancel(admin, contact.id, doomed.id);
    expect((await listScheduled(admin, contact.id)).map((item) => item.id)).toEqual([kept.id]);
    const again = await refusal(cancel(admin, contact.id, doomed.id));
    expect(again.status).toBe(409);
    expect(fieldsOf(again)).toEqual({ scheduled: ['This scheduled message was cancelled'] });
    expect(
      (await refusal(edit(admin, contact.id, doomed.id, { message: 'Revived', version: doomed.version }))).status,
    ).toBe(409);

    // Past both times: only the kept one arrives.
    clock.advance(4 * minutes);
    await drainJobs();
    expect(sentFrames(kept.id)).toHaveLength(1);
    expect(sentFrames(doomed.id)).toEqual([]);
    expect((await messagesOf(contact.caller, admin.id)).map((message) => message.message)).toEqual(['Sent after']);
  });
});

describe('to a contact on a channel', () => {
  it('goes out through the channel (a signed webhook reply) when due, once', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const channel = await connectWebhookChannel(admin, 'Later form', receiver.url);
      receiver.trust(channel.signingSecret);
      // A visitor writes through the webhook: a lead on that channel.
      const leadId = await writeThroughWebhook(channel, {
        messageId: 'later-1',
        from: { id: 'visitor-later', name: 'Grace Later' },
        text: 'Hi',
      });

      const { scheduled } = await schedule(admin, leadId, {
        message: 'Your quote, as promised',
        sendAt: inFromNow(2 * minutes),
      });
      clock.advance(2 * minutes);
      await drainJobs();
      const [sent] = sentFrames(scheduled.id);
      const received = receiver.received.filter(
        (item) => (item.body as { text?: string }).text === 'Your quote, as promised',
      );
      expect(received).toHaveLength(1);
      expect(received[0]?.verified).toBe(true);
      expect(received[0]?.body).toMatchObject({ messageId: sent?.scheduled.messageId, to: { id: 'visitor-later' } });
      const message = (await messagesOf(admin, leadId)).find((item) => item.id === sent?.scheduled.messageId);
      expect(message).toMatchObject({ channel: 'webhook', delivery: { status: 'delivered' } });
    } finally {
      await receiver.stop();
    }
  });
});

describe('while it is being sent', () => {
  it('refuses edits and cancelling with 409 once the worker has claimed its job', async () => {
    const contact = await newClient('Claimed Ada');
    const { scheduled } = await schedule(admin, contact.id, { message: 'In flight', sendAt: inFromNow(1 * hours) });
    const job = await readJob(`chat-scheduled-${scheduled.id}`);
    if (!job) throw new Error('the schedule has no job');
    expect(job).toMatchObject({ kind: 'chat.scheduled-send', status: 'queued', runAt: scheduled.sendAt });
    // A worker holds the claim (its lease an hour long).
    const claim: JobRecord = { ...job, status: 'running', leaseUntil: inFromNow(1 * hours), version: job.version + 1 };
    await db().send(new PutCommand({ TableName: tableName(), Item: jobEntity.toItem(claim) }));

    const edited = await refusal(edit(admin, contact.id, scheduled.id, { message: 'Too late', version: 1 }));
    expect(edited.status).toBe(409);
    expect(fieldsOf(edited)).toEqual({ scheduled: ['This scheduled message is being sent'] });
    expect((await refusal(cancel(admin, contact.id, scheduled.id))).status).toBe(409);
    // Neither the schedule nor the job changed.
    expect(await listScheduled(admin, contact.id)).toEqual([scheduled]);
    expect(await readJob(job.id)).toMatchObject({ status: 'running', version: claim.version });
  });
});

describe('who may schedule', () => {
  it('refuses clients with 403, whatever they send', async () => {
    const { scheduled } = await schedule(admin, clientA.id, { message: 'For A', sendAt: inFromNow(1 * hours) });
    expect((await refusal(listScheduled(clientA, admin.id))).status).toBe(403);
    expect((await refusal(schedule(clientA, admin.id, { message: 'Hi', sendAt: inFromNow(1 * minutes) }))).status).toBe(
      403,
    );
    expect((await refusal(edit(clientA, clientA.id, scheduled.id, { message: 'Hijack', version: 1 }))).status).toBe(
      403,
    );
    expect((await refusal(cancel(clientA, clientA.id, scheduled.id))).status).toBe(403);
    // Whatever they send: refused before the body is read.
    expect((await refusal(schedule(clientA, admin.id, {}))).status).toBe(403);
    expect((await listScheduled(admin, clientA.id)).find((item) => item.id === scheduled.id)).toMatchObject({
      message: 'For A',
      version: 1,
    });
  });

  it('answers 404 for a contact that does not exist and for a schedule that is not the caller’s', async () => {
    expect(
      (await refusal(schedule(admin, 'nobody-here', { message: 'Hi', sendAt: inFromNow(1 * minutes) }))).status,
    ).toBe(404);
    expect((await refusal(edit(admin, clientA.id, 'not-a-schedule', { message: 'Hi', version: 1 }))).status).toBe(404);
    expect((await refusal(cancel(admin, clientA.id, 'not-a-schedule'))).status).toBe(404);
  });
});

describe('bad input', () => {
  it('is a 400 on the field, with nothing stored', async () => {
    const before = await countItems();
    const cases: [unknown, string][] = [
      [{ message: 'Hi', sendAt: inFromNow(-1 * minutes) }, 'sendAt'],
      [{ message: 'Hi', sendAt: inFromNow(400 * 24 * hours) }, 'sendAt'],
      [{ message: 'Hi', sendAt: '2030-01-01T10:00' }, 'sendAt'],
      [{ message: 'Hi' }, 'sendAt'],
      [{ message: '   ', sendAt: inFromNow(1 * minutes) }, 'message'],
      [{ message: 'x'.repeat(4001), sendAt: inFromNow(1 * minutes) }, 'message'],
      [{ sendAt: inFromNow(1 * minutes) }, 'message'],
    ];
    for (const [body, field] of cases) {
      const refused = await refusal(schedule(admin, clientA.id, body));
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(fieldsOf(refused))).toContain(field);
    }
    const { scheduled } = await schedule(admin, clientA.id, { message: 'Valid', sendAt: inFromNow(1 * hours) });
    const afterValid = await countItems();
    for (const body of [
      { version: 1 },
      { message: 'Hi', sendAt: inFromNow(-1 * seconds), version: 1 },
      { message: '', version: 1 },
      { message: 'Hi' },
    ]) {
      expect((await refusal(edit(admin, clientA.id, scheduled.id, body))).status).toBe(400);
    }
    expect(await countItems()).toBe(afterValid);
    // The valid one added its schedule and its job: two items, nothing else.
    expect(afterValid - before).toBe(2);
    expect((await listScheduled(admin, clientA.id)).find((item) => item.id === scheduled.id)).toMatchObject({
      message: 'Valid',
      version: 1,
    });
  });
});

describe('a send run more than once', () => {
  it('sends once when the worker is killed after sending and the tick runs the job again', async () => {
    const contact = await newClient('Killed Ada');
    const { scheduled } = await schedule(admin, contact.id, {
      message: 'Survives a kill',
      sendAt: inFromNow(2 * minutes),
    });
    clock.advance(2 * minutes);
    await drainJobs();
    const [sent] = sentFrames(scheduled.id);
    const jobId = `chat-scheduled-${scheduled.id}`;
    const done = await readJob(jobId);
    if (done?.status !== 'done') throw new Error(`the job ended ${done?.status ?? 'missing'}`);

    // As if the worker had died after the message went out, before anything was recorded: the
    // schedule still "scheduled", the job still running with a lease that has lapsed.
    await unrecorded(admin.id, contact.id, scheduled.id);
    await killedMidRun(done);
    const rerun = (await drainJobs()).filter((ran) => ran.id === jobId);
    expect(rerun).toEqual([{ kind: 'chat.scheduled-send', id: jobId, outcome: 'done' }]);
    const after = await readJob(jobId);
    expect(after).toMatchObject({ status: 'done', result: { messageId: sent?.scheduled.messageId } });
    expect(after?.attempts).toBe(done.attempts + 1);
    expect((await messagesOf(contact.caller, admin.id)).map((message) => message.message)).toEqual(['Survives a kill']);
    expect(await getScheduled({ ownerId: admin.id, contactId: contact.id, id: scheduled.id })).toMatchObject({
      status: 'sent',
      messageId: sent?.scheduled.messageId,
    });
  });

  it('sends once when two runs race, and once again when a run repeats after a crash', async () => {
    const contact = await newClient('Twice Ada');
    // An hour ahead, so nothing drains it: the runs below are the worker's, by hand.
    const { scheduled } = await schedule(admin, contact.id, { message: 'Exactly once', sendAt: inFromNow(1 * hours) });
    const definition = chatJobs['chat.scheduled-send'];
    const payload = { ownerId: admin.id, contactId: contact.id, scheduledId: scheduled.id };
    const job = { id: `chat-scheduled-${scheduled.id}` } as JobRecord;
    const run = () =>
      definition.run(payload, { job, attempt: 1, now: new Date(), signal: new AbortController().signal });

    // At-least-once delivery can hand the same job to two workers at once.
    await Promise.all([run(), run()]);
    const first = await messagesOf(contact.caller, admin.id);
    expect(first.map((message) => message.message)).toEqual(['Exactly once']);
    const record = await getScheduled({ ownerId: admin.id, contactId: contact.id, id: scheduled.id });
    expect(record).toMatchObject({ status: 'sent', messageId: first[0]?.id });

    // A worker killed after the send but before recording it: the schedule still says
    // "scheduled", and the job runs again.
    await unrecorded(admin.id, contact.id, scheduled.id);
    await expect(run()).resolves.toEqual({ messageId: first[0]?.id });
    expect((await messagesOf(contact.caller, admin.id)).map((message) => message.id)).toEqual([first[0]?.id]);
    expect(await getScheduled({ ownerId: admin.id, contactId: contact.id, id: scheduled.id })).toMatchObject({
      status: 'sent',
    });
    // And a run after it was recorded does nothing at all.
    await expect(run()).resolves.toEqual({ skipped: 'sent' });
    expect(await messagesOf(contact.caller, admin.id)).toHaveLength(1);
    expect(await listScheduled(admin, contact.id)).toEqual([]);
  });
});
