import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLead } from '@orbit/functions/chat/contacts-repository';
import { db } from '@orbit/functions/core/db';
import { ulid } from '@orbit/functions/core/ids';
import { enqueueJob } from '@orbit/functions/core/jobs/enqueue';
import { jobEntity } from '@orbit/functions/core/jobs/entities';
import type { JobRecord } from '@orbit/functions/core/jobs/records';
import { tableName } from '@orbit/functions/core/table';
import { leadEntity } from '@orbit/functions/core/users/entities';
import { getUserById } from '@orbit/functions/core/users/repository';
import type { AudiencePreviewResponse, SetTagsResponse } from '@orbit/functions/mailings/audience-contract';
import type { Mailing, MailingList, MailingPreview } from '@orbit/functions/mailings/contract';
import { mailingEntity } from '@orbit/functions/mailings/entities';
import { zeroTotals, type MailingState } from '@orbit/functions/mailings/records';
import type { SequenceListResponse, SequenceResponse } from '@orbit/functions/mailings/sequence-contract';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, signInDemoUsers, startApiStack } from '../support/api-stack';
import { waitForEmails } from '../support/sent-messages';
import { emailStep, sequencesPath, validSequence } from '../support/sequences-api';

/**
 * Mailings over HTTP against the local stack, the area's one HTTP file (docs/mailings.md,
 * "States", "Variables", "Audiences", "Delivery", "Opting out", "Sequences"): drafts saved from
 * their version, every state move a person may ask for and the ones refused (409 with the
 * mailing as it is now), the start and resume jobs written with the move, editing refused past
 * draft, variables checked on save and schedule, the preview, and who may do it. States the
 * delivery reaches (sending, sent) are written into the item directly. Of the audience, the
 * delivery and the sequences, only the routes' wiring is here (status codes, the errors shape,
 * the public unsubscribe routes, one mail through the stack); their rules are service tests:
 * tests/service/mailings-{audience,delivery,sequences-running,sequences-telegram,
 * sequence-counts}.test.ts.
 */

let stack: LocalStack;
let admin: ApiClient;
let clientA: ApiClient;
let manager: ApiClient;
let users: ApiClient;
const ids = { admin: '', clientA: '', clientB: '' };

type Errors = { errors?: Record<string, string[]>; current?: Mailing };
type MailingAnswer = { mailing: Mailing } & Errors;

const signIn = async (who: { phone: string; password: string }) => {
  const client = new ApiClient(stack.url);
  await client.signIn(who.phone, who.password);
  return client;
};

beforeAll(async () => {
  stack = await startApiStack();
  const demoUsers = await signInDemoUsers(stack.url);
  admin = demoUsers.admin;
  clientA = demoUsers.clientA;
  Object.assign(ids, demoUsers.ids);
  [manager, users] = await Promise.all([signIn(demo.manager), signIn(demo.users)]);
});

afterAll(async () => {
  await stack.stop();
});

const validContent = {
  subject: 'News for {{firstName | "you"}}',
  html: '<p>Hello {{firstName | "there"}}, <script>alert(1)</script><b>welcome</b></p>',
};

const create = async (body: Record<string, unknown> = {}, as = admin): Promise<Mailing> => {
  const response = await as.request<MailingAnswer>('POST', '/api/apps/mailings', {
    body: { name: 'Spring news', ...validContent, ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.mailing;
};

const move = (mailing: Pick<Mailing, 'id' | 'version'>, to: string, extra: Record<string, unknown> = {}, as = admin) =>
  as.request<MailingAnswer>('POST', `/api/apps/mailings/${mailing.id}/transitions`, {
    body: { to, version: mailing.version, ...extra },
  });

const save = (mailing: Pick<Mailing, 'id' | 'version'>, body: Record<string, unknown>) =>
  admin.request<MailingAnswer>('PUT', `/api/apps/mailings/${mailing.id}`, {
    body: { version: mailing.version, ...body },
  });

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

const stored = async (id: string) => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: mailingEntity.key(id), ConsistentRead: true }),
  );
  return Item ? mailingEntity.fromItem(Item) : undefined;
};

const job = async (id: string): Promise<JobRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: jobEntity.key(id), ConsistentRead: true }),
  );
  return Item ? (jobEntity.fromItem(Item) as JobRecord) : undefined;
};

/** What the delivery part does on its own (scheduled → sending, sending → sent): one version more. */
const deliveryMoves = async (mailing: Mailing, state: MailingState): Promise<Mailing> => {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: mailingEntity.key(mailing.id),
      UpdateExpression: 'SET #state = :state, version = version + :one',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':state': state, ':one': 1 },
    }),
  );
  const now = await admin.request<MailingAnswer>('GET', `/api/apps/mailings/${mailing.id}`);
  expect(now.body.mailing.state).toBe(state);
  return now.body.mailing;
};

const schedule = (at = inHours(48)) => ({ schedule: { at, timeZone: 'Europe/Paris' } });

describe('drafts', () => {
  it('creates a draft with sanitised HTML, zero totals and version 1, and reads it back', async () => {
    const mailing = await create({ audience: { tags: ['VIP'] }, throttlePerMinute: 120 });
    expect(mailing).toMatchObject({
      name: 'Spring news',
      channel: 'email',
      state: 'draft',
      version: 1,
      throttlePerMinute: 120,
      audience: { tags: ['vip'], statuses: [], roles: [], tagMatch: 'any' },
      totals: { recipients: 0, queued: 0, sent: 0, delivered: 0, bounced: 0, failed: 0, optedOut: 0, replies: 0 },
      createdBy: ids.admin,
    });
    expect(mailing.html).not.toContain('<script');
    expect(mailing.html).toContain('{{firstName | "there"}}');
    const read = await admin.request<MailingAnswer>('GET', `/api/apps/mailings/${mailing.id}`);
    expect(read.status).toBe(200);
    expect(read.body.mailing).toEqual(mailing);
    expect((await create({ throttlePerMinute: undefined })).throttlePerMinute).toBe(600);
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const before = await admin.request<MailingList>('GET', '/api/apps/mailings?limit=50');
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: '  \u200B ' }, 'name'],
      [{ name: 'x', channel: 'fax' }, 'channel'],
      [{ name: 'x', throttlePerMinute: 0 }, 'throttlePerMinute'],
      [{ name: 'x', throttlePerMinute: 10_001 }, 'throttlePerMinute'],
      [{ name: 'x', html: '<p>{{lastName}}</p>' }, 'html'],
      [{ name: 'x', subject: 'Hi {{first name}}' }, 'subject'],
      [{ name: 'x', audience: { statuses: ['nope'] } }, 'audience.statuses.0'],
    ] as const) {
      const response = await admin.request<Errors>('POST', '/api/apps/mailings', { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.body.errors ?? {}), JSON.stringify(response.body)).toContain(field);
    }
    const after = await admin.request<MailingList>('GET', '/api/apps/mailings?limit=50');
    expect(after.body.mailings.map((entry) => entry.id)).toEqual(before.body.mailings.map((entry) => entry.id));
  });

  it('names an unknown variable, and never stores it', async () => {
    const response = await admin.request<Errors>('POST', '/api/apps/mailings', {
      body: { name: 'x', html: '<p>Dear {{lastName}}</p>' },
    });
    expect(response.body.errors?.html?.[0]).toContain('{{lastName}}');
  });

  it('saves from the version read; a stale save is a 409 with the current mailing; variables are checked', async () => {
    const mailing = await create();
    const saved = await save(mailing, { name: 'Summer news', html: '<p>Hi {{fullName}}</p>' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.mailing).toMatchObject({ name: 'Summer news', html: '<p>Hi {{fullName}}</p>', version: 2 });
    expect(saved.body.mailing.subject).toBe(mailing.subject);

    const stale = await save(mailing, { name: 'Lost' });
    expect(stale.status).toBe(409);
    expect(stale.body.errors?.version).toBeDefined();
    expect(stale.body.current).toMatchObject({ name: 'Summer news', version: 2 });

    const unknown = await save(saved.body.mailing, { subject: '{{nickname}}' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.subject).toBeDefined();
    expect((await stored(mailing.id))?.version).toBe(2);
  });

  it('switches to Telegram only with one of the workspace’s Telegram channels, and clears it with null', async () => {
    const mailing = await create();
    // Not a channel of the workspace (the happy path, with real bots: mailings-delivery.test.ts).
    const unknown = await save(mailing, { channel: 'telegram', channelId: 'tg-channel-1' });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.errors ?? {})).toEqual(['channelId']);
    expect(await stored(mailing.id)).toMatchObject({ channel: 'email', version: 1 });
    const telegram = await save(mailing, { channel: 'telegram', channelId: null });
    expect(telegram.status).toBe(200);
    expect(telegram.body.mailing).toMatchObject({ channel: 'telegram' });
    expect(telegram.body.mailing.channelId).toBeUndefined();
    const refused = await move(telegram.body.mailing, 'scheduled', schedule());
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.channelId).toBeDefined();
  });

  it('deletes a draft (at its version when given); a stale or missing one is 409 or 404', async () => {
    const mailing = await create();
    expect((await admin.request<Errors>('DELETE', `/api/apps/mailings/${mailing.id}?version=9`)).status).toBe(409);
    expect((await admin.request('DELETE', `/api/apps/mailings/${mailing.id}?version=1`)).status).toBe(204);
    expect(await stored(mailing.id)).toBeUndefined();
    expect((await admin.request('GET', `/api/apps/mailings/${mailing.id}`)).status).toBe(404);
    expect((await admin.request('DELETE', `/api/apps/mailings/${mailing.id}`)).status).toBe(404);
  });
});

describe('states', () => {
  it('schedules a valid draft for a future time with its start job, unschedules it, schedules again', async () => {
    const mailing = await create();
    const at = inHours(30);
    const scheduled = await move(mailing, 'scheduled', schedule(at));
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body.mailing).toMatchObject({
      state: 'scheduled',
      version: 2,
      schedule: { at, timeZone: 'Europe/Paris' },
    });
    const start = await job(`mailing.start#${mailing.id}#2`);
    expect(start).toMatchObject({ kind: 'mailing.start', payload: { mailingId: mailing.id, version: 2 }, runAt: at });

    const draft = await move(scheduled.body.mailing, 'draft');
    expect(draft.status).toBe(200);
    expect(draft.body.mailing).toMatchObject({ state: 'draft', version: 3 });
    expect(draft.body.mailing.schedule).toBeUndefined();
    expect((await stored(mailing.id))?.schedule).toBeUndefined();

    const again = await move(draft.body.mailing, 'scheduled', { sendNow: true });
    expect(again.status).toBe(200);
    expect(again.body.mailing.state).toBe('scheduled');
    const now = await job(`mailing.start#${mailing.id}#4`);
    expect(now?.payload).toEqual({ mailingId: mailing.id, version: 4 });
    expect(Math.abs(Date.parse(now?.createdAt ?? '') - Date.parse(again.body.mailing.schedule?.at ?? ''))).toBeLessThan(
      1000,
    );
  });

  it('refuses to schedule an incomplete mailing, a past or far time, a bad zone, both or neither of time and now', async () => {
    const noSubject = await create({ subject: '' });
    const refused = await move(noSubject, 'scheduled', schedule());
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.subject).toBeDefined();
    const noBody = await create({ html: '<p> </p>' });
    expect((await move(noBody, 'scheduled', schedule())).body.errors?.html).toBeDefined();

    const mailing = await create();
    for (const [extra, field] of [
      [schedule(inHours(-1)), 'schedule.at'],
      [schedule(inHours(24 * 400)), 'schedule.at'],
      [{ schedule: { at: inHours(2), timeZone: 'Mars/Olympus' } }, 'schedule.timeZone'],
      [{ schedule: { at: '2030-01-01 09:00', timeZone: 'UTC' } }, 'schedule.at'],
      [{}, 'schedule'],
      [{ ...schedule(), sendNow: true }, 'schedule'],
    ] as const) {
      const response = await move(mailing, 'scheduled', extra);
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(response.body.errors ?? {})).toContain(field);
    }
    expect(await stored(mailing.id)).toMatchObject({ state: 'draft', version: 1 });
    expect(await job(`mailing.start#${mailing.id}#2`)).toBeUndefined();
  });

  it('refuses every move a draft does not allow, and stale versions, with the current mailing', async () => {
    const mailing = await create();
    for (const to of ['draft', 'paused', 'sending', 'cancelled']) {
      const response = await move(mailing, to);
      expect(response.status, to).toBe(409);
      expect(response.body.current).toMatchObject({ id: mailing.id, state: 'draft', version: 1 });
    }
    const stale = await move({ ...mailing, version: 7 }, 'scheduled', schedule());
    expect(stale.status).toBe(409);
    expect(stale.body.errors?.version).toBeDefined();
    expect(stale.body.current?.version).toBe(1);
    expect((await move(mailing, 'sent')).status).toBe(400);
  });

  it('a scheduled mailing cannot be edited or deleted, paused or resumed; it can be cancelled', async () => {
    const mailing = await create();
    const scheduled = (await move(mailing, 'scheduled', schedule())).body.mailing;
    const edit = await save(scheduled, { name: 'Too late' });
    expect(edit.status).toBe(409);
    expect(edit.body.errors?.state).toBeDefined();
    expect((await admin.request('DELETE', `/api/apps/mailings/${mailing.id}`)).status).toBe(409);
    expect((await move(scheduled, 'paused')).status).toBe(409);
    expect((await move(scheduled, 'sending')).status).toBe(409);
    expect((await move(scheduled, 'scheduled', schedule())).status).toBe(409);
    const cancelled = await move(scheduled, 'cancelled');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.mailing).toMatchObject({ state: 'cancelled', version: 3 });
    expect(cancelled.body.mailing.cancelledAt).toBeDefined();
    for (const to of ['draft', 'scheduled', 'paused', 'sending', 'cancelled']) {
      expect((await move(cancelled.body.mailing, to, to === 'scheduled' ? schedule() : {})).status, to).toBe(409);
    }
  });

  it('pauses a sending mailing, resumes it with a batch job, cancels it while sending or paused', async () => {
    const mailing = await create();
    const scheduled = (await move(mailing, 'scheduled', schedule())).body.mailing;
    const sending = await deliveryMoves(scheduled, 'sending');
    expect((await move(sending, 'draft')).status).toBe(409);
    const paused = await move(sending, 'paused');
    expect(paused.status).toBe(200);
    expect(paused.body.mailing).toMatchObject({ state: 'paused', version: sending.version + 1 });
    expect((await move(paused.body.mailing, 'paused')).status).toBe(409);
    const resumed = await move(paused.body.mailing, 'sending');
    expect(resumed.status).toBe(200);
    expect(resumed.body.mailing.state).toBe('sending');
    const batch = await job(`mailing.batch#${mailing.id}#resume#${resumed.body.mailing.version}`);
    expect(batch).toMatchObject({ kind: 'mailing.batch', payload: { mailingId: mailing.id } });
    const cancelledWhileSending = await move(resumed.body.mailing, 'cancelled');
    expect(cancelledWhileSending.body.mailing.state).toBe('cancelled');

    const other = await deliveryMoves((await move(await create(), 'scheduled', schedule())).body.mailing, 'sending');
    const otherPaused = (await move(other, 'paused')).body.mailing;
    expect((await move(otherPaused, 'cancelled')).body.mailing.state).toBe('cancelled');
  });

  it('a sent mailing is final: no edit, no delete, no move', async () => {
    const scheduled = (await move(await create(), 'scheduled', schedule())).body.mailing;
    const sent = await deliveryMoves(await deliveryMoves(scheduled, 'sending'), 'sent');
    const edit = await save(sent, { name: 'Edited after sending' });
    expect(edit.status).toBe(409);
    expect(edit.body.current).toMatchObject({ state: 'sent', name: 'Spring news' });
    expect((await admin.request('DELETE', `/api/apps/mailings/${sent.id}`)).status).toBe(409);
    for (const to of ['draft', 'scheduled', 'paused', 'sending', 'cancelled']) {
      expect((await move(sent, to, to === 'scheduled' ? schedule() : {})).status, to).toBe(409);
    }
    expect((await stored(sent.id))?.state).toBe('sent');
  });
});

describe('the list', () => {
  it('lists newest first with state and totals, by state, page by page', async () => {
    const first = await create({ name: 'List one' });
    const second = await create({ name: 'List two' });
    await move(second, 'scheduled', schedule());
    const page = await admin.request<MailingList>('GET', '/api/apps/mailings?limit=2');
    expect(page.status).toBe(200);
    expect(page.body.mailings.map((entry) => entry.id)).toEqual([second.id, first.id]);
    expect(page.body.mailings[0]).toMatchObject({ state: 'scheduled', totals: { sent: 0 } });
    expect(page.body.mailings[0]).not.toHaveProperty('html');
    expect(page.body.nextCursor).toBe(first.id);
    const older = await admin.request<MailingList>('GET', `/api/apps/mailings?limit=2&cursor=${first.id}`);
    expect(older.body.mailings.map((entry) => entry.id)).not.toContain(first.id);

    const drafts = await admin.request<MailingList>('GET', '/api/apps/mailings?state=draft&limit=50');
    expect(drafts.body.mailings.every((entry) => entry.state === 'draft')).toBe(true);
    expect(drafts.body.mailings.map((entry) => entry.id)).toContain(first.id);
    expect(drafts.body.mailings.map((entry) => entry.id)).not.toContain(second.id);
    expect((await admin.request('GET', '/api/apps/mailings?state=gone')).status).toBe(400);
    expect((await admin.request('GET', '/api/apps/mailings?limit=500')).status).toBe(400);
  });
});

describe('preview', () => {
  it('renders subject and body for one person, escaping values in the body', async () => {
    const person = await getUserById(ids.clientA);
    const firstName = person?.fullName.trim().split(/\s+/)[0] ?? '';
    expect(firstName).not.toBe('');
    const mailing = await create({ subject: 'For {{fullName}}', html: '<p>Hi {{firstName | "there"}}!</p>' });
    const response = await admin.request<MailingPreview>('POST', `/api/apps/mailings/${mailing.id}/preview`, {
      body: { personId: ids.clientA },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ subject: `For ${person?.fullName.trim()}`, html: `<p>Hi ${firstName}!</p>` });
    const unknown = await admin.request('POST', `/api/apps/mailings/${mailing.id}/preview`, {
      body: { personId: 'no-such-person' },
    });
    expect(unknown.status).toBe(404);
    expect((await admin.request('POST', `/api/apps/mailings/${mailing.id}/preview`, { body: {} })).status).toBe(400);
  });
});

describe('who may', () => {
  it('lets the users role manage mailings; clients and the manager get 403 and change nothing', async () => {
    const mine = await create({ name: 'By users' }, users);
    expect(mine.createdBy).not.toBe(ids.admin);
    for (const client of [clientA, manager]) {
      expect((await client.request('GET', '/api/apps/mailings')).status).toBe(403);
      expect((await client.request('GET', `/api/apps/mailings/${mine.id}`)).status).toBe(403);
      expect((await client.request('POST', '/api/apps/mailings', { body: { name: 'No' } })).status).toBe(403);
      expect((await move(mine, 'scheduled', schedule(), client)).status).toBe(403);
      expect((await client.request('DELETE', `/api/apps/mailings/${mine.id}`)).status).toBe(403);
    }
    expect(await stored(mine.id)).toMatchObject({ state: 'draft', version: 1 });
  });
});

describe('tags and the audience (the routes; the rules are in tests/service/mailings-audience.test.ts)', () => {
  it('sets tags, lists people and previews by route: 200, 400 in the errors shape, 404, 403', async () => {
    const tag = `wiring${Date.now().toString(36)}`;
    const person = await createLead({
      id: ulid(),
      fullName: 'Wire Tagged',
      about: '',
      status: 'interest_shown',
      source: 'website',
      email: `${tag}@outside.example`,
      createdAt: new Date().toISOString(),
    });
    const set = await admin.request<SetTagsResponse>('PUT', `/api/apps/mailings/contacts/${person.id}/tags`, {
      body: { tags: [tag.toUpperCase()] },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.contact).toMatchObject({ id: person.id, tags: [tag] });
    const bulk = await admin.request('POST', '/api/apps/mailings/contacts/tags', {
      body: { ids: [person.id], add: ['second'] },
    });
    expect(bulk.status).toBe(200);
    const listed = await admin.request<{ contacts: { id: string; tags: string[] }[] }>(
      'GET',
      `/api/apps/mailings/contacts?tag=${tag}`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.contacts).toEqual([expect.objectContaining({ id: person.id, tags: [tag, 'second'] })]);
    const previewed = await admin.request<AudiencePreviewResponse>('POST', '/api/apps/mailings/audience/preview', {
      body: { channel: 'email', audience: { tags: [tag] } },
    });
    expect(previewed.status, JSON.stringify(previewed.body)).toBe(200);
    expect(previewed.body).toMatchObject({ count: 1 });

    const bad = await admin.request('PUT', `/api/apps/mailings/contacts/${person.id}/tags`, {
      body: { tags: ['two words'] },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as Errors).errors ?? {}).some((field) => field.startsWith('tags'))).toBe(true);
    expect((await admin.request('GET', '/api/apps/mailings/contacts?cursor=%%%')).status).toBe(400);
    expect((await admin.request('POST', '/api/apps/mailings/audience/preview', { body: {} })).status).toBe(400);
    expect(
      (await admin.request('PUT', '/api/apps/mailings/contacts/no-such-person/tags', { body: { tags: ['x'] } })).status,
    ).toBe(404);
    expect(
      (await clientA.request('PUT', `/api/apps/mailings/contacts/${person.id}/tags`, { body: { tags: ['x'] } })).status,
    ).toBe(403);
  });
});

describe('delivery (the routes; the rules are in tests/service/mailings-delivery.test.ts)', () => {
  const run = Date.now().toString(36);
  let sent = 0;

  /** One lead, tagged alone, sent one mailing through the stack's worker and SES: its id, mail and token. */
  const sendOne = async (name: string) => {
    sent += 1;
    const tag = `wire${run}${sent}`;
    const address = `${tag}@outside.example`;
    const personId = `lead-${tag}`;
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: leadEntity.toItem({
          id: personId,
          fullName: name,
          role: 'lead',
          status: 'new',
          email: address,
          tags: [tag],
          language: 'fr',
          createdAt: new Date().toISOString(),
          version: 1,
        }),
      }),
    );
    // Written as the schedule writes it (state `scheduled`, then its start job): the worker sends it.
    const mailingId = `01KWIRE${run}${String(sent).padStart(4, '0')}`.slice(0, 26);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...mailingEntity.key(mailingId),
          type: 'Mailing',
          id: mailingId,
          name: `Wiring ${sent}`,
          state: 'scheduled',
          version: 1,
          channel: 'email',
          subject: 'News for {{firstName | "you"}}',
          html: '<p>Hello {{fullName}}.</p>',
          audience: { statuses: [], tags: [tag], tagMatch: 'any', roles: [] },
          throttlePerMinute: 0,
          totals: zeroTotals(),
        },
      }),
    );
    await enqueueJob('mailing.start', { mailingId }, { label: 'test start', id: `start-${mailingId}` });
    const [mail] = await waitForEmails(stack.mailStoreUrl, address, 1);
    const token = /\/unsubscribe\/([\w.-]+)/.exec(mail?.body.html ?? '')?.[1] ?? '';
    return { mailingId, personId, mail, token };
  };

  it('reads a sent mailing’s recipients and stats by route (a bad query is 400); a test send is 202, 404 without a mailing', async () => {
    const { mailingId, personId } = await sendOne('Wire Reader');
    const recipients = await admin.request<{ recipients: { personId: string }[] }>(
      'GET',
      `/api/apps/mailings/${mailingId}/recipients?limit=2`,
    );
    expect(recipients.status).toBe(200);
    expect(recipients.body.recipients.map((recipient) => recipient.personId)).toEqual([personId]);
    const stats = await admin.request<{ totals: Record<string, number> }>(
      'GET',
      `/api/apps/mailings/${mailingId}/stats`,
    );
    expect(stats.status).toBe(200);
    expect(stats.body.totals).toMatchObject({ recipients: 1 });
    const badQuery = await admin.request('GET', `/api/apps/mailings/${mailingId}/recipients?status=nope`);
    expect(badQuery.status).toBe(400);
    expect(badQuery.body).toMatchObject({ errors: expect.any(Object) });

    const draft = await create({ subject: 'Preview {{firstName}}' });
    expect((await admin.request('POST', `/api/apps/mailings/${draft.id}/test`)).status).toBe(202);
    expect((await admin.request('POST', '/api/apps/mailings/01KNOSUCHMAILING0000000000/test')).status).toBe(404);
    expect((await clientA.request('POST', `/api/apps/mailings/${draft.id}/test`)).status).toBe(403);
  });

  it('serves the public unsubscribe routes without a sign-in: GET describes, a one-click form POST opts out, a bad token is 404', async () => {
    const { mail, token } = await sendOne('Lea Wire');
    expect(mail?.body.html).toContain('Se désabonner');
    expect(token).not.toBe('');
    const view = await admin.request<{ workspace: string; language: string; optedOut: boolean; address: string }>(
      'GET',
      `/api/mailings/unsubscribe/${token}`,
      { token: null },
    );
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ workspace: 'Orbit Agency', language: 'fr', optedOut: false });
    // What a mail client posts for RFC 8058, perhaps twice: the same answer.
    for (let time = 0; time < 2; time += 1) {
      const posted = await admin.request('POST', `/api/mailings/unsubscribe/${token}`, {
        token: null,
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(posted.status).toBe(200);
    }
    expect(
      (await admin.request<{ optedOut: boolean }>('GET', `/api/mailings/unsubscribe/${token}`, { token: null })).body
        .optedOut,
    ).toBe(true);
    const tampered = `${token.slice(0, -2)}xx`;
    expect((await admin.request('GET', `/api/mailings/unsubscribe/${tampered}`, { token: null })).status).toBe(404);
    expect((await admin.request('POST', '/api/mailings/unsubscribe/not-a-token', { token: null })).status).toBe(404);
  });
});

describe('sequences (the routes; a sequence running is in tests/service/mailings-sequences-running.test.ts)', () => {
  const createSequence = (body: unknown, client = admin) =>
    client.request<SequenceResponse>('POST', sequencesPath, { body });

  const listSequences = async () => (await admin.request<SequenceListResponse>('GET', sequencesPath)).body.sequences;

  it('creates, reads, lists, updates with its version and deletes', async () => {
    const body = validSequence();
    const created = await createSequence(body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { sequence } = created.body;
    expect(sequence).toMatchObject({
      name: body.name,
      channel: 'email',
      trigger: { type: 'status', status: 'interest_shown' },
      active: false,
      version: 1,
    });
    expect(sequence.steps).toHaveLength(2);
    expect(sequence.steps[1]).toMatchObject({
      delayDays: 3,
      subject: 'Three days on',
      stats: { sent: 0, delivered: 0, failed: 0, optedOut: 0, replies: 0 },
    });

    const read = await admin.request<SequenceResponse>('GET', `${sequencesPath}/${sequence.id}`);
    expect(read.status).toBe(200);
    expect(read.body.sequence).toEqual(sequence);
    expect((await listSequences()).map((entry) => entry.id)).toContain(sequence.id);

    const updated = await admin.request<SequenceResponse>('PUT', `${sequencesPath}/${sequence.id}`, {
      body: { ...body, name: 'Renamed', trigger: { type: 'tag', tag: 'vip' }, version: 1 },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.sequence).toMatchObject({ name: 'Renamed', trigger: { type: 'tag', tag: 'vip' }, version: 2 });

    const stale = await admin.request('PUT', `${sequencesPath}/${sequence.id}`, {
      body: { ...body, name: 'Lost update', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ errors: { version: [expect.any(String)] } });
    expect((await admin.request<SequenceResponse>('GET', `${sequencesPath}/${sequence.id}`)).body.sequence.name).toBe(
      'Renamed',
    );

    expect((await admin.request('DELETE', `${sequencesPath}/${sequence.id}`)).status).toBe(204);
    expect((await admin.request('GET', `${sequencesPath}/${sequence.id}`)).status).toBe(404);
    expect((await admin.request('DELETE', `${sequencesPath}/${sequence.id}`)).status).toBe(404);
    expect(
      (await admin.request('PUT', `${sequencesPath}/${sequence.id}`, { body: { ...body, version: 2 } })).status,
    ).toBe(404);
    expect((await listSequences()).map((entry) => entry.id)).not.toContain(sequence.id);
  });

  it.each([
    ['no name', { name: '  ' }, 'name'],
    ['no steps', { steps: [] }, 'steps'],
    ['eleven steps', { steps: Array.from({ length: 11 }, () => emailStep(1, 'x')) }, 'steps'],
    ['a fractional delay', { steps: [emailStep(1.5, 'x')] }, 'steps.0.delayDays'],
    ['a negative delay', { steps: [emailStep(-1, 'x')] }, 'steps.0.delayDays'],
    ['a delay over a year', { steps: [emailStep(366, 'x')] }, 'steps.0.delayDays'],
    ['an email step without a subject', { steps: [{ delayDays: 0, html: '<p>x</p>' }] }, 'steps'],
    ['an empty message', { steps: [{ delayDays: 0, subject: 'x', html: ' ' }] }, 'steps.0.html'],
    [
      'an unknown variable in a message',
      { steps: [emailStep(0, 'x'), { ...emailStep(1, 'y'), html: '{{nickname}}' }] },
      'steps.1.html',
    ],
    ['a malformed variable in a subject', { steps: [emailStep(0, 'Hi {{first name}}')] }, 'steps.0.subject'],
    [
      'a message the sanitiser empties',
      { steps: [{ ...emailStep(0, 'x'), html: '<script>alert(1)</script>' }] },
      'steps.0.html',
    ],
    ['an unknown status', { trigger: { type: 'status', status: 'vip' } }, 'trigger.status'],
    ['an unknown trigger', { trigger: { type: 'birthday' } }, 'trigger.type'],
    ['an unknown channel', { channel: 'sms' }, 'channel'],
  ])('refuses a sequence with %s with 400 and stores nothing', async (_, change, field) => {
    const before = (await listSequences()).length;
    const { status, body } = await createSequence(validSequence(change));
    expect(status, JSON.stringify(body)).toBe(400);
    const errors = (body as unknown as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors)).toContain(field);
    expect(errors[field]?.[0]).toEqual(expect.any(String));
    expect((await listSequences()).length).toBe(before);
  });

  it('refuses a bad sequence update with 400 and keeps the stored sequence', async () => {
    const created = await createSequence(validSequence());
    const { id } = created.body.sequence;
    const bad = await admin.request('PUT', `${sequencesPath}/${id}`, {
      body: { ...validSequence({ steps: [] }), version: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: { steps: [expect.any(String)] } });
    const noVersion = await admin.request('PUT', `${sequencesPath}/${id}`, { body: validSequence() });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body).toMatchObject({ errors: { version: [expect.any(String)] } });
    expect((await admin.request<SequenceResponse>('GET', `${sequencesPath}/${id}`)).body.sequence).toEqual(
      created.body.sequence,
    );
  });

  it('lets only those who manage mailings at sequences', async () => {
    const created = await createSequence(validSequence());
    const { id } = created.body.sequence;
    expect((await createSequence(validSequence(), clientA)).status).toBe(403);
    expect((await clientA.request('GET', sequencesPath)).status).toBe(403);
    expect((await clientA.request('GET', `${sequencesPath}/${id}`)).status).toBe(403);
    expect((await clientA.request('DELETE', `${sequencesPath}/${id}`)).status).toBe(403);
    expect((await admin.request('GET', `${sequencesPath}/${id}`)).status).toBe(200);
    expect((await new ApiClient(stack.url).request('GET', sequencesPath)).status).toBe(401);
  });
});
