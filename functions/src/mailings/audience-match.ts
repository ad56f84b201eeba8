import type { ContactStatus } from '../core/users/records';
import { audienceLimits, type AudienceFilter, type AudienceMember, type MailingChannel } from './audience-filter';
import type { AudienceExcluded, MailingContact, TagCount } from './audience-contract';

/**
 * The audience's rules as pure functions (docs/mailings.md, "Audiences"): the people are read
 * once and matched here in memory, so the send (which freezes recipients), the preview and the
 * sequences (which test one person) agree by construction.
 */

/** A channel identity as the profile holds it (chat/records.ts), only what addresses need. */
export interface PersonIdentity {
  readonly channelId: string;
  readonly type: string;
  readonly externalId: string;
  readonly replyTo?: string;
}

/** A profile item (user or lead) narrowed to what audiences read. */
export interface PersonRow {
  readonly id: string;
  readonly fullName: string;
  readonly role: string;
  readonly status: ContactStatus;
  readonly tags: readonly string[];
  readonly optedOut: boolean;
  readonly email?: string;
  readonly identities: readonly PersonIdentity[];
  readonly language?: string;
  /** The people index's sort key (name#id): the order of lists and their cursor. */
  readonly sortKey: string;
  readonly version?: number;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** A stored profile item as a row; anything missing reads as empty. */
export const personFromItem = (item: Readonly<Record<string, unknown>>): PersonRow => {
  const identities = Array.isArray(item.channelIdentities)
    ? (item.channelIdentities as unknown[]).flatMap((entry): PersonIdentity[] => {
        const identity = entry as Partial<PersonIdentity> | null;
        return identity && typeof identity.channelId === 'string' && typeof identity.externalId === 'string'
          ? [
              {
                channelId: identity.channelId,
                type: String(identity.type ?? ''),
                externalId: identity.externalId,
                ...(typeof identity.replyTo === 'string' ? { replyTo: identity.replyTo } : {}),
              },
            ]
          : [];
      })
    : [];
  return {
    id: String(item.id),
    fullName: String(item.fullName ?? ''),
    role: String(item.role ?? ''),
    status: (item.status ?? 'offline') as ContactStatus,
    tags: strings(item.tags),
    optedOut: item.mailingOptOut !== undefined && item.mailingOptOut !== null,
    ...(typeof item.email === 'string' && item.email.trim() !== '' ? { email: item.email.trim() } : {}),
    identities,
    ...(typeof item.language === 'string' ? { language: item.language } : {}),
    sortKey: String(item.gsi2sk ?? `${String(item.fullName ?? '').toLowerCase()}#${String(item.id)}`),
    ...(typeof item.version === 'number' ? { version: item.version } : {}),
  };
};

/** A deleted lead is gone for mailings: never matched, never counted. */
export const isGone = (person: PersonRow): boolean => person.status === 'deleted';

/** Whether the person is in the audience by status, tags and role (channel and opt-out aside). */
export const matchesAudience = (person: PersonRow, filter: AudienceFilter): boolean => {
  if (isGone(person)) return false;
  if (filter.statuses.length > 0 && !filter.statuses.includes(person.status)) return false;
  if (filter.roles.length > 0 && !filter.roles.includes(person.role)) return false;
  if (filter.tags.length > 0) {
    const has = (tag: string) => person.tags.includes(tag);
    if (filter.tagMatch === 'all' ? !filter.tags.every(has) : !filter.tags.some(has)) return false;
  }
  return true;
};

const identityAddress = (identity: PersonIdentity) => identity.replyTo ?? identity.externalId;

/** The person's email address (lower-case): the profile's, else an email channel identity's. */
export const emailAddressOf = (person: PersonRow): string | undefined => {
  const identity = person.identities.find((entry) => entry.type === 'email');
  const address = person.email ?? (identity ? identityAddress(identity) : undefined);
  return address?.toLowerCase();
};

/**
 * The Telegram chat a lead is reached at, with the channel it is known on: on `channelId` only
 * when given (a chat belongs to one bot: another bot cannot write to it), else on any.
 */
export const telegramAddressOf = (
  person: PersonRow,
  channelId?: string,
): { address: string; channelId: string } | undefined => {
  const identity = person.identities.find(
    (entry) => entry.type === 'telegram' && (channelId === undefined || entry.channelId === channelId),
  );
  return identity ? { address: identityAddress(identity), channelId: identity.channelId } : undefined;
};

const languageOf = (person: PersonRow): AudienceMember['language'] =>
  person.language === 'fr' || person.language === 'ar' ? person.language : 'en';

export type Reachability =
  { readonly kind: 'member'; readonly member: AudienceMember } | { readonly kind: keyof AudienceExcluded };

/**
 * Whether a person who matches is sent to on the channel, or why not: opted out first (their
 * choice), then unreachable (no address; for a Telegram mailing, no chat on its channel
 * `telegramChannelId`), then suppressed (the address bounced or complained).
 */
export const reachOn = (
  person: PersonRow,
  channel: MailingChannel,
  suppressed: ReadonlySet<string>,
  telegramChannelId?: string,
): Reachability => {
  if (person.optedOut) return { kind: 'optedOut' };
  const base = { personId: person.id, fullName: person.fullName, status: person.status, language: languageOf(person) };
  if (channel === 'email') {
    const address = emailAddressOf(person);
    if (!address) return { kind: 'unreachable' };
    if (suppressed.has(address)) return { kind: 'suppressed' };
    return { kind: 'member', member: { ...base, address } };
  }
  const telegram = telegramAddressOf(person, telegramChannelId);
  if (!telegram) return { kind: 'unreachable' };
  return { kind: 'member', member: { ...base, address: telegram.address, channelId: telegram.channelId } };
};

export interface ResolvedAudience {
  readonly members: AudienceMember[];
  readonly excluded: AudienceExcluded;
}

/** Every person of the audience on the channel, and how many matched but are left out. */
export const resolveFrom = (
  people: readonly PersonRow[],
  suppressed: ReadonlySet<string>,
  filter: AudienceFilter,
  channel: MailingChannel,
  telegramChannelId?: string,
): ResolvedAudience => {
  const members: AudienceMember[] = [];
  const excluded = { optedOut: 0, suppressed: 0, unreachable: 0 };
  for (const person of people) {
    if (!matchesAudience(person, filter)) continue;
    const reach = reachOn(person, channel, suppressed, telegramChannelId);
    if (reach.kind === 'member') members.push(reach.member);
    else excluded[reach.kind] += 1;
  }
  return { members, excluded };
};

/** A person's tags after adding and removing: the new list, and what really changed. */
export const applyTagChange = (
  current: readonly string[],
  add: readonly string[],
  remove: readonly string[],
): { tags: string[]; added: string[]; removed: string[] } => {
  const removed = current.filter((tag) => remove.includes(tag));
  const kept = current.filter((tag) => !remove.includes(tag));
  const added = [...new Set(add)].filter((tag) => !kept.includes(tag));
  return { tags: [...kept, ...added], added, removed };
};

/** The change from one whole list to another (PUT). */
export const diffTags = (current: readonly string[], next: readonly string[]) =>
  applyTagChange(
    current,
    next,
    current.filter((tag) => !next.includes(tag)),
  );

export const tooManyTags = (tags: readonly string[]): boolean => tags.length > audienceLimits.maxTags;

/** Tags in use with how many people (not deleted) carry each, most used first, then by name. */
export const countTags = (people: readonly PersonRow[]): TagCount[] => {
  const counts = new Map<string, number>();
  for (const person of people) {
    if (isGone(person)) continue;
    for (const tag of new Set(person.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
};

export interface PeopleFilter {
  readonly q?: string;
  readonly tag?: string;
  readonly status?: ContactStatus;
}

/** The bulk tagging table's filter: a case-insensitive name search, a tag, a status. */
export const matchesPeopleFilter = (person: PersonRow, filter: PeopleFilter): boolean => {
  if (isGone(person) && filter.status !== 'deleted') return false;
  if (filter.status && person.status !== filter.status) return false;
  if (filter.tag && !person.tags.includes(filter.tag)) return false;
  const q = filter.q?.trim().toLowerCase();
  return !q || person.fullName.toLowerCase().includes(q);
};

/** A person as the table shows them (addresses stay on the server: only whether there is one). */
export const toMailingContact = (person: PersonRow): MailingContact => ({
  id: person.id,
  fullName: person.fullName,
  role: person.role,
  status: person.status,
  tags: person.tags,
  optedOut: person.optedOut,
  hasEmail: emailAddressOf(person) !== undefined,
  hasTelegram: telegramAddressOf(person) !== undefined,
});
