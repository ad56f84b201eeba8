import { describe, expect, it } from 'vitest';

import { excerptOf, findMentions } from './mentions';
import { recipientsOf } from './notify';

const ada = { id: 'u1', fullName: 'Ada Lovelace', username: 'ada' };
const alan = { id: 'u2', fullName: 'Alan Turing', username: 'alan.t' };

describe('mentions', () => {
  it('finds @Full Name and @username, whatever the case, only where a word ends', () => {
    expect(findMentions('Thanks @ada lovelace!', [ada, alan])).toEqual([ada]);
    expect(findMentions('cc @alan.t and @ADA', [ada, alan])).toEqual([ada, alan]);
    expect(findMentions('@adam is someone else', [ada])).toEqual([]);
    expect(findMentions('mail ada@example.com', [ada])).toEqual([]);
    expect(findMentions('no mention of Ada Lovelace', [ada])).toEqual([]);
  });

  it('keeps an excerpt short and on one line', () => {
    expect(excerptOf('a\n\nb   c')).toBe('a b c');
    expect(excerptOf('x'.repeat(200))).toHaveLength(140);
  });
});

describe('recipients', () => {
  const actor = { id: 'u1', fullName: 'Ada Lovelace' };
  const input = (recipientId: string, event: 'mention' | 'taskComment') => ({
    recipientId,
    actor,
    event,
    target: { kind: 'project', projectId: 'p1' } as const,
    params: {},
  });

  it('never the actor, and one row per person (the first event listed wins)', () => {
    expect(
      recipientsOf([input('u2', 'mention'), input('u1', 'taskComment'), input('u2', 'taskComment')]).map((row) => [
        row.recipientId,
        row.event,
      ]),
    ).toEqual([['u2', 'mention']]);
  });
});
