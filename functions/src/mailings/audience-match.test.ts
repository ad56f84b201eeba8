import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import { audienceFilterSchema } from './audience-filter';
import {
  applyTagChange,
  countTags,
  diffTags,
  matchesAudience,
  matchesPeopleFilter,
  personFromItem,
  resolveFrom,
  toMailingContact,
} from './audience-match';
import { bulkTagsRequest, setTagsRequest } from './audience-requests';

const person = (item: Record<string, unknown>) =>
  personFromItem({ id: 'p1', fullName: 'Ann Lee', role: 'lead', status: 'interest_shown', ...item });
const filter = (input: Record<string, unknown> = {}) => v.parse(audienceFilterSchema, input);

describe('matchesAudience', () => {
  it('an empty filter takes everyone but the deleted', () => {
    expect(matchesAudience(person({}), filter())).toBe(true);
    expect(matchesAudience(person({ status: 'deleted' }), filter())).toBe(false);
    expect(matchesAudience(person({ status: 'deleted' }), filter({ statuses: ['deleted'] }))).toBe(false);
  });

  it('narrows by status, role and tags (any or all)', () => {
    const ann = person({ tags: ['vip', 'paris'] });
    expect(matchesAudience(ann, filter({ statuses: ['closed'] }))).toBe(false);
    expect(matchesAudience(ann, filter({ statuses: ['interest_shown', 'closed'] }))).toBe(true);
    expect(matchesAudience(ann, filter({ roles: ['admin'] }))).toBe(false);
    expect(matchesAudience(ann, filter({ roles: ['lead'] }))).toBe(true);
    expect(matchesAudience(ann, filter({ tags: ['vip', 'rome'] }))).toBe(true);
    expect(matchesAudience(ann, filter({ tags: ['vip', 'rome'], tagMatch: 'all' }))).toBe(false);
    expect(matchesAudience(ann, filter({ tags: ['VIP', 'Paris'], tagMatch: 'all' }))).toBe(true);
  });
});

describe('resolveFrom', () => {
  const people = [
    person({ id: 'a', fullName: 'A', email: 'A@Example.com', language: 'fr' }),
    person({ id: 'b', fullName: 'B', email: 'b@example.com', mailingOptOut: { at: 'x', via: 'link' } }),
    person({ id: 'c', fullName: 'C', email: 'c@example.com' }),
    person({ id: 'd', fullName: 'D' }),
    person({
      id: 'e',
      fullName: 'E',
      channelIdentities: [
        { channelId: 'tg1', type: 'telegram', externalId: '42', replyTo: '4242' },
        { channelId: 'em1', type: 'email', externalId: 'e@example.com' },
      ],
    }),
    person({ id: 'f', fullName: 'F', email: 'f@example.com', status: 'deleted' }),
  ];
  const suppressed = new Set(['c@example.com']);

  it('email: opted out, unreachable and suppressed are counted apart, never in', () => {
    const { members, excluded } = resolveFrom(people, suppressed, filter(), 'email');
    expect(members.map((member) => [member.personId, member.address, member.language])).toEqual([
      ['a', 'a@example.com', 'fr'],
      ['e', 'e@example.com', 'en'],
    ]);
    expect(excluded).toEqual({ optedOut: 1, suppressed: 1, unreachable: 1 });
  });

  it('telegram: the identity’s reply chat and channel', () => {
    const { members, excluded } = resolveFrom(people, suppressed, filter(), 'telegram');
    expect(members).toEqual([
      { personId: 'e', fullName: 'E', status: 'interest_shown', address: '4242', channelId: 'tg1', language: 'en' },
    ]);
    expect(excluded).toEqual({ optedOut: 1, suppressed: 0, unreachable: 3 });
  });

  it('telegram through a chosen channel: a person known only through another bot is unreachable', () => {
    const onTwoBots = person({
      id: 'g',
      fullName: 'G',
      channelIdentities: [
        { channelId: 'tg1', type: 'telegram', externalId: '71' },
        { channelId: 'tg2', type: 'telegram', externalId: '72' },
      ],
    });
    const { members, excluded } = resolveFrom([...people, onTwoBots], suppressed, filter(), 'telegram', 'tg2');
    // E's chat is on tg1 only: tg2's bot cannot write to it. G is reached at tg2's chat, not tg1's.
    expect(members.map((member) => [member.personId, member.address, member.channelId])).toEqual([['g', '72', 'tg2']]);
    expect(excluded).toEqual({ optedOut: 1, suppressed: 0, unreachable: 4 });
  });
});

describe('tag changes', () => {
  it('reports only what really changed', () => {
    expect(applyTagChange(['a', 'b'], ['b', 'c'], ['a', 'z'])).toEqual({
      tags: ['b', 'c'],
      added: ['c'],
      removed: ['a'],
    });
    expect(applyTagChange(['a'], ['a'], [])).toEqual({ tags: ['a'], added: [], removed: [] });
    expect(diffTags(['a', 'b'], ['b', 'c'])).toEqual({ tags: ['b', 'c'], added: ['c'], removed: ['a'] });
  });

  it('counts tags in use, most used first, the deleted left out', () => {
    expect(
      countTags([
        person({ id: '1', tags: ['b', 'a'] }),
        person({ id: '2', tags: ['b'] }),
        person({ id: '3', tags: ['c'], status: 'deleted' }),
      ]),
    ).toEqual([
      { tag: 'b', count: 2 },
      { tag: 'a', count: 1 },
    ]);
  });
});

describe('requests', () => {
  it('lower-cases and de-duplicates tags; refuses bad ones', () => {
    expect(v.parse(setTagsRequest, { tags: [' VIP ', 'vip', 'été'] }).tags).toEqual(['vip', 'été']);
    expect(v.safeParse(setTagsRequest, { tags: ['two words'] }).success).toBe(false);
    expect(v.safeParse(setTagsRequest, {}).success).toBe(false);
    expect(v.safeParse(setTagsRequest, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }).success).toBe(false);
  });

  it('a bulk change names people and at least one tag, never one tag both ways', () => {
    expect(v.safeParse(bulkTagsRequest, { ids: ['a'], add: ['x'] }).success).toBe(true);
    expect(v.safeParse(bulkTagsRequest, { ids: ['a'] }).success).toBe(false);
    expect(v.safeParse(bulkTagsRequest, { ids: [], add: ['x'] }).success).toBe(false);
    expect(v.safeParse(bulkTagsRequest, { ids: ['a'], add: ['x'], remove: ['x'] }).success).toBe(false);
    expect(
      v.safeParse(bulkTagsRequest, { ids: Array.from({ length: 501 }, (_, i) => `p${i}`), add: ['x'] }).success,
    ).toBe(false);
  });
});

describe('the table’s people', () => {
  it('filters by name, tag and status, and shows no address', () => {
    const ann = person({ tags: ['vip'], email: 'ann@example.com', passwordHash: 'secret' });
    expect(matchesPeopleFilter(ann, { q: 'ANN' })).toBe(true);
    expect(matchesPeopleFilter(ann, { q: 'bob' })).toBe(false);
    expect(matchesPeopleFilter(ann, { tag: 'vip', status: 'interest_shown' })).toBe(true);
    expect(matchesPeopleFilter(ann, { tag: 'other' })).toBe(false);
    const shown = toMailingContact(ann);
    expect(shown).toEqual({
      id: 'p1',
      fullName: 'Ann Lee',
      role: 'lead',
      status: 'interest_shown',
      tags: ['vip'],
      optedOut: false,
      hasEmail: true,
      hasTelegram: false,
    });
    expect(JSON.stringify(shown)).not.toContain('example.com');
  });
});
