import { describe, expect, it } from 'vitest';

import { countsDelta, countsOf, mailCountsFrom, sumDeltas } from './counts';
import { searchWords } from './words';

const mail = { folder: 'inbox', read: false, starred: false, labels: [] } as const;

describe('mailbox counts', () => {
  it('counts an unread inbox mail under the inbox, its labels and starred', () => {
    expect(countsOf({ ...mail, starred: true, labels: ['company', 'important'] })).toEqual({
      unread_inbox: 1,
      unread_starred: 1,
      unread_company: 1,
      unread_important: 1,
    });
  });

  it('counts drafts whether read or not, and nothing else for them', () => {
    expect(countsOf({ ...mail, folder: 'draft', starred: true, labels: ['personal'] })).toEqual({ drafts: 1 });
  });

  it('leaves labels and starred out for trash and spam', () => {
    expect(countsOf({ ...mail, folder: 'spam', starred: true, labels: ['private'] })).toEqual({ unread_spam: 1 });
    expect(countsOf({ ...mail, folder: 'trash', read: true, labels: ['private'] })).toEqual({});
  });

  it('gives the change of a move and of a read as a delta with no zero entries', () => {
    const before = { ...mail, labels: ['company'] as const };
    expect(countsDelta(before, { ...before, folder: 'trash' })).toEqual({
      unread_inbox: -1,
      unread_company: -1,
      unread_trash: 1,
    });
    expect(countsDelta(before, { ...before, read: true })).toEqual({ unread_inbox: -1, unread_company: -1 });
    expect(countsDelta(before, before)).toEqual({});
    expect(countsDelta(undefined, before)).toEqual({ unread_inbox: 1, unread_company: 1 });
  });

  it('sums deltas and reads missing or negative counters as 0', () => {
    expect(sumDeltas([{ unread_inbox: -1 }, { unread_inbox: 1, drafts: 2 }])).toEqual({ drafts: 2 });
    const counts = mailCountsFrom({ unread_inbox: 3, drafts: -1 });
    expect(counts.unread_inbox).toBe(3);
    expect(counts.drafts).toBe(0);
    expect(counts.unread_personal).toBe(0);
  });
});

describe('search words', () => {
  it('folds case and accents, keeps each word once, and pads for word-start matching', () => {
    expect(searchWords('Réunion du LUNDI', 'réunion lundi ada@orbit.test')).toBe(' reunion du lundi ada orbit test ');
  });

  it('keeps Arabic letters and digits', () => {
    expect(searchWords('فاتورة 2026')).toBe(' فاتورة 2026 ');
  });
});
