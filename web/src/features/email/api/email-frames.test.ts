import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  mailCountNames,
  type MailCounts,
  type MailListResponse,
  type MailResponse,
  type MailSummary,
} from '@orbit/functions/email/contract';
import { countsKey, listsKey, mailKey, type MailListParams } from './email';
import { applyEmailFrame, belongsTo, withNewMail } from './email-frames';

const counts = (values: Partial<Record<(typeof mailCountNames)[number], number>> = {}): MailCounts =>
  Object.fromEntries(mailCountNames.map((name) => [name, values[name] ?? 0])) as MailCounts;

const mail = (id: string, change: Partial<MailSummary> = {}): MailSummary => ({
  id,
  threadId: 't1',
  folder: 'inbox',
  labels: [],
  read: false,
  starred: false,
  from: { address: 'olivia@example.com', name: 'Olivia' },
  to: [{ address: 'grace@example.com' }],
  cc: [],
  bcc: [],
  subject: 'Hello',
  snippet: 'Hi there',
  hasAttachments: false,
  date: '2026-11-24T12:00:00.000Z',
  version: 0,
  ...change,
});

const page = (mails: MailSummary[]): InfiniteData<MailListResponse, string | null> => ({
  pages: [{ mails, nextCursor: null, counts: counts() }],
  pageParams: [null],
});

const listKey = (params: MailListParams) => [...listsKey, params];

describe('live email frames in the cache', () => {
  it('puts a new mail on the lists it belongs to only', () => {
    expect(belongsTo(mail('a'), { filter: 'inbox' })).toBe(true);
    expect(belongsTo(mail('a'), {})).toBe(true);
    expect(belongsTo(mail('a'), { filter: 'sent' })).toBe(false);
    expect(belongsTo(mail('a', { starred: true }), { filter: 'starred' })).toBe(true);
    expect(belongsTo(mail('a', { labels: ['company'] }), { label: 'company' })).toBe(true);
    expect(belongsTo(mail('a', { labels: ['company'], folder: 'spam' }), { label: 'company' })).toBe(false);
    expect(belongsTo(mail('a', { read: true }), { filter: 'inbox', unread: true })).toBe(false);
    // A search is read again by the server, never guessed here.
    expect(belongsTo(mail('a'), { filter: 'inbox', q: 'hello' })).toBe(false);
  });

  it('adds a mail once, on top, however often its frame comes', () => {
    const data = page([mail('b')]);
    const once = withNewMail(data, mail('c'));
    expect(once.pages[0]?.mails.map((item) => item.id)).toEqual(['c', 'b']);
    expect(withNewMail(once, mail('c'))).toBe(once);
  });

  it('email.received: the counts, the inbox list and a search read again', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(listKey({ filter: 'inbox' }), page([mail('b')]));
    client.setQueryData(listKey({ filter: 'sent' }), page([]));
    client.setQueryData(listKey({ filter: 'inbox', q: 'x' }), page([]));
    applyEmailFrame(client, { type: 'email.received', mail: mail('c'), counts: counts({ unread_inbox: 2 }) });
    expect(client.getQueryData<MailCounts>(countsKey)?.unread_inbox).toBe(2);
    expect(
      client
        .getQueryData<InfiniteData<MailListResponse>>(listKey({ filter: 'inbox' }))
        ?.pages[0]?.mails.map((item) => item.id),
    ).toEqual(['c', 'b']);
    expect(client.getQueryData<InfiniteData<MailListResponse>>(listKey({ filter: 'sent' }))?.pages[0]?.mails).toEqual(
      [],
    );
    expect(client.getQueryState(listKey({ filter: 'inbox', q: 'x' }))?.isInvalidated).toBe(true);
  });

  it('email.changed: the counts, and the lists and mails it names read again; email.status: the open mail’s recipients', () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(listKey({ filter: 'inbox' }), page([mail('b')]));
    const detail = {
      mail: {
        ...mail('b'),
        messageId: '<b@x>',
        references: [],
        html: '',
        text: '',
        remoteImages: false,
        showImages: false,
        attachments: [],
        recipients: [],
      },
      thread: [],
    } satisfies MailResponse;
    client.setQueryData(mailKey('b'), detail);
    applyEmailFrame(client, { type: 'email.changed', ids: ['b'], counts: counts({ drafts: 1 }) });
    expect(client.getQueryData<MailCounts>(countsKey)?.drafts).toBe(1);
    expect(client.getQueryState(listKey({ filter: 'inbox' }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(mailKey('b'))?.isInvalidated).toBe(true);

    const recipients = [
      { address: 'x@outside.test', internal: false, status: 'bounced' as const, at: '2026-11-24T12:01:00.000Z' },
    ];
    applyEmailFrame(client, { type: 'email.status', mailId: 'b', recipients });
    expect(client.getQueryData<MailResponse>(mailKey('b'))?.mail.recipients).toEqual(recipients);
  });
});
