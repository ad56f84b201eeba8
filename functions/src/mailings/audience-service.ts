import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import { ConditionFailed } from '../core/db';
import { listSuppressedAddresses } from '../core/email-suppression';
import { listTelegramChannels } from '../core/telegram-channels';
import { NotFoundError, ValidationError } from '../core/errors';
import type { AudienceFilter, MailingChannel } from './audience-filter';
import type {
  AudiencePreviewResponse,
  BulkTagsResponse,
  MailingChannelsResponse,
  MailingContactsResponse,
  SetTagsResponse,
  TagsResponse,
} from './audience-contract';
import {
  applyTagChange,
  countTags,
  diffTags,
  matchesPeopleFilter,
  resolveFrom,
  toMailingContact,
  tooManyTags,
  type PersonRow,
  type ResolvedAudience,
} from './audience-match';
import { readPeople, readPerson, readPersons, writeTags } from './audience-repository';
import {
  audienceMessages,
  type AudiencePreviewRequest,
  type BulkTagsRequest,
  type ContactsQuery,
  type SetTagsRequest,
} from './audience-requests';

/**
 * Audiences and tags (docs/mailings.md, "Audiences"). Each use case authorises before it reads
 * the request (403 whatever the body), then reads the people once and works in memory.
 */

/**
 * Everyone the filter names on the channel, and how many it leaves out: the people (every page)
 * and the suppression list read once each. The send freezes its recipients with this. A Telegram
 * mailing names its channel: only chats on that bot count.
 */
export const resolveAudience = async (
  filter: AudienceFilter,
  channel: MailingChannel,
  telegramChannelId?: string,
): Promise<ResolvedAudience> => {
  const [people, suppressed] = await Promise.all([
    readPeople(),
    channel === 'email' ? listSuppressedAddresses() : Promise.resolve(new Set<string>()),
  ]);
  return resolveFrom(people, suppressed, filter, channel, channel === 'telegram' ? telegramChannelId : undefined);
};

export const previewAudience = async (
  caller: Caller,
  request: () => AudiencePreviewRequest,
): Promise<AudiencePreviewResponse> => {
  authorize(caller.ability, 'read', 'Mailing');
  const { channel, channelId, audience } = request();
  const { members, excluded } = await resolveAudience(audience, channel, channelId);
  return { count: members.length, sample: members.slice(0, 5).map((member) => member.fullName), excluded };
};

/** The channels the editor offers for a Telegram mailing (whoever may see mailings may pick one). */
export const listMailingChannels = async (caller: Caller): Promise<MailingChannelsResponse> => {
  authorize(caller.ability, 'read', 'Mailing');
  return { telegram: await listTelegramChannels() };
};

/* ---------- Reading people and tags ---------- */

const encodeCursor = (sortKey: string): string => Buffer.from(sortKey, 'utf8').toString('base64url');

const decodeCursor = (cursor: string): string => {
  const sortKey = Buffer.from(cursor, 'base64url').toString('utf8');
  // Only our own encoding of a sort key is accepted, never a guess at what was meant.
  if (sortKey === '' || encodeCursor(sortKey) !== cursor)
    throw new ValidationError({ cursor: [audienceMessages.cursor] });
  return sortKey;
};

export const listMailingContacts = async (
  caller: Caller,
  request: () => ContactsQuery,
): Promise<MailingContactsResponse> => {
  authorize(caller.ability, 'read', 'Contact');
  const query = request();
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const limit = query.limit ?? 50;
  const matching = (await readPeople()).filter(
    (person) => (after === undefined || person.sortKey > after) && matchesPeopleFilter(person, query),
  );
  const page = matching.slice(0, limit);
  const last = page.at(-1);
  return {
    contacts: page.map(toMailingContact),
    nextCursor: matching.length > limit && last ? encodeCursor(last.sortKey) : null,
  };
};

export const listTags = async (caller: Caller): Promise<TagsResponse> => {
  authorize(caller.ability, 'read', 'Contact');
  return { tags: countTags(await readPeople()) };
};

/* ---------- Changing tags ---------- */

const attempts = 4;

/**
 * Applies a change to one person from a fresh read, again when someone else changed the profile
 * meanwhile. The event is written only when the tags really change. True when they did.
 */
const changeTags = async (
  first: PersonRow,
  change: (current: readonly string[]) => { tags: string[]; added: string[]; removed: string[] },
): Promise<{ person: PersonRow; changed: boolean }> => {
  let person: PersonRow | undefined = first;
  for (let attempt = 1; person; attempt += 1) {
    const next = change(person.tags);
    if (next.added.length === 0 && next.removed.length === 0) return { person, changed: false };
    if (tooManyTags(next.tags)) throw new ValidationError({ tags: [audienceMessages.tooManyTags] });
    try {
      await writeTags(person, next, new Date());
      return { person: { ...person, tags: next.tags }, changed: true };
    } catch (error) {
      if (!(error instanceof ConditionFailed) || attempt >= attempts) throw error;
    }
    person = await readPerson(first.id);
  }
  throw new NotFoundError(audienceMessages.notFound);
};

export const setTags = async (caller: Caller, id: string, request: () => SetTagsRequest): Promise<SetTagsResponse> => {
  authorize(caller.ability, 'update', 'Contact');
  const { tags } = request();
  const person = await readPerson(id);
  if (!person) throw new NotFoundError(audienceMessages.notFound);
  const result = await changeTags(person, (current) => diffTags(current, tags));
  return { contact: toMailingContact(result.person) };
};

/** People changed at once: enough to be quick, few enough to leave the table's capacity to others. */
const bulkConcurrency = 8;

/**
 * Every id must name a person, and no one may end with more than 20 tags; else the answer is
 * 404 (or 400) and nothing is written. Each person's change is its own transaction with its
 * event (a transaction holds at most 100 items; 500 people with their events do not fit).
 */
export const bulkTags = async (caller: Caller, request: () => BulkTagsRequest): Promise<BulkTagsResponse> => {
  authorize(caller.ability, 'update', 'Contact');
  const { ids, add, remove } = request();
  const people = await readPersons(ids);
  if (people.length !== ids.length) throw new NotFoundError(audienceMessages.someNotFound);
  const change = (current: readonly string[]) => applyTagChange(current, add, remove);
  if (people.some((person) => tooManyTags(change(person.tags).tags)))
    throw new ValidationError({ add: [audienceMessages.tooManyTags] });
  let changed = 0;
  let next = 0;
  const worker = async () => {
    for (let person = people[next++]; person; person = people[next++]) {
      if ((await changeTags(person, change)).changed) changed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(bulkConcurrency, people.length) }, worker));
  return { changed };
};
