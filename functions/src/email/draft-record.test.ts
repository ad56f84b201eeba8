import { describe, expect, it } from 'vitest';

import { recipientCopy } from './delivery-job';
import { changedDraft, newDraftRecord, quoteOf, type DraftContent } from './draft-record';
import { bodyOf } from './mail-body';
import { newThread } from './threading';

const content: DraftContent = {
  from: { address: 'olivia@orbit.example', name: 'Olivia', userId: 'u1' },
  to: [{ address: 'grace@orbit.example', userId: 'u2' }],
  cc: [],
  bcc: [{ address: 'secret@outside.example', name: 'Hidden Person' }],
  subject: 'Kick-off',
  attachments: [{ id: 'a1', name: 'plan.pdf', type: 'application/pdf', size: 10, key: 'mail/a1' }],
};
const now = '2026-11-24T10:00:00.000Z';

const draft = () => {
  const body = bodyOf('<p>Hello <img src="https://tracker.example/x.png"> team</p>');
  return {
    body,
    record: newDraftRecord({
      ownerId: 'u1',
      id: 'd1',
      thread: newThread('<m@x>'),
      content,
      text: body.text,
      remoteImages: body.remoteImages,
      now,
    }),
  };
};

describe('a draft record', () => {
  it('is a read mail in draft at version 1, with its snippet and search words', () => {
    const { body, record } = draft();
    expect(body.remoteImages).toBe(true);
    expect(body.html).not.toContain(' src=');
    expect(record).toMatchObject({
      folder: 'draft',
      read: true,
      version: 1,
      remoteImages: true,
      snippet: 'Hello team',
    });
    expect(record.words).toContain(' kick ');
    expect(record.words).toContain(' plan ');
    expect(record.words).toContain(' hidden ');
  });

  it('changes by one version, keeps what the change leaves, recomputes the words', () => {
    const { record } = draft();
    const changed = changedDraft(record, { subject: 'Moved' }, 'New text', false, '2026-11-24T11:00:00.000Z');
    expect(changed).toMatchObject({
      version: 2,
      subject: 'Moved',
      snippet: 'New text',
      date: '2026-11-24T11:00:00.000Z',
    });
    expect(changed.to).toEqual(record.to);
    expect(changed.remoteImages).toBeUndefined();
    expect(changed.words).toContain(' moved ');
    expect(changed.words).not.toContain(' kick ');
  });

  it('quotes the original with its sender, escaped', () => {
    const { record } = draft();
    const quoted = quoteOf({ ...record, from: { address: 'a@b.c', name: '<Eve>' } }, '<p>Hi</p>', 'reply');
    expect(quoted).toContain('&lt;Eve&gt; &lt;a@b.c&gt;');
    expect(quoted).toContain('<blockquote><p>Hi</p></blockquote>');
    // The date as a mail header writes it, not an ISO timestamp.
    expect(quoted).toContain(`<p>${new Date(record.date).toUTCString()}, `);
    expect(quoted).not.toContain(record.date);
    expect(quoteOf(record, '<p>Hi</p>', 'forward')).toContain('Subject: Kick-off');
  });
});

describe("a recipient's copy", () => {
  it('is unread in their inbox, without the Bcc anywhere, nor the senders’ statuses', () => {
    const { body, record } = draft();
    const sent = {
      ...record,
      folder: 'sent' as const,
      recipients: [{ address: 'grace@orbit.example', internal: true, status: 'queued' as const, at: now }],
    };
    const copy = recipientCopy(sent, 'u2', body.text);
    expect(copy).toMatchObject({ ownerId: 'u2', id: 'd1', folder: 'inbox', read: false, bcc: [], labels: [] });
    expect(copy.recipients).toBeUndefined();
    expect(copy.words).not.toContain('hidden');
    expect(copy.words).not.toContain('secret');
    expect(copy.words).toContain(' grace ');
  });
});
