import { describe, expect, it } from 'vitest';

import { applyChange, homeFolder } from './mailbox-changes';
import { asciiFileName } from '../core/media/object-store';
import type { MailRecord } from './records';

const at = '2026-01-01T10:00:00.000Z';
const received: MailRecord = {
  ownerId: 'me',
  id: 'm1',
  messageId: '<m1@x>',
  references: [],
  threadId: 't1',
  folder: 'inbox',
  labels: ['personal'],
  read: false,
  starred: false,
  from: { address: 'a@outside.example' },
  to: [{ address: 'me@orbit.example', userId: 'me' }],
  cc: [],
  bcc: [],
  subject: 'Hi',
  snippet: 'Hi',
  attachments: [],
  words: ' hi ',
  date: at,
  createdAt: at,
  updatedAt: at,
  version: 1,
};
const sent: MailRecord = { ...received, folder: 'sent', from: { address: 'me@orbit.example', userId: 'me' } };
const now = new Date('2026-01-02T00:00:00.000Z');

const after = (mail: MailRecord, change: Parameters<typeof applyChange>[1]) => {
  const outcome = applyChange(mail, change, now);
  if (outcome.kind !== 'changed') throw new Error(`expected a change, got ${outcome.kind}`);
  return outcome.after;
};

describe('mail changes', () => {
  it('moves a received mail between inbox, spam and trash, remembering where it came from', () => {
    const spam = after(received, { folder: 'spam' });
    expect(spam).toMatchObject({ folder: 'spam', previousFolder: 'inbox', updatedAt: now.toISOString() });
    const trash = after(spam, { folder: 'trash' });
    expect(trash.previousFolder).toBe('inbox');
    const back = after(trash, { folder: 'inbox' });
    expect(back.folder).toBe('inbox');
    expect(back).not.toHaveProperty('previousFolder');
    expect(applyChange(received, { folder: 'sent' }, now)).toEqual({ kind: 'refused', reason: 'moveNotAllowed' });
  });

  it('moves a sent mail only between sent and trash, and never a draft', () => {
    expect(after(sent, { folder: 'trash' }).previousFolder).toBe('sent');
    expect(applyChange(sent, { folder: 'spam' }, now).kind).toBe('refused');
    expect(homeFolder({ ...sent, folder: 'trash' })).toBe('sent');
    expect(applyChange({ ...received, folder: 'draft' }, { folder: 'trash' }, now)).toEqual({
      kind: 'refused',
      reason: 'draftMove',
    });
  });

  it('adds and removes labels in the contract order, and reports no change when nothing changes', () => {
    expect(after(received, { addLabels: ['important', 'company'], removeLabels: ['personal'] }).labels).toEqual([
      'company',
      'important',
    ]);
    expect(applyChange(received, { read: false, folder: 'inbox', addLabels: ['personal'] }, now)).toEqual({
      kind: 'unchanged',
    });
  });

  it('always moves updatedAt forward, even when the clock is behind what was read', () => {
    const future = { ...received, updatedAt: '2026-01-03T00:00:00.000Z' };
    expect(after(future, { read: true }).updatedAt).toBe('2026-01-03T00:00:00.001Z');
  });

  it('names downloads in plain ASCII', () => {
    expect(asciiFileName('Café menu (v2).pdf')).toBe('Cafe menu _v2_.pdf');
    expect(asciiFileName('تقرير.pdf')).toBe('download.pdf');
    expect(asciiFileName('a"b\\c.txt')).toBe('a_b_c.txt');
  });
});
