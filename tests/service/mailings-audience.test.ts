import { GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';

import { contactsQuery as chatContactsQuery } from '@orbit/functions/chat/contract';
import { createChannelLead, createLead } from '@orbit/functions/chat/contacts-repository';
import { searchContacts } from '@orbit/functions/chat/service';
import type { Caller } from '@orbit/functions/core/caller';
import type { ContactEvent } from '@orbit/functions/core/contact-events';
import { db } from '@orbit/functions/core/db';
import { suppressAddress } from '@orbit/functions/core/email-suppression';
import { ulid } from '@orbit/functions/core/ids';
import { tableName } from '@orbit/functions/core/table';
import { userEntity } from '@orbit/functions/core/users/entities';
import {
  audiencePreviewRequest,
  bulkTagsRequest,
  contactsQuery,
  setTagsRequest,
} from '@orbit/functions/mailings/audience-requests';
import {
  bulkTags,
  listMailingContacts,
  listTags,
  previewAudience,
  setTags,
} from '@orbit/functions/mailings/audience-service';

import { demo } from '../support/api-stack';

import { callerOf, fieldsOf, parsed, refusal } from './support/background-people';
import { copySeededWorkspace } from './support/seeded-workspace';

/**
 * Audiences and tags at the service (docs/mailings.md, "Audiences"): setting and bulk-changing
 * tags with their `tags_changed` events, the tags in use, the people list, the preview's count
 * with opted-out, suppressed and unreachable people left out, bad input refused (400) with
 * nothing stored, and who may do what (403). Each test tags its own people with a tag of its
 * own. The routes' wiring (status codes, the errors shape) is shown in tests/api/mailings.test.ts.
 */

let admin: Caller;
let clientA: Caller;
let users: Caller;
let manager: Caller;

beforeAll(async () => {
  await copySeededWorkspace();
  [admin, clientA, users, manager] = await Promise.all([
    callerOf(demo.admin),
    callerOf(demo.clientA),
    callerOf(demo.users),
    callerOf(demo.manager),
  ]);
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
  await createChannelLead({
    id,
    fullName,
    about: '',
    status: 'interest_shown',
    source: 'telegram',
    createdAt: new Date().toISOString(),
    channel: { id: 'channel-tg', type: 'telegram' },
    identity: { channelId: 'channel-tg', type: 'telegram', externalId: `tg-${id}`, replyTo: `chat-${id}` },
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
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: userEntity.key(id) }));
  return Item?.tags;
};

/** The `contact.event` jobs written for a person (nothing drains them here: they stay queued). */
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

const tag = (caller: Caller, id: string, tags: unknown) => setTags(caller, id, parsed(setTagsRequest, { tags }));
const bulk = (caller: Caller, body: unknown) => bulkTags(caller, parsed(bulkTagsRequest, body));
const contacts = (caller: Caller, query: Record<string, string>) =>
  listMailingContacts(caller, parsed(contactsQuery, query));
const preview = (caller: Caller, body: unknown) => previewAudience(caller, parsed(audiencePreviewRequest, body));

describe('tags', () => {
  it('sets one person’s tags, lower-cased, with one event per real change', async () => {
    const person = await lead('Tag Setter');
    const first = await tag(admin, person.id, ['VIP', 'paris', 'vip']);
    expect(first.contact).toMatchObject({ id: person.id, tags: ['vip', 'paris'], optedOut: false });
    expect(await readTags(person.id)).toEqual(['vip', 'paris']);

    // The same tags again change nothing: no second event.
    expect((await tag(admin, person.id, ['paris', 'vip'])).contact.tags).toEqual(['vip', 'paris']);
    const second = await tag(admin, person.id, ['paris', 'rome']);
    expect(second.contact.tags).toEqual(['paris', 'rome']);

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
    await tag(admin, person.id, ['chat-shown']);
    const found = await searchContacts(admin, parsed(chatContactsQuery, { q: 'Chat Tagged' }));
    expect(found.contacts.find((contact) => contact.id === person.id)?.tags).toEqual(['chat-shown']);
  });

  it('adds and removes tags in bulk; an unknown id changes nobody', async () => {
    const name = newTag();
    const [a, b] = await Promise.all([lead('Bulk A'), lead('Bulk B')]);
    await tag(admin, a.id, [name]);

    const added = await bulk(admin, { ids: [a.id, b.id], add: [name, 'bulk-extra'] });
    expect(added.changed).toBe(2);
    expect(await readTags(a.id)).toEqual([name, 'bulk-extra']);
    expect(await readTags(b.id)).toEqual([name, 'bulk-extra']);

    const unknown = await refusal(bulk(admin, { ids: [a.id, 'no-such-person'], remove: [name] }));
    expect(unknown.status).toBe(404);
    expect(await readTags(a.id)).toEqual([name, 'bulk-extra']);

    const removed = await bulk(admin, { ids: [a.id, b.id], remove: ['bulk-extra'] });
    expect(removed.changed).toBe(2);
    expect(await readTags(b.id)).toEqual([name]);

    expect((await listTags(admin)).tags).toContainEqual({ tag: name, count: 2 });
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const person = await lead('Bad Input');
    await tag(admin, person.id, ['kept']);
    const bad = [
      {},
      { tags: 'vip' },
      { tags: ['two words'] },
      { tags: [''] },
      { tags: Array.from({ length: 21 }, (_, index) => `t${index}`) },
    ];
    for (const body of bad) {
      const refused = await refusal(setTags(admin, person.id, parsed(setTagsRequest, body)));
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(fieldsOf(refused)).some((field) => field.startsWith('tags'))).toBe(true);
    }
    const badBulk = [
      {},
      { ids: [person.id] },
      { ids: [], add: ['x'] },
      { ids: [person.id], add: ['x'], remove: ['x'] },
    ];
    for (const body of badBulk) {
      const refused = await refusal(bulk(admin, body));
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(fieldsOf(refused)).length).toBeGreaterThan(0);
    }
    expect(await readTags(person.id)).toEqual(['kept']);
    // Twenty tags already: one more in bulk would be 21, refused.
    const many = Array.from({ length: 20 }, (_, index) => `m${index}`);
    await tag(admin, person.id, many);
    expect((await refusal(bulk(admin, { ids: [person.id], add: ['one-more'] }))).status).toBe(400);
    expect(await readTags(person.id)).toEqual(many);
    expect((await refusal(tag(admin, 'no-such-person', ['x']))).status).toBe(404);
    expect((await refusal(contacts(admin, { status: 'nope' }))).status).toBe(400);
    expect((await refusal(contacts(admin, { cursor: '%%%' }))).status).toBe(400);
  });

  it('who may tag: update Contact (not users, not clients)', async () => {
    const person = await lead('Rights');
    expect((await refusal(tag(users, person.id, ['x']))).status).toBe(403);
    expect((await refusal(bulk(clientA, { ids: [person.id], add: ['x'] }))).status).toBe(403);
    expect((await tag(manager, person.id, ['x'])).contact.tags).toEqual(['x']);
    expect((await refusal(preview(manager, { channel: 'email', audience: {} }))).status).toBe(403);
    expect((await contacts(users, {})).contacts.length).toBeGreaterThan(0);
    expect(await readTags(person.id)).toEqual(['x']);
  });
});

describe('people', () => {
  it('lists people by tag and name, page by page, with no address or sign-in data', async () => {
    const name = newTag();
    const people = await Promise.all(
      ['Page One', 'Page Two', 'Page Three'].map((fullName) =>
        lead(fullName, { email: `${fullName.replace(' ', '.')}@example.com` }),
      ),
    );
    await bulk(admin, { ids: people.map((person) => person.id), add: [name] });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof contacts>> = await contacts(admin, {
        tag: name,
        limit: '2',
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.contacts.map((contact) => contact.fullName));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Page One', 'Page Three', 'Page Two']);

    const named = await contacts(admin, { tag: name, q: 'three' });
    expect(named.contacts).toEqual([
      expect.objectContaining({ fullName: 'Page Three', hasEmail: true, hasTelegram: false, tags: [name] }),
    ]);

    const everyone = JSON.stringify(await contacts(admin, { limit: '100' }));
    expect(everyone).not.toMatch(/passwordHash|@example\.com|"phone"|"email"/);
  });
});

describe('audience preview', () => {
  it('counts the audience on email with opted-out, suppressed and unreachable left out', async () => {
    const name = newTag();
    const suppressed = `suppressed-${name}@example.com`;
    const [ann, bob, cat, dan, eve] = await Promise.all([
      lead('Ann Preview', { email: `ann-${name}@example.com` }),
      lead('Bob Preview', { email: `bob-${name}@example.com` }),
      lead('Cat Preview', { email: suppressed }),
      lead('Dan Preview'),
      lead('Eve Preview', { email: `eve-${name}@example.com`, status: 'deleted' }),
    ]);
    const tg = await telegramLead('Tg Preview');
    await bulk(admin, { ids: [ann.id, bob.id, cat.id, dan.id, eve.id, tg.id], add: [name] });
    await optOut(bob.id);
    await suppressAddress({ address: suppressed.toUpperCase(), reason: 'bounce', at: new Date().toISOString() });

    expect(await preview(users, { channel: 'email', audience: { tags: [name] } })).toEqual({
      count: 1,
      sample: ['Ann Preview'],
      excluded: { optedOut: 1, suppressed: 1, unreachable: 2 },
    });
    expect(await preview(admin, { channel: 'telegram', audience: { tags: [name] } })).toEqual({
      count: 1,
      sample: ['Tg Preview'],
      excluded: { optedOut: 1, suppressed: 0, unreachable: 3 },
    });
    const closed = await preview(admin, { channel: 'email', audience: { tags: [name], statuses: ['closed'] } });
    expect(closed.count).toBe(0);
    const both = await preview(admin, {
      channel: 'email',
      audience: { tags: [name, 'nobody-has-this'], tagMatch: 'all' },
    });
    expect(both.count).toBe(0);
  });

  it('refuses a bad preview with 400', async () => {
    for (const body of [
      {},
      { channel: 'sms', audience: {} },
      { channel: 'email', audience: { statuses: ['nope'] } },
      { channel: 'email', audience: { tags: ['a b'] } },
    ]) {
      const refused = await refusal(preview(admin, body));
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(fieldsOf(refused)).length).toBeGreaterThan(0);
    }
    expect((await refusal(preview(clientA, { channel: 'email', audience: {} }))).status).toBe(403);
  });
});
