import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Caller } from '@orbit/functions/core/caller';
import { db } from '@orbit/functions/core/db';
import { parseWith } from '@orbit/functions/core/http';
import { isSuppressed } from '@orbit/functions/core/email-suppression';
import { enqueueJob } from '@orbit/functions/core/jobs/enqueue';
import { jobEntity } from '@orbit/functions/core/jobs/entities';
import { tableName } from '@orbit/functions/core/table';
import { leadEntity } from '@orbit/functions/core/users/entities';
import { audiencePreviewRequest, contactsQuery, setTagsRequest } from '@orbit/functions/mailings/audience-requests';
import {
  listMailingChannels,
  listMailingContacts,
  previewAudience,
  setTags,
} from '@orbit/functions/mailings/audience-service';
import { recipientsQuery } from '@orbit/functions/mailings/delivery-contract';
import { recipientEntity, type RecipientRecord } from '@orbit/functions/mailings/delivery-entities';
import { recipientsOf, requestTestSend, statsOf } from '@orbit/functions/mailings/delivery-service';
import {
  createMailing,
  getOneMailing,
  listAllMailings,
  transitionMailing,
} from '@orbit/functions/mailings/mailing-service';
import { reserveWindow } from '@orbit/functions/mailings/pacing-repository';
import { zeroTotals } from '@orbit/functions/mailings/records';
import { recordMailingReply } from '@orbit/functions/mailings/replies';
import { createMailingRequest, listMailingsQuery, transitionRequest } from '@orbit/functions/mailings/requests';
import { buildMailingEmail } from '@orbit/functions/mailings/send-one';
import { describeUnsubscribe, unsubscribe } from '@orbit/functions/mailings/unsubscribe-service';

import { demo } from '../support/api-stack';
import { FakeTelegram } from '../support/fake-telegram';
import { emailsTo } from '../support/sent-messages';

import { connectTelegramBot, writeOnTelegram } from './support/background-channels';
import { callerOf, fieldsOf, parsed, refusal } from './support/background-people';
import { minutes, seconds, useTestClock } from './support/clock';
import { drainJobs } from './support/drain-jobs';
import { useLocalMail } from './support/local-mail';
import { feedSesEvents } from './support/mailings-ses-events';
import { copySeededWorkspace } from './support/seeded-workspace';

/**
 * A mailing's delivery at the service (docs/mailings.md, "Delivery", "Opting out"): the audience
 * frozen, each recipient sent once through the local SES server within the throttle, pause,
 * resume and cancel, the one-click unsubscribe, SES events back to each recipient, Telegram
 * mailings through the fake Telegram. The background work runs when the test drains it
 * (drainJobs), and the throttle's minute passes by moving the clock, never by waiting. Mailing
 * items are written as the mailings part's schedule writes them (state `scheduled`, then the
 * `mailing.start` job), or made through the mailing service's transitions. The routes' wiring
 * (the test send's 202, the recipients query's 400, the public unsubscribe routes) is shown in
 * tests/api/mailings.test.ts.
 */

// Five a second from the provider, so a batch's sends all start in its first second.
process.env.MAILING_EMAIL_RATE_PER_SECOND = '5';
/** The deployment's public origin: the links' home. */
const origin = 'https://orbit.test';
process.env.PUBLIC_BASE_URL = origin;

const clock = useTestClock();
const { mailStoreUrl } = await useLocalMail();
const telegram = await FakeTelegram.start();
process.env.TELEGRAM_API_BASE_URL = telegram.url;
afterAll(() => telegram.stop());

let admin: Caller;
const run = Date.now().toString(36);

beforeAll(async () => {
  await copySeededWorkspace();
  admin = await callerOf(demo.admin);
});

// The provider's rate is counted per second for every mailing together (delivery-pool.ts): each
// test starts in a second of its own, as it would a moment after the last one on a real clock.
beforeEach(() => {
  clock.advance(1 * seconds);
});

const addLead = async (name: string, email: string, tags: string[], language: 'en' | 'fr' | 'ar' = 'en') => {
  const id = `lead-${run}-${name.toLowerCase().replace(/\W/g, '')}`;
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: leadEntity.toItem({
        id,
        fullName: name,
        role: 'lead',
        status: 'new',
        email,
        tags,
        language,
        createdAt: new Date().toISOString(),
        version: 1,
      }),
    }),
  );
  return id;
};

let mailingCount = 0;
const scheduleMailing = async (
  tag: string,
  options: { throttlePerMinute?: number; state?: string; subject?: string; html?: string } = {},
) => {
  mailingCount += 1;
  const id = `01KMAIL${run}${String(mailingCount).padStart(4, '0')}`.slice(0, 26);
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: `MAILING#${id}`,
        sk: 'MAILING',
        type: 'Mailing',
        id,
        name: `Newsletter ${mailingCount}`,
        state: options.state ?? 'scheduled',
        version: 1,
        channel: 'email',
        subject: options.subject ?? 'News for {{firstName | "you"}}',
        html: options.html ?? '<p>Hello {{fullName}}, here is the news.</p>',
        audience: { statuses: [], tags: [tag], tagMatch: 'any', roles: [] },
        throttlePerMinute: options.throttlePerMinute ?? 0,
        totals: zeroTotals(),
      },
    }),
  );
  await enqueueJob('mailing.start', { mailingId: id }, { label: 'test start', id: `start-${id}` });
  return id;
};

const setState = (mailingId: string, state: string) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: `MAILING#${mailingId}`, sk: 'MAILING' },
      UpdateExpression: 'SET #state = :state',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':state': state },
    }),
  );

const stateOf = async (mailingId: string) => {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: `MAILING#${mailingId}`, sk: 'MAILING' },
      ConsistentRead: true,
    }),
  );
  return Item?.state as string | undefined;
};

const recipients = async (mailingId: string): Promise<RecipientRecord[]> => {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': `MAILING#${mailingId}`, ':sk': 'RCPT#' },
      ConsistentRead: true,
    }),
  );
  return Items.map((item) => recipientEntity.fromItem(item));
};

const statusesOf = async (mailingId: string) => (await recipients(mailingId)).map((recipient) => recipient.status);
const stats = (mailingId: string) => statsOf(admin, mailingId);
const sentOrDelivered = (totals: Record<string, number>) => (totals.sent ?? 0) + (totals.delivered ?? 0);
const tokenIn = (html: string | undefined) => /\/unsubscribe\/([\w.-]+)/.exec(html ?? '')?.[1] ?? '';
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe('sending a mailing to a tag', () => {
  it('sends every tagged person once, within the throttle, and settles as sent', async () => {
    const tag = `news${run}`;
    const people = ['Ada Byron', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra'];
    const addresses = people.map((name) => `${name.split(' ')[0]?.toLowerCase()}.${run}@outside.example`);
    await Promise.all(people.map((name, index) => addLead(name, addresses[index] ?? '', [tag])));
    await addLead('Not Tagged', `nottagged.${run}@outside.example`, ['other']);
    const mailingId = await scheduleMailing(tag, { throttlePerMinute: 3 });

    // Three a minute: the first batch sends three, the fourth waits for the window.
    await drainJobs();
    expect((await statusesOf(mailingId)).sort()).toEqual(['queued', 'sent', 'sent', 'sent']);
    clock.advance(30 * seconds);
    await drainJobs();
    expect((await statusesOf(mailingId)).filter((status) => status === 'queued')).toHaveLength(1);
    expect(await stateOf(mailingId)).toBe('sending');
    // 60 s after the first sends started (their second's end), the fourth goes and it settles.
    clock.advance(31 * seconds);
    await drainJobs();
    expect(await stateOf(mailingId)).toBe('sent');

    const sent = await recipients(mailingId);
    expect(sent).toHaveLength(4);
    for (const recipient of sent) expect(recipient.status).toBe('sent');
    for (const address of addresses) expect(await emailsTo(mailStoreUrl, address)).toHaveLength(1);
    expect(await emailsTo(mailStoreUrl, `nottagged.${run}@outside.example`)).toHaveLength(0);

    const [first] = await emailsTo(mailStoreUrl, addresses[0] ?? '');
    expect(first?.subject).toBe('News for Ada');
    expect(first?.body.html).toContain('Hello Ada Byron, here is the news.');
    // The footer links to the web app's public page on the deployment's public origin.
    expect(first?.body.html).toContain(`${origin}/unsubscribe/`);

    const { totals, perMinute } = await stats(mailingId);
    expect(Math.max(...perMinute.map((bucket) => bucket.count))).toBeLessThanOrEqual(3);
    expect(perMinute.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(4);
    // 3 a minute in any 60 s, not per calendar minute: the 4th send started (after its claim)
    // more than 60 s after the 1st, wherever the minutes ended.
    const claims = sent.map((recipient) => Date.parse(recipient.claimedAt ?? '')).sort((a, b) => a - b);
    expect((claims[3] ?? 0) - (claims[0] ?? 0)).toBeGreaterThan(60_000);
    // Each recipient is counted in its one status: sent until SES says delivered.
    expect(totals).toMatchObject({ recipients: 4, queued: 0, failed: 0, unknown: 0, sent: 4 });
    await feedSesEvents(mailStoreUrl);
    expect((await stats(mailingId)).totals).toMatchObject({ delivered: 4, sent: 0 });

    const page = await recipientsOf(admin, mailingId, parseWith(recipientsQuery, { status: 'delivered', limit: '2' }));
    expect(page.recipients).toHaveLength(2);
    expect(page.recipients.every((recipient) => recipient.status === 'delivered')).toBe(true);
    expect((await refusal(async () => parseWith(recipientsQuery, { status: 'nope' }))).status).toBe(400);
  });

  it('a paused mailing sends nothing until resumed; a cancelled one settles its queue as cancelled', async () => {
    const tag = `paused${run}`;
    await Promise.all(
      ['P One', 'P Two', 'P Three'].map((name, index) => addLead(name, `p${index}.${run}@outside.example`, [tag])),
    );
    const paused = await scheduleMailing(tag);
    await setState(paused, 'paused');
    // mailing.start freezes the audience of a paused mailing too, and its batch stops.
    await drainJobs();
    expect(await recipients(paused)).toHaveLength(3);
    const { Item: batch } = await db().send(
      new GetCommand({ TableName: tableName(), Key: jobEntity.key(`mailing-batch-${paused}~1`), ConsistentRead: true }),
    );
    expect(batch?.status).toBe('done');
    expect((await recipients(paused)).every((recipient) => recipient.status === 'queued')).toBe(true);
    expect(await emailsTo(mailStoreUrl, `p0.${run}@outside.example`)).toHaveLength(0);

    // Resume (as the mailings part's transition does): state sending and a new batch.
    await setState(paused, 'sending');
    await enqueueJob('mailing.batch', { mailingId: paused }, { label: 'resume', id: `resume-${paused}` });
    await drainJobs();
    expect(await stateOf(paused)).toBe('sent');
    expect((await stats(paused)).totals).toMatchObject({ recipients: 3, queued: 0, sent: 3 });

    const cancelTag = `cancel${run}`;
    await Promise.all(
      ['C One', 'C Two', 'C Three'].map((name, index) =>
        addLead(name, `c${index}.${run}@outside.example`, [cancelTag]),
      ),
    );
    const cancelled = await scheduleMailing(cancelTag, { throttlePerMinute: 1 });
    await drainJobs();
    expect(sentOrDelivered((await stats(cancelled)).totals)).toBe(1);
    await setState(cancelled, 'cancelled');
    await enqueueJob('mailing.batch', { mailingId: cancelled }, { label: 'cancel', id: `cancel-${cancelled}` });
    await drainJobs();
    expect((await statusesOf(cancelled)).filter((status) => status === 'cancelled')).toHaveLength(2);
    // The batch the throttle had queued for the next minute finds nothing left to send.
    clock.advance(61 * seconds);
    await drainJobs();
    const settled = (await stats(cancelled)).totals;
    expect(settled).toMatchObject({ recipients: 3, queued: 0, cancelled: 2 });
    expect(sentOrDelivered(settled)).toBe(1);
  });
});

describe("the throttle's window (docs/mailings.md, Delivery)", () => {
  const at = (iso: string) => () => Date.parse(iso);

  it('holds in any 60 s: places taken just before a minute ends still count just after it', async () => {
    const mailingId = `window-${run}`;
    const first = await reserveWindow(
      mailingId,
      3,
      3,
      Date.parse('2026-01-01T10:00:59.900Z'),
      at('2026-01-01T10:00:59.500Z'),
    );
    expect(first.granted).toBe(3);
    // A calendar minute's bucket would be empty at 10:01:00.2; the last 60 s are not.
    const justAfter = await reserveWindow(
      mailingId,
      3,
      3,
      Date.parse('2026-01-01T10:01:05Z'),
      at('2026-01-01T10:01:00.200Z'),
    );
    expect(justAfter.granted).toBe(0);
    // 60 s after the last of them could start, the places are back.
    const later = await reserveWindow(mailingId, 3, 3, Date.parse('2026-01-01T10:02:05Z'), at('2026-01-01T10:02:00Z'));
    expect(later.granted).toBe(3);
  });

  it('batches reserving at once never together pass the setting', async () => {
    const mailingId = `window-race-${run}`;
    const until = Date.now() + 10_000;
    const results = await Promise.all(Array.from({ length: 6 }, () => reserveWindow(mailingId, 2, 5, until)));
    expect(results.reduce((sum, result) => sum + result.granted, 0)).toBe(5);
  });
});

describe('a crash mid-send (kill -9)', () => {
  it('a claim a crash left behind becomes unknown, never sent again; the rest are sent once', async () => {
    const tag = `crash${run}`;
    const [cutId, restId] = await Promise.all([
      addLead('Cut Off', `cut.${run}@outside.example`, [tag]),
      addLead('Still Queued', `rest.${run}@outside.example`, [tag]),
    ]);
    // Frozen while paused, so nothing is sent yet.
    const mailingId = await scheduleMailing(tag, { state: 'paused' });
    await drainJobs();
    expect(await recipients(mailingId)).toHaveLength(2);
    // What a worker killed between its claim and SES's answer leaves: a claim ten minutes old.
    const claimedAt = new Date(Date.now() - 10 * minutes).toISOString();
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: recipientEntity.key(mailingId, cutId),
        UpdateExpression: 'SET #status = :sending, claimedAt = :at, gsi1pk = :claims, gsi1sk = :claimKey',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':sending': 'sending',
          ':at': claimedAt,
          ':claims': `MAILINGCLAIM#${mailingId}`,
          ':claimKey': `${claimedAt}#${cutId}`,
        },
      }),
    );
    await setState(mailingId, 'sending');
    await enqueueJob('mailing.batch', { mailingId }, { label: 'after the crash', id: `crash-${mailingId}` });
    await drainJobs();
    expect(await stateOf(mailingId)).toBe('sent');

    const byPerson = new Map((await recipients(mailingId)).map((recipient) => [recipient.personId, recipient]));
    expect(byPerson.get(cutId)?.status).toBe('unknown');
    expect(byPerson.get(restId)?.status).toBe('sent');
    expect(await emailsTo(mailStoreUrl, `cut.${run}@outside.example`)).toHaveLength(0);
    expect(await emailsTo(mailStoreUrl, `rest.${run}@outside.example`)).toHaveLength(1);
    const { totals } = await stats(mailingId);
    expect(totals).toMatchObject({ recipients: 2, queued: 0, unknown: 1 });
    expect(sentOrDelivered(totals)).toBe(1);
  });
});

describe('opting out', () => {
  it('one-click POST opts the person out, counted once, and the next mailing skips them', async () => {
    const tag = `optout${run}`;
    const address = `leaver.${run}@outside.example`;
    const leaverId = await addLead('Lea Ver', address, [tag], 'fr');
    await addLead('Stay Er', `stayer.${run}@outside.example`, [tag]);
    const first = await scheduleMailing(tag);
    await drainJobs();
    const [mail] = await emailsTo(mailStoreUrl, address);
    expect(mail?.body.html).toContain('Se désabonner');
    const token = tokenIn(mail?.body.html);
    expect(token).not.toBe('');

    const view = await describeUnsubscribe(token);
    expect(view).toMatchObject({ workspace: 'Orbit Agency', language: 'fr', optedOut: false });
    expect(view.address).toMatch(/^l\*+@outside\.example$/);

    // A mail client may post twice: the same answer, counted once.
    for (let time = 0; time < 2; time += 1) expect(await unsubscribe(token, 'one-click')).toEqual({ optedOut: true });
    expect((await describeUnsubscribe(token)).optedOut).toBe(true);
    expect(await stateOf(first)).toBe('sent');
    expect((await stats(first)).totals.optedOut).toBe(1);
    const tampered = `${token.slice(0, -2)}xx`;
    expect((await refusal(describeUnsubscribe(tampered))).status).toBe(404);
    expect((await refusal(unsubscribe('not-a-token', 'one-click'))).status).toBe(404);

    const second = await scheduleMailing(tag);
    await drainJobs();
    expect(await stateOf(second)).toBe('sent');
    const people = (await recipients(second)).map((recipient) => recipient.personId);
    expect(people).not.toContain(leaverId);
    expect(people).toHaveLength(1);
    expect(await emailsTo(mailStoreUrl, address)).toHaveLength(1);
  });

  it('carries the RFC 8058 headers and the footer link in the raw mail', async () => {
    const raw = (
      await buildMailingEmail(
        { mailingId: 'm1', subject: 'Hi', html: '<p>Hi</p>' },
        { personId: 'p1', fullName: 'Ada', address: 'ada@outside.example', language: 'ar' },
        { fromAddress: 'hello@orbit-agency.example', fromName: 'Orbit Agency' },
      )
    )
      .toString('utf8')
      .replace(/\r\n[ \t]+/g, ' ');
    // One-click POSTs go to the API route on the public origin (the web page cannot take a POST).
    expect(raw).toMatch(
      new RegExp(
        `^List-Unsubscribe: <${escaped(origin)}/api/mailings/unsubscribe/[\\w.-]+>, <mailto:hello@orbit-agency\\.example\\?subject=unsubscribe>$`,
        'm',
      ),
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });
});

describe('SES events, test sends and replies', () => {
  it('a bounce marks the recipient bounced and suppresses the address', async () => {
    const tag = `bounce${run}`;
    await addLead('Bou Nce', 'bounce@simulator.amazonses.com', [tag]);
    const mailingId = await scheduleMailing(tag);
    await drainJobs();
    await feedSesEvents(mailStoreUrl);
    expect((await recipients(mailingId))[0]?.status).toBe('bounced');
    expect(await isSuppressed('bounce@simulator.amazonses.com')).toBe(true);
    expect((await stats(mailingId)).totals).toMatchObject({ recipients: 1, sent: 0, bounced: 1 });
  });

  it('a test send goes to the caller’s own address, marked as a test', async () => {
    const mailingId = await scheduleMailing(`nobody${run}`, { state: 'draft', subject: 'Preview {{firstName}}' });
    expect(await requestTestSend(admin, mailingId)).toEqual({ jobId: expect.any(String) });
    await drainJobs();
    const mails = (await emailsTo(mailStoreUrl, 'olivia@orbit.example')).filter((mail) =>
      mail.subject.startsWith('[Test] Preview'),
    );
    expect(mails).toHaveLength(1);
    expect((await refusal(requestTestSend(admin, '01KNOSUCHMAILING0000000000'))).status).toBe(404);
  });

  it('a reply is counted once on the latest mailing sent to the person', async () => {
    const tag = `reply${run}`;
    const personId = await addLead('Re Plier', `replier.${run}@outside.example`, [tag]);
    const mailingId = await scheduleMailing(tag);
    await drainJobs();
    expect(await stateOf(mailingId)).toBe('sent');
    const at = new Date().toISOString();
    expect(await recordMailingReply(personId, at)).toBe(mailingId);
    expect(await recordMailingReply(personId, at)).toBeUndefined();
    expect((await stats(mailingId)).totals.replies).toBe(1);
    expect(await recordMailingReply(`nobody-${run}`, at)).toBeUndefined();
  });
});

describe('through the mailing service (the transitions and the delivery together)', () => {
  const create = async (body: Record<string, unknown>) => createMailing(admin, parsed(createMailingRequest, body));
  const move = async (id: string, to: string, extra: Record<string, unknown> = {}) =>
    transitionMailing(
      admin,
      id,
      parsed(transitionRequest, { to, version: (await getOneMailing(admin, id)).version, ...extra }),
    );
  const createEmailMailing = (tag: string, throttlePerMinute: number) =>
    create({
      name: `Service ${tag}`,
      channel: 'email',
      subject: 'Hello {{firstName | "there"}}',
      html: '<p>Dear {{fullName}}</p>',
      audience: { tags: [tag] },
      throttlePerMinute,
    });

  it('a scheduled mailing starts at its time (the start job’s run-at) and is sent', async () => {
    const tag = `sched${run}`;
    const addresses = ['S One', 'S Two'].map((_, index) => `s${index}.${run}@outside.example`);
    await Promise.all(['S One', 'S Two'].map((name, index) => addLead(name, addresses[index] ?? '', [tag])));
    const mailing = await createEmailMailing(tag, 600);
    const at = new Date(Date.now() + 10 * minutes);
    await move(mailing.id, 'scheduled', { schedule: { at: at.toISOString(), timeZone: 'Europe/Paris' } });
    // Not before its time.
    clock.advance(9 * minutes);
    await drainJobs();
    expect((await getOneMailing(admin, mailing.id)).state).toBe('scheduled');
    expect(await emailsTo(mailStoreUrl, addresses[0] ?? '')).toHaveLength(0);

    clock.advance(1 * minutes);
    await drainJobs();
    const sent = await getOneMailing(admin, mailing.id);
    expect(sent.state).toBe('sent');
    expect(Date.parse(sent.startedAt ?? '')).toBeGreaterThanOrEqual(at.getTime());
    for (const address of addresses) {
      const mails = await emailsTo(mailStoreUrl, address);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Hello S');
    }
  });

  it('pause stops the sends, resume goes on, cancel settles the rest; the totals add up', async () => {
    const tag = `ctl${run}`;
    const names = ['K One', 'K Two', 'K Three'];
    const addresses = names.map((_, index) => `k${index}.${run}@outside.example`);
    await Promise.all(names.map((name, index) => addLead(name, addresses[index] ?? '', [tag])));
    // One a minute: the rest wait in the queue while the mailing is paused, resumed and cancelled.
    const mailing = await createEmailMailing(tag, 1);
    await move(mailing.id, 'scheduled', { sendNow: true });
    await drainJobs();
    expect(sentOrDelivered((await stats(mailing.id)).totals)).toBe(1);
    expect((await move(mailing.id, 'paused')).state).toBe('paused');
    // The next minute's batch finds the mailing paused: nothing goes.
    clock.advance(61 * seconds);
    await drainJobs();
    expect(sentOrDelivered((await stats(mailing.id)).totals)).toBe(1);
    // Resumed, its batch sends the next one the window allows; then cancelled, the rest settle.
    expect((await move(mailing.id, 'sending')).state).toBe('sending');
    await drainJobs();
    expect(sentOrDelivered((await stats(mailing.id)).totals)).toBe(2);
    expect((await move(mailing.id, 'cancelled')).state).toBe('cancelled');
    await drainJobs();
    clock.advance(61 * seconds);
    await drainJobs();

    const { totals } = await stats(mailing.id);
    expect(totals).toMatchObject({ recipients: 3, queued: 0, cancelled: 1 });
    expect(sentOrDelivered(totals)).toBe(2);
    expect((await statusesOf(mailing.id)).filter((status) => status === 'cancelled')).toHaveLength(1);
    let received = 0;
    for (const address of addresses) {
      const count = (await emailsTo(mailStoreUrl, address)).length;
      expect(count).toBeLessThanOrEqual(1);
      received += count;
    }
    expect(received).toBe(2);
    expect((await getOneMailing(admin, mailing.id)).state).toBe('cancelled');
  });
});

describe('a Telegram mailing', () => {
  let userCount = 0;
  let botCount = 0;
  const connectBot = () => connectTelegramBot(admin, telegram, `Bot ${run} ${(botCount += 1)}`);
  /** A lead who wrote to the bot, tagged: the mailing's audience. */
  const leadOn = async (bot: { token: string; channelId: string }, tag: string) => {
    userCount += 1;
    const user = { id: 9_100_000 + userCount, first_name: 'Tele', last_name: `Gram${run}x${userCount}` };
    const leadId = await writeOnTelegram(telegram, bot, user, 'Hello from Telegram');
    const found = await listMailingContacts(admin, parsed(contactsQuery, { q: user.last_name }));
    expect(found.contacts).toEqual([expect.objectContaining({ id: leadId, hasTelegram: true })]);
    await setTags(admin, leadId, parsed(setTagsRequest, { tags: [tag] }));
    return { user, leadId };
  };
  const sendTelegramMailing = async (channelId: string, tag: string, html: string) => {
    const { id, version } = await createMailing(
      admin,
      parsed(createMailingRequest, {
        name: `Telegram ${tag}`,
        channel: 'telegram',
        channelId,
        html,
        audience: { tags: [tag] },
      }),
    );
    await transitionMailing(admin, id, parsed(transitionRequest, { to: 'scheduled', version, sendNow: true }));
    return id;
  };
  const sendsOf = (token: string, text: string) =>
    telegram.callsOf('sendMessage', token).filter((call) => String(call.body.text).includes(text));

  it('goes once to each tagged lead through the Telegram channel they wrote from', async () => {
    const bot = await connectBot();
    const tag = `tg${run}`;
    const { user, leadId } = await leadOn(bot, tag);
    const id = await sendTelegramMailing(bot.channelId, tag, '<p>Hi {{firstName}}, news from us.</p>');
    await drainJobs();
    expect(await stateOf(id)).toBe('sent');

    const sends = sendsOf(bot.token, 'news from us');
    expect(sends).toHaveLength(1);
    expect(sends[0]?.body.chat_id).toBe(String(user.id));
    expect(String(sends[0]?.body.text)).toContain('Hi Tele, news from us.');
    expect(String(sends[0]?.body.text)).toContain(`${origin}/unsubscribe/`);
    expect((await stats(id)).totals).toMatchObject({ recipients: 1, queued: 0, sent: 1 });
    const [recipient] = await recipients(id);
    expect(recipient).toMatchObject({ personId: leadId, status: 'sent', channelId: bot.channelId });
  });

  it('a 429 sends nothing: the recipient waits retry_after and is sent once', async () => {
    const bot = await connectBot();
    const tag = `tgrate${run}`;
    const { user } = await leadOn(bot, tag);
    telegram.failNext('sendMessage', { status: 429, description: 'Too Many Requests: retry after 1', retryAfter: 1 });
    const id = await sendTelegramMailing(bot.channelId, tag, '<p>Rate limited news.</p>');
    await drainJobs();
    // Refused, the recipient is queued again and its batch waits Telegram's retry_after.
    expect(sendsOf(bot.token, 'Rate limited news')).toHaveLength(1);
    expect(await statusesOf(id)).toEqual(['queued']);
    clock.advance(1 * seconds);
    await drainJobs();
    expect(await stateOf(id)).toBe('sent');

    const [refused, delivered] = sendsOf(bot.token, 'Rate limited news');
    expect(sendsOf(bot.token, 'Rate limited news')).toHaveLength(2);
    expect(delivered?.body.chat_id).toBe(String(user.id));
    // The second call waited for Telegram's retry_after.
    expect((delivered?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(1_000);
    const [recipient] = await recipients(id);
    expect(recipient?.status).toBe('sent');
    expect(recipient?.providerMessageId).toBeTruthy();
    expect((await stats(id)).totals).toMatchObject({ recipients: 1, queued: 0, sent: 1, failed: 0, unknown: 0 });
  });

  it('a 5xx may have gone out: the recipient is unknown, never sent again', async () => {
    const bot = await connectBot();
    const tag = `tg5xx${run}`;
    await leadOn(bot, tag);
    telegram.failNext('sendMessage', { status: 502, description: 'Bad Gateway' });
    const id = await sendTelegramMailing(bot.channelId, tag, '<p>Gateway news.</p>');
    await drainJobs();
    expect(await stateOf(id)).toBe('sent');

    expect(sendsOf(bot.token, 'Gateway news')).toHaveLength(1);
    const [recipient] = await recipients(id);
    expect(recipient?.status).toBe('unknown');
    expect((await stats(id)).totals).toMatchObject({ recipients: 1, queued: 0, sent: 0, unknown: 1 });
  });

  it('goes only through its own channel: a lead known only through another bot is left out', async () => {
    const [chosen, other] = [await connectBot(), await connectBot()];
    // The editor's choice: both bots by name, never a token.
    const offered = await listMailingChannels(admin);
    expect(offered.telegram.map((channel) => channel.id)).toEqual(
      expect.arrayContaining([chosen.channelId, other.channelId]),
    );
    expect(JSON.stringify(offered)).not.toContain(chosen.token);
    // A channel that is not one of the workspace's Telegram channels is refused, and nothing is stored.
    const listed = () => listAllMailings(admin, parsed(listMailingsQuery, {}));
    const before = await listed();
    const unknownChannel = await refusal(
      createMailing(
        admin,
        parsed(createMailingRequest, {
          name: 'Through no bot',
          channel: 'telegram',
          channelId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
          html: '<p>Nobody</p>',
          audience: { tags: ['nobody'] },
        }),
      ),
    );
    expect(unknownChannel.status).toBe(400);
    expect(Object.keys(fieldsOf(unknownChannel))).toEqual(['channelId']);
    expect(await listed()).toEqual(before);
    const tag = `tgonly${run}`;
    const { leadId: reachable } = await leadOn(chosen, tag);
    await leadOn(other, tag);
    const preview = await previewAudience(
      admin,
      parsed(audiencePreviewRequest, { channel: 'telegram', channelId: chosen.channelId, audience: { tags: [tag] } }),
    );
    expect(preview).toMatchObject({ count: 1, excluded: { unreachable: 1 } });

    const id = await sendTelegramMailing(chosen.channelId, tag, '<p>Only through the chosen bot.</p>');
    await drainJobs();
    expect(await stateOf(id)).toBe('sent');
    expect(sendsOf(chosen.token, 'Only through the chosen bot')).toHaveLength(1);
    expect(sendsOf(other.token, 'Only through the chosen bot')).toEqual([]);
    expect((await recipients(id)).map((recipient) => recipient.personId)).toEqual([reachable]);
  });
});
