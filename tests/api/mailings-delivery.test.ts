import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { db } from '@orbit/functions/core/db';
import { isSuppressed } from '@orbit/functions/core/email-suppression';
import { enqueueJob } from '@orbit/functions/core/jobs/enqueue';
import { tableName } from '@orbit/functions/core/table';
import { leadEntity } from '@orbit/functions/core/users/entities';
import { recipientEntity, type RecipientRecord } from '@orbit/functions/mailings/delivery-entities';
import { reserveWindow } from '@orbit/functions/mailings/pacing-repository';
import { zeroTotals } from '@orbit/functions/mailings/records';
import { recordMailingReply } from '@orbit/functions/mailings/replies';
import { buildMailingEmail } from '@orbit/functions/mailings/send-one';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, startApiStack } from '../support/api-stack';
import { FakeTelegram } from '../support/fake-telegram';
import { emailsTo, waitForEmails } from '../support/sent-messages';

/**
 * A mailing's delivery (docs/mailings.md, "Delivery", "Opting out"): the audience frozen, each
 * recipient sent once through the local SES server within the throttle, pause/resume/cancel,
 * the one-click unsubscribe, SES events back to each recipient. The mailing item is written as
 * the mailings part's schedule writes it (state `scheduled`, then the `mailing.start` job).
 */
let stack: LocalStack;
let admin: ApiClient;
let telegram: FakeTelegram;
const patience = { timeout: 90_000, interval: 100 } as const;
const run = Date.now().toString(36);

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

const stats = async (mailingId: string) =>
  (
    await admin.request<{ totals: Record<string, number>; perMinute: { minute: string; count: number }[] }>(
      'GET',
      `/api/apps/mailings/${mailingId}/stats`,
    )
  ).body;

const waitFor = <T>(check: () => Promise<T>) => vi.waitFor(check, patience);

const waitForState = (mailingId: string, state: string) =>
  waitFor(async () => {
    const { Items = [] } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk = :sk',
        ExpressionAttributeValues: { ':pk': `MAILING#${mailingId}`, ':sk': 'MAILING' },
        ConsistentRead: true,
      }),
    );
    if (Items[0]?.state !== state) throw new Error(`state is ${String(Items[0]?.state)}, not ${state}`);
  });

const tokenIn = (html: string | undefined) => /\/unsubscribe\/([\w.-]+)/.exec(html ?? '')?.[1] ?? '';

/** The deployment's public origin (PUBLIC_BASE_URL; the local stack sets its own): the links' home. */
let origin = '';
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

beforeAll(async () => {
  process.env.MAILING_EMAIL_RATE_PER_SECOND = '5';
  telegram = await FakeTelegram.start();
  process.env.TELEGRAM_API_BASE_URL = telegram.url;
  stack = await startApiStack();
  origin = process.env.PUBLIC_BASE_URL ?? '';
  admin = new ApiClient(stack.url);
  await admin.signIn(demo.admin.phone, demo.admin.password);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await telegram?.stop();
});

describe('sending a mailing to a tag', () => {
  it('sends every tagged person once, within the throttle, and settles as sent', async () => {
    const tag = `news${run}`;
    const people = ['Ada Byron', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra'];
    const addresses = people.map((name) => `${name.split(' ')[0]?.toLowerCase()}.${run}@outside.example`);
    await Promise.all(people.map((name, index) => addLead(name, addresses[index] ?? '', [tag])));
    await addLead('Not Tagged', `nottagged.${run}@outside.example`, ['other']);
    const mailingId = await scheduleMailing(tag, { throttlePerMinute: 3 });

    await waitForState(mailingId, 'sent');
    const sent = await recipients(mailingId);
    expect(sent).toHaveLength(4);
    for (const recipient of sent) expect(['sent', 'delivered']).toContain(recipient.status);
    for (const address of addresses) expect(await emailsTo(stack.mailStoreUrl, address)).toHaveLength(1);
    expect(await emailsTo(stack.mailStoreUrl, `nottagged.${run}@outside.example`)).toHaveLength(0);

    const [first] = await emailsTo(stack.mailStoreUrl, addresses[0] ?? '');
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
    expect(totals).toMatchObject({ recipients: 4, queued: 0, failed: 0, unknown: 0 });
    expect((totals.sent ?? 0) + (totals.delivered ?? 0)).toBe(4);
    await waitFor(async () => expect((await stats(mailingId)).totals).toMatchObject({ delivered: 4, sent: 0 }));

    const page = await admin.request<{ recipients: { status: string }[] }>(
      'GET',
      `/api/apps/mailings/${mailingId}/recipients?status=delivered&limit=2`,
    );
    expect(page.status).toBe(200);
    expect(page.body.recipients).toHaveLength(2);
    expect((await admin.request('GET', `/api/apps/mailings/${mailingId}/recipients?status=nope`)).status).toBe(400);
  }, 120_000);

  it('a paused mailing sends nothing until resumed; a cancelled one settles its queue as cancelled', async () => {
    const tag = `paused${run}`;
    await Promise.all(
      ['P One', 'P Two', 'P Three'].map((name, index) => addLead(name, `p${index}.${run}@outside.example`, [tag])),
    );
    const paused = await scheduleMailing(tag);
    await setState(paused, 'paused');
    // mailing.start freezes the audience of a paused mailing too, and its batch stops.
    await waitFor(async () => expect(await recipients(paused)).toHaveLength(3));
    await waitFor(async () => {
      const { Items = [] } = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `JOB#mailing-batch-${paused}~1` },
          ConsistentRead: true,
        }),
      );
      expect(Items[0]?.status).toBe('done');
    });
    expect((await recipients(paused)).every((recipient) => recipient.status === 'queued')).toBe(true);
    expect(await emailsTo(stack.mailStoreUrl, `p0.${run}@outside.example`)).toHaveLength(0);

    // Resume (as the mailings part's transition does): state sending and a new batch.
    await setState(paused, 'sending');
    await enqueueJob('mailing.batch', { mailingId: paused }, { label: 'resume', id: `resume-${paused}` });
    await waitForState(paused, 'sent');
    const resumed = (await stats(paused)).totals;
    expect(resumed).toMatchObject({ recipients: 3, queued: 0 });
    expect((resumed.sent ?? 0) + (resumed.delivered ?? 0)).toBe(3);

    const cancelTag = `cancel${run}`;
    await Promise.all(
      ['C One', 'C Two', 'C Three'].map((name, index) =>
        addLead(name, `c${index}.${run}@outside.example`, [cancelTag]),
      ),
    );
    const cancelled = await scheduleMailing(cancelTag, { throttlePerMinute: 1 });
    await waitFor(async () => {
      const { totals } = await stats(cancelled);
      expect((totals.sent ?? 0) + (totals.delivered ?? 0)).toBe(1);
    });
    await setState(cancelled, 'cancelled');
    await enqueueJob('mailing.batch', { mailingId: cancelled }, { label: 'cancel', id: `cancel-${cancelled}` });
    await waitFor(async () => {
      const statuses = (await recipients(cancelled)).map((recipient) => recipient.status).sort();
      expect(statuses.filter((status) => status === 'cancelled')).toHaveLength(2);
    });
    const settled = (await stats(cancelled)).totals;
    expect(settled).toMatchObject({ recipients: 3, queued: 0, cancelled: 2 });
    expect((settled.sent ?? 0) + (settled.delivered ?? 0)).toBe(1);
  }, 120_000);
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
    await waitFor(async () => expect(await recipients(mailingId)).toHaveLength(2));
    // What a worker killed between its claim and SES's answer leaves: a claim ten minutes old.
    const claimedAt = new Date(Date.now() - 10 * 60_000).toISOString();
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
    await waitForState(mailingId, 'sent');

    const byPerson = new Map((await recipients(mailingId)).map((recipient) => [recipient.personId, recipient]));
    expect(byPerson.get(cutId)?.status).toBe('unknown');
    expect(['sent', 'delivered']).toContain(byPerson.get(restId)?.status);
    expect(await emailsTo(stack.mailStoreUrl, `cut.${run}@outside.example`)).toHaveLength(0);
    expect(await emailsTo(stack.mailStoreUrl, `rest.${run}@outside.example`)).toHaveLength(1);
    const { totals } = await stats(mailingId);
    expect(totals).toMatchObject({ recipients: 2, queued: 0, unknown: 1 });
    expect((totals.sent ?? 0) + (totals.delivered ?? 0)).toBe(1);
  }, 120_000);
});

describe('opting out', () => {
  it('one-click POST opts the person out, counted once, and the next mailing skips them', async () => {
    const tag = `optout${run}`;
    const address = `leaver.${run}@outside.example`;
    const leaverId = await addLead('Lea Ver', address, [tag], 'fr');
    await addLead('Stay Er', `stayer.${run}@outside.example`, [tag]);
    const first = await scheduleMailing(tag);
    const [mail] = await waitForEmails(stack.mailStoreUrl, address, 1);
    expect(mail?.body.html).toContain('Se désabonner');
    const token = tokenIn(mail?.body.html);
    expect(token).not.toBe('');

    const view = await admin.request('GET', `/api/mailings/unsubscribe/${token}`, { token: null });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ workspace: 'Orbit Agency', language: 'fr', optedOut: false });
    expect(String(view.body.address)).toMatch(/^l\*+@outside\.example$/);

    for (let time = 0; time < 2; time += 1) {
      const posted = await admin.request('POST', `/api/mailings/unsubscribe/${token}`, {
        token: null,
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(posted.status).toBe(200);
    }
    expect((await admin.request('GET', `/api/mailings/unsubscribe/${token}`, { token: null })).body.optedOut).toBe(
      true,
    );
    await waitForState(first, 'sent');
    expect((await stats(first)).totals.optedOut).toBe(1);
    const tampered = `${token.slice(0, -2)}xx`;
    expect((await admin.request('GET', `/api/mailings/unsubscribe/${tampered}`, { token: null })).status).toBe(404);
    expect((await admin.request('POST', '/api/mailings/unsubscribe/not-a-token', { token: null })).status).toBe(404);

    const second = await scheduleMailing(tag);
    await waitForState(second, 'sent');
    const people = (await recipients(second)).map((recipient) => recipient.personId);
    expect(people).not.toContain(leaverId);
    expect(people).toHaveLength(1);
    expect(await emailsTo(stack.mailStoreUrl, address)).toHaveLength(1);
  }, 120_000);

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
    await waitFor(async () => expect((await recipients(mailingId))[0]?.status).toBe('bounced'));
    expect(await isSuppressed('bounce@simulator.amazonses.com')).toBe(true);
    expect((await stats(mailingId)).totals).toMatchObject({ recipients: 1, sent: 0, bounced: 1 });
  }, 120_000);

  it('a test send goes to the caller’s own address, marked as a test', async () => {
    const mailingId = await scheduleMailing(`nobody${run}`, { state: 'draft', subject: 'Preview {{firstName}}' });
    const response = await admin.request('POST', `/api/apps/mailings/${mailingId}/test`);
    expect(response.status).toBe(202);
    await waitFor(async () => {
      const mails = (await emailsTo(stack.mailStoreUrl, 'olivia@orbit.example')).filter((mail) =>
        mail.subject.startsWith('[Test] Preview'),
      );
      expect(mails).toHaveLength(1);
    });
    expect((await admin.request('POST', '/api/apps/mailings/01KNOSUCHMAILING0000000000/test')).status).toBe(404);
  }, 120_000);

  it('a reply is counted once on the latest mailing sent to the person', async () => {
    const tag = `reply${run}`;
    const personId = await addLead('Re Plier', `replier.${run}@outside.example`, [tag]);
    const mailingId = await scheduleMailing(tag);
    await waitForState(mailingId, 'sent');
    const at = new Date().toISOString();
    expect(await recordMailingReply(personId, at)).toBe(mailingId);
    expect(await recordMailingReply(personId, at)).toBeUndefined();
    expect((await stats(mailingId)).totals.replies).toBe(1);
    expect(await recordMailingReply(`nobody-${run}`, at)).toBeUndefined();
  }, 120_000);
});

describe('through the mailings API (the transitions and the delivery together)', () => {
  interface Answer {
    mailing: { id: string; version: number; state: string; startedAt?: string; schedule?: { at: string } };
  }
  const createMailing = async (tag: string, throttlePerMinute: number) => {
    const created = await admin.request<Answer>('POST', '/api/apps/mailings', {
      body: {
        name: `API ${tag}`,
        channel: 'email',
        subject: 'Hello {{firstName | "there"}}',
        html: '<p>Dear {{fullName}}</p>',
        audience: { tags: [tag] },
        throttlePerMinute,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.mailing;
  };
  const current = async (id: string) => (await admin.request<Answer>('GET', `/api/apps/mailings/${id}`)).body.mailing;
  const move = async (id: string, to: string, extra: Record<string, unknown> = {}) => {
    const moved = await admin.request<Answer>('POST', `/api/apps/mailings/${id}/transitions`, {
      body: { to, version: (await current(id)).version, ...extra },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    return moved.body.mailing;
  };

  it('a scheduled mailing starts at its time (the start job’s run-at) and is sent', async () => {
    const tag = `sched${run}`;
    const addresses = ['S One', 'S Two'].map((_, index) => `s${index}.${run}@outside.example`);
    await Promise.all(['S One', 'S Two'].map((name, index) => addLead(name, addresses[index] ?? '', [tag])));
    const mailing = await createMailing(tag, 600);
    const at = new Date(Date.now() + 4_000);
    await move(mailing.id, 'scheduled', { schedule: { at: at.toISOString(), timeZone: 'Europe/Paris' } });
    expect((await current(mailing.id)).state).toBe('scheduled');
    expect(await emailsTo(stack.mailStoreUrl, addresses[0] ?? '')).toHaveLength(0);

    await waitForState(mailing.id, 'sent');
    const sent = await current(mailing.id);
    expect(Date.parse(sent.startedAt ?? '')).toBeGreaterThanOrEqual(at.getTime());
    for (const address of addresses) {
      const mails = await emailsTo(stack.mailStoreUrl, address);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Hello S');
    }
  }, 120_000);

  it('pause stops the sends, resume goes on, cancel settles the rest; the totals add up', async () => {
    const tag = `ctl${run}`;
    const names = ['K One', 'K Two', 'K Three'];
    const addresses = names.map((_, index) => `k${index}.${run}@outside.example`);
    await Promise.all(names.map((name, index) => addLead(name, addresses[index] ?? '', [tag])));
    // One a minute: the rest wait in the queue while the mailing is paused, resumed and cancelled.
    const mailing = await createMailing(tag, 1);
    await move(mailing.id, 'scheduled', { sendNow: true });
    await waitFor(async () => {
      const { totals } = await stats(mailing.id);
      expect((totals.sent ?? 0) + (totals.delivered ?? 0)).toBeGreaterThanOrEqual(1);
    });
    expect((await move(mailing.id, 'paused')).state).toBe('paused');
    const whilePaused = (await stats(mailing.id)).totals;
    expect((await move(mailing.id, 'sending')).state).toBe('sending');
    expect((await move(mailing.id, 'cancelled')).state).toBe('cancelled');

    await waitFor(async () => expect((await stats(mailing.id)).totals.queued).toBe(0));
    const { totals } = await stats(mailing.id);
    const sentCount = (totals.sent ?? 0) + (totals.delivered ?? 0);
    expect(sentCount).toBeGreaterThanOrEqual((whilePaused.sent ?? 0) + (whilePaused.delivered ?? 0));
    expect(totals.cancelled).toBeGreaterThanOrEqual(1);
    expect(sentCount + (totals.cancelled ?? 0)).toBe(3);
    const statuses = (await recipients(mailing.id)).map((recipient) => recipient.status);
    expect(statuses.filter((status) => status === 'cancelled')).toHaveLength(totals.cancelled ?? 0);
    let received = 0;
    for (const address of addresses) {
      const count = (await emailsTo(stack.mailStoreUrl, address)).length;
      expect(count).toBeLessThanOrEqual(1);
      received += count;
    }
    expect(received).toBe(sentCount);
    expect((await current(mailing.id)).state).toBe('cancelled');
  }, 120_000);
});

describe('a Telegram mailing', () => {
  let userCount = 0;
  const connectBot = async () => {
    const token = telegram.addBot();
    const connected = await admin.request<{ channel: { id: string } }>('POST', '/api/apps/channels', {
      body: { type: 'telegram', name: `Bot ${run} ${token.slice(0, 6)}`, botToken: token },
    });
    expect(connected.status).toBe(201);
    return { token, channelId: connected.body.channel.id };
  };
  /** A lead who wrote to the bot, tagged: the mailing's audience. */
  const leadOn = async (token: string, tag: string) => {
    userCount += 1;
    const user = { id: 9_100_000 + userCount, first_name: 'Tele', last_name: `Gram${run}x${userCount}` };
    expect((await telegram.postUpdate(token, telegram.textUpdate(user, 'Hello from Telegram'))).status).toBe(200);
    const lead = await waitFor(async () => {
      const found = await admin.request<{ contacts: { id: string; hasTelegram: boolean }[] }>(
        'GET',
        `/api/apps/mailings/contacts?q=${encodeURIComponent(user.last_name)}`,
      );
      const [contact] = found.body.contacts;
      if (!contact?.hasTelegram) throw new Error('the lead is not in yet');
      return contact;
    });
    const tagged = await admin.request('PUT', `/api/apps/mailings/contacts/${lead.id}/tags`, { body: { tags: [tag] } });
    expect(tagged.status).toBe(200);
    return { user, leadId: lead.id };
  };
  const sendTelegramMailing = async (channelId: string, tag: string, html: string) => {
    const created = await admin.request<{ mailing: { id: string; version: number } }>('POST', '/api/apps/mailings', {
      body: { name: `Telegram ${tag}`, channel: 'telegram', channelId, html, audience: { tags: [tag] } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, version } = created.body.mailing;
    const scheduled = await admin.request('POST', `/api/apps/mailings/${id}/transitions`, {
      body: { to: 'scheduled', version, sendNow: true },
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    return id;
  };
  const sendsOf = (token: string, text: string) =>
    telegram.callsOf('sendMessage', token).filter((call) => String(call.body.text).includes(text));

  it('goes once to each tagged lead through the Telegram channel they wrote from', async () => {
    const { token, channelId } = await connectBot();
    const tag = `tg${run}`;
    const { user, leadId } = await leadOn(token, tag);
    const id = await sendTelegramMailing(channelId, tag, '<p>Hi {{firstName}}, news from us.</p>');
    await waitForState(id, 'sent');

    const sends = sendsOf(token, 'news from us');
    expect(sends).toHaveLength(1);
    expect(sends[0]?.body.chat_id).toBe(String(user.id));
    expect(String(sends[0]?.body.text)).toContain('Hi Tele, news from us.');
    expect(String(sends[0]?.body.text)).toContain(`${origin}/unsubscribe/`);
    expect((await stats(id)).totals).toMatchObject({ recipients: 1, queued: 0, sent: 1 });
    const [recipient] = await recipients(id);
    expect(recipient).toMatchObject({ personId: leadId, status: 'sent', channelId });
  }, 120_000);

  it('a 429 sends nothing: the recipient waits retry_after and is sent once', async () => {
    const { token, channelId } = await connectBot();
    const tag = `tgrate${run}`;
    const { user } = await leadOn(token, tag);
    telegram.failNext('sendMessage', { status: 429, description: 'Too Many Requests: retry after 1', retryAfter: 1 });
    const id = await sendTelegramMailing(channelId, tag, '<p>Rate limited news.</p>');
    await waitForState(id, 'sent');

    const [refused, delivered] = sendsOf(token, 'Rate limited news');
    expect(sendsOf(token, 'Rate limited news')).toHaveLength(2);
    expect(delivered?.body.chat_id).toBe(String(user.id));
    // The second call waited for Telegram's retry_after.
    expect((delivered?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(1_000);
    const [recipient] = await recipients(id);
    expect(recipient?.status).toBe('sent');
    expect(recipient?.providerMessageId).toBeTruthy();
    expect((await stats(id)).totals).toMatchObject({ recipients: 1, queued: 0, sent: 1, failed: 0, unknown: 0 });
  }, 120_000);

  it('a 5xx may have gone out: the recipient is unknown, never sent again', async () => {
    const { token, channelId } = await connectBot();
    const tag = `tg5xx${run}`;
    await leadOn(token, tag);
    telegram.failNext('sendMessage', { status: 502, description: 'Bad Gateway' });
    const id = await sendTelegramMailing(channelId, tag, '<p>Gateway news.</p>');
    await waitForState(id, 'sent');

    expect(sendsOf(token, 'Gateway news')).toHaveLength(1);
    const [recipient] = await recipients(id);
    expect(recipient?.status).toBe('unknown');
    expect((await stats(id)).totals).toMatchObject({ recipients: 1, queued: 0, sent: 0, unknown: 1 });
  }, 120_000);

  it('goes only through its own channel: a lead known only through another bot is left out', async () => {
    const [chosen, other] = [await connectBot(), await connectBot()];
    // The editor's choice: both bots by name, never a token.
    const offered = await admin.request<{ telegram: { id: string; name: string; paused: boolean }[] }>(
      'GET',
      '/api/apps/mailings/channels',
    );
    expect(offered.status).toBe(200);
    expect(offered.body.telegram.map((channel) => channel.id)).toEqual(
      expect.arrayContaining([chosen.channelId, other.channelId]),
    );
    expect(JSON.stringify(offered.body)).not.toContain(chosen.token);
    // A channel that is not one of the workspace's Telegram channels is refused, and nothing is stored.
    const listed = async () => (await admin.request<{ mailings: unknown[] }>('GET', '/api/apps/mailings')).body;
    const before = await listed();
    const unknownChannel = await admin.request<{ errors: Record<string, string[]> }>('POST', '/api/apps/mailings', {
      body: {
        name: 'Through no bot',
        channel: 'telegram',
        channelId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
        html: '<p>Nobody</p>',
        audience: { tags: ['nobody'] },
      },
    });
    expect(unknownChannel.status).toBe(400);
    expect(Object.keys(unknownChannel.body.errors)).toEqual(['channelId']);
    expect(await listed()).toEqual(before);
    const tag = `tgonly${run}`;
    const { leadId: reachable } = await leadOn(chosen.token, tag);
    await leadOn(other.token, tag);
    const preview = await admin.request<{ count: number; excluded: { unreachable: number } }>(
      'POST',
      '/api/apps/mailings/audience/preview',
      { body: { channel: 'telegram', channelId: chosen.channelId, audience: { tags: [tag] } } },
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ count: 1, excluded: { unreachable: 1 } });

    const id = await sendTelegramMailing(chosen.channelId, tag, '<p>Only through the chosen bot.</p>');
    await waitForState(id, 'sent');
    expect(sendsOf(chosen.token, 'Only through the chosen bot')).toHaveLength(1);
    expect(sendsOf(other.token, 'Only through the chosen bot')).toEqual([]);
    expect((await recipients(id)).map((recipient) => recipient.personId)).toEqual([reachable]);
  }, 120_000);
});
