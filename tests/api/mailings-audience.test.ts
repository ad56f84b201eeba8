import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLead, createChannelLead } from '@orbit/functions/chat/contacts-repository';
import { db } from '@orbit/functions/core/db';
import { suppressAddress } from '@orbit/functions/core/email-suppression';
import { ulid } from '@orbit/functions/core/ids';
import { tableName } from '@orbit/functions/core/table';
import { userEntity } from '@orbit/functions/core/users/entities';
import type {
  AudiencePreviewResponse,
  BulkTagsResponse,
  MailingContactsResponse,
  SetTagsResponse,
  TagsResponse,
} from '@orbit/functions/mailings/audience-contract';
import type { ContactEvent } from '@orbit/functions/core/contact-events';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, signInDemoUsers, startApiStack } from '../support/api-stack';

/**
 * Audiences and tags over HTTP against the local stack (docs/mailings.md, "Audiences"): setting
 * and bulk-changing tags with their `tags_changed` events, the tags in use, the people list, the
 * preview's count with opted-out, suppressed and unreachable people left out, bad input a 400
 * with nothing stored, and who may do what. Each test tags its own people with a tag of its own,
 * so the counts are those of its people whatever else the table holds.
 */

let stack: LocalStack;
let admin: ApiClient;
let clientA: ApiClient;
let users: ApiClient;
let manager: ApiClient;

beforeAll(async () => {
  stack = await startApiStack();
  const signedIn = await signInDemoUsers(stack.url);
  admin = signedIn.admin;
  clientA = signedIn.clientA;
  users = new ApiClient(stack.url);
  manager = new ApiClient(stack.url);
  await Promise.all([
    users.signIn(demo.users.phone, demo.users.password),
    manager.signIn(demo.manager.phone, demo.manager.password),
  ]);
});

afterAll(async () => {
  await stack.stop();
});

let tagCount = 0;
/** A tag no other test uses. */
const newTag = () => `t${Date.now().toString(36)}${(tagCount += 1)}`;

const lead = async (
  fullName: string,
  extra: { email?: string; status?: 'interest_shown' | 'closed' | 'deleted' } = {},
) =>
  createLead({
    id: ulid(),
    fullName,
    about: '',
    status: extra.status ?? 'interest_shown',
    source: 'website',
    ...(extra.email ? { email: extra.email } : {}),
    createdAt: new Date().toISOString(),
  });

const telegramLead = async (fullName: string) => {
  const id = ulid();
  const externalId = `tg-${id}`;
  await createChannelLead({
    id,
    fullName,
    about: '',
    status: 'interest_shown',
    source: 'telegram',
    createdAt: new Date().toISOString(),
    channel: { id: 'channel-tg', type: 'telegram' },
    identity: { channelId: 'channel-tg', type: 'telegram', externalId, replyTo: `chat-${id}` },
  });
  return { id, fullName };
};

/** Opt-out as the unsubscribe part records it, written straight to the profile. */
const optOut = (id: string) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userEntity.key(id),
      UpdateExpression: 'SET mailingOptOut = :o',
      ExpressionAttributeValues: { ':o': { at: new Date().toISOString(), via: 'link' } },
    }),
  );

const readTags = async (id: string): Promise<unknown> => {
  const { Items } = await db().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: 'pk = :pk AND sk = :sk',
      ExpressionAttributeValues: { ':pk': userEntity.key(id).pk, ':sk': 'PROFILE' },
    }),
  );
  return Items?.[0]?.tags;
};

/** The `contact.event` jobs written for a person. */
const eventsOf = async (contactId: string): Promise<ContactEvent[]> => {
  const found: ContactEvent[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#kind = :kind AND payload.contactId = :id',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':kind': 'contact.event', ':id': contactId },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    found.push(...((page.Items ?? []).map((item) => item.payload) as ContactEvent[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
};

const preview = async (client: ApiClient, body: unknown) =>
  client.request<AudiencePreviewResponse>('POST', '/api/apps/mailings/audience/preview', { body });

describe('tags', () => {
  it('sets one person’s tags, lower-cased, with one event per real change', async () => {
    const person = await lead('Tag Setter');
    const first = await admin.request<SetTagsResponse>('PUT', `/api/apps/mailings/contacts/${person.id}/tags`, {
      body: { tags: ['VIP', 'paris', 'vip'] },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.contact).toMatchObject({ id: person.id, tags: ['vip', 'paris'], optedOut: false });
    expect(await readTags(person.id)).toEqual(['vip', 'paris']);

    // The same tags again change nothing: no second event.
    expect(
      (
        await admin.request('PUT', `/api/apps/mailings/contacts/${person.id}/tags`, {
          body: { tags: ['paris', 'vip'] },
        })
      ).status,
    ).toBe(200);
    const second = await admin.request<SetTagsResponse>('PUT', `/api/apps/mailings/contacts/${person.id}/tags`, {
      body: { tags: ['paris', 'rome'] },
    });
    expect(second.body.contact.tags).toEqual(['paris', 'rome']);

    // The lead's own 'created' event is not a tag change: only tag changes are counted here.
    const events = (await eventsOf(person.id)).filter((event) => event.type !== 'created');
    expect(
      events.map((event) => (event.type === 'tags_changed' ? { added: event.added, removed: event.removed } : event)),
    ).toEqual(
      expect.arrayContaining([
        { added: ['vip', 'paris'], removed: [] },
        { added: ['rome'], removed: ['vip'] },
      ]),
    );
    expect(events).toHaveLength(2);
    expect(events.every((event) => event.type === 'tags_changed')).toBe(true);
  });

  it('shows the tags in the chat’s contact', async () => {
    const person = await lead('Chat Tagged');
    await admin.request('PUT', `/api/apps/mailings/contacts/${person.id}/tags`, { body: { tags: ['chat-shown'] } });
    const response = await admin.request<{ contacts: { id: string; tags?: string[] }[] }>(
      'GET',
      `/api/apps/chat/contacts?q=${encodeURIComponent('Chat Tagged')}`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.contacts.find((contact) => contact.id === person.id)?.tags).toEqual(['chat-shown']);
  });

  it('adds and removes tags in bulk; an unknown id changes nobody', async () => {
    const tag = newTag();
    const [a, b] = await Promise.all([lead('Bulk A'), lead('Bulk B')]);
    await admin.request('PUT', `/api/apps/mailings/contacts/${a.id}/tags`, { body: { tags: [tag] } });

    const added = await admin.request<BulkTagsResponse>('POST', '/api/apps/mailings/contacts/tags', {
      body: { ids: [a.id, b.id], add: [tag, 'bulk-extra'] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.changed).toBe(2);
    expect(await readTags(a.id)).toEqual([tag, 'bulk-extra']);
    expect(await readTags(b.id)).toEqual([tag, 'bulk-extra']);

    const unknown = await admin.request('POST', '/api/apps/mailings/contacts/tags', {
      body: { ids: [a.id, 'no-such-person'], remove: [tag] },
    });
    expect(unknown.status).toBe(404);
    expect(await readTags(a.id)).toEqual([tag, 'bulk-extra']);

    const removed = await admin.request<BulkTagsResponse>('POST', '/api/apps/mailings/contacts/tags', {
      body: { ids: [a.id, b.id], remove: ['bulk-extra'] },
    });
    expect(removed.body.changed).toBe(2);
    expect(await readTags(b.id)).toEqual([tag]);

    const tags = await admin.request<TagsResponse>('GET', '/api/apps/mailings/tags');
    expect(tags.status).toBe(200);
    expect(tags.body.tags).toContainEqual({ tag, count: 2 });
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const person = await lead('Bad Input');
    await admin.request('PUT', `/api/apps/mailings/contacts/${person.id}/tags`, { body: { tags: ['kept'] } });
    const bad = [
      {},
      { tags: 'vip' },
      { tags: ['two words'] },
      { tags: [''] },
      { tags: Array.from({ length: 21 }, (_, index) => `t${index}`) },
    ];
    for (const body of bad) {
      const response = await admin.request<{ errors: Record<string, string[]> }>(
        'PUT',
        `/api/apps/mailings/contacts/${person.id}/tags`,
        { body },
      );
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.body.errors).some((field) => field.startsWith('tags'))).toBe(true);
    }
    const badBulk = [
      {},
      { ids: [person.id] },
      { ids: [], add: ['x'] },
      { ids: [person.id], add: ['x'], remove: ['x'] },
    ];
    for (const body of badBulk) {
      const response = await admin.request('POST', '/api/apps/mailings/contacts/tags', { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toHaveProperty('errors');
    }
    // Twenty tags already: one more in bulk would be 21, refused.
    const many = Array.from({ length: 20 }, (_, index) => `m${index}`);
    expect(
      (await admin.request('PUT', `/api/apps/mailings/contacts/${person.id}/tags`, { body: { tags: many } })).status,
    ).toBe(200);
    const over = await admin.request('POST', '/api/apps/mailings/contacts/tags', {
      body: { ids: [person.id], add: ['one-more'] },
    });
    expect(over.status).toBe(400);
    expect(await readTags(person.id)).toEqual(many);
    expect(
      (await admin.request('PUT', '/api/apps/mailings/contacts/no-such-person/tags', { body: { tags: ['x'] } })).status,
    ).toBe(404);
    expect((await admin.request('GET', '/api/apps/mailings/contacts?status=nope')).status).toBe(400);
    expect((await admin.request('GET', '/api/apps/mailings/contacts?cursor=%%%')).status).toBe(400);
  });

  it('who may tag: update Contact (not users, not clients)', async () => {
    const person = await lead('Rights');
    expect(
      (await users.request('PUT', `/api/apps/mailings/contacts/${person.id}/tags`, { body: { tags: ['x'] } })).status,
    ).toBe(403);
    expect(
      (await clientA.request('POST', '/api/apps/mailings/contacts/tags', { body: { ids: [person.id], add: ['x'] } }))
        .status,
    ).toBe(403);
    expect(
      (await manager.request('PUT', `/api/apps/mailings/contacts/${person.id}/tags`, { body: { tags: ['x'] } })).status,
    ).toBe(200);
    expect(
      (
        await manager.request('POST', '/api/apps/mailings/audience/preview', {
          body: { channel: 'email', audience: {} },
        })
      ).status,
    ).toBe(403);
    expect((await users.request('GET', '/api/apps/mailings/contacts')).status).toBe(200);
    expect(await readTags(person.id)).toEqual(['x']);
  });
});

describe('people', () => {
  it('lists people by tag and name, page by page, with no address or sign-in data', async () => {
    const tag = newTag();
    const people = await Promise.all(
      ['Page One', 'Page Two', 'Page Three'].map((name) =>
        lead(name, { email: `${name.replace(' ', '.')}@example.com` }),
      ),
    );
    await admin.request('POST', '/api/apps/mailings/contacts/tags', {
      body: { ids: people.map((person) => person.id), add: [tag] },
    });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `tag=${tag}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await admin.request<MailingContactsResponse>('GET', `/api/apps/mailings/contacts?${query}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      seen.push(...page.body.contacts.map((contact) => contact.fullName));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Page One', 'Page Three', 'Page Two']);

    const named = await admin.request<MailingContactsResponse>('GET', `/api/apps/mailings/contacts?tag=${tag}&q=three`);
    expect(named.body.contacts).toEqual([
      expect.objectContaining({ fullName: 'Page Three', hasEmail: true, hasTelegram: false, tags: [tag] }),
    ]);

    const everyone = await admin.request('GET', '/api/apps/mailings/contacts?limit=100');
    const text = JSON.stringify(everyone.body);
    expect(text).not.toMatch(/passwordHash|@example\.com|"phone"|"email"/);
  });
});

describe('audience preview', () => {
  it('counts the audience on email with opted-out, suppressed and unreachable left out', async () => {
    const tag = newTag();
    const suppressed = `suppressed-${tag}@example.com`;
    const [ann, bob, cat, dan, eve] = await Promise.all([
      lead('Ann Preview', { email: `ann-${tag}@example.com` }),
      lead('Bob Preview', { email: `bob-${tag}@example.com` }),
      lead('Cat Preview', { email: suppressed }),
      lead('Dan Preview'),
      lead('Eve Preview', { email: `eve-${tag}@example.com`, status: 'deleted' }),
    ]);
    const tg = await telegramLead('Tg Preview');
    const ids = [ann.id, bob.id, cat.id, dan.id, eve.id, tg.id];
    expect(
      (await admin.request('POST', '/api/apps/mailings/contacts/tags', { body: { ids, add: [tag] } })).status,
    ).toBe(200);
    await optOut(bob.id);
    await suppressAddress({ address: suppressed.toUpperCase(), reason: 'bounce', at: new Date().toISOString() });

    const email = await preview(users, { channel: 'email', audience: { tags: [tag] } });
    expect(email.status, JSON.stringify(email.body)).toBe(200);
    expect(email.body).toEqual({
      count: 1,
      sample: ['Ann Preview'],
      excluded: { optedOut: 1, suppressed: 1, unreachable: 2 },
    });

    const telegram = await preview(admin, { channel: 'telegram', audience: { tags: [tag] } });
    expect(telegram.body).toEqual({
      count: 1,
      sample: ['Tg Preview'],
      excluded: { optedOut: 1, suppressed: 0, unreachable: 3 },
    });

    const closed = await preview(admin, { channel: 'email', audience: { tags: [tag], statuses: ['closed'] } });
    expect(closed.body.count).toBe(0);
    const both = await preview(admin, {
      channel: 'email',
      audience: { tags: [tag, 'nobody-has-this'], tagMatch: 'all' },
    });
    expect(both.body.count).toBe(0);
  });

  it('refuses a bad preview with 400', async () => {
    for (const body of [
      {},
      { channel: 'sms', audience: {} },
      { channel: 'email', audience: { statuses: ['nope'] } },
      { channel: 'email', audience: { tags: ['a b'] } },
    ]) {
      const response = await preview(admin, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toHaveProperty('errors');
    }
    expect((await preview(clientA, { channel: 'email', audience: {} })).status).toBe(403);
  });
});
