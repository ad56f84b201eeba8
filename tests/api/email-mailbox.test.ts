import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { queryAll } from '@orbit/functions/core/db';
import { putObject } from '@orbit/functions/core/media/object-store';
import { tableName } from '@orbit/functions/core/table';
import type { MailDetail, MailListResponse, MailResponse, MailSummary } from '@orbit/functions/email/contract';
import { countsOf, mailCountsFrom, sumDeltas, type MailCounts } from '@orbit/functions/email/counts';
import { mailsOf } from '@orbit/functions/email/entities';
import type { MailRecord } from '@orbit/functions/email/records';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, registerNewClient, signInDemoUsers, startApiStack } from '../support/api-stack';
import { storeMail, type MailFixture } from '../support/mailbox-fixtures';
import { WsClient } from '../support/ws-client';

/**
 * The mailbox over HTTP against the local stack (docs/email.md): folder and label views, paging,
 * search, one mail with its thread, every change keeping the counters right (checked against a
 * recount of the mailbox), delete forever and empty, attachments' downloads, the live frame,
 * another person's mail a 404 for everyone, and bad input a 400 with nothing changed. Each test
 * works in a new client's own mailbox (clients have Email rights on their own).
 */

let stack: LocalStack;
let admin: ApiClient;
let adminId = '';
const sockets: WsClient[] = [];

beforeAll(async () => {
  stack = await startApiStack();
  const signedIn = await signInDemoUsers(stack.url);
  admin = signedIn.admin;
  adminId = signedIn.ids.admin;
});

afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
  await stack.stop();
});

let people = 0;
const newOwner = async () => registerNewClient(stack.url, `Mail Owner ${(people += 1)}`);

/** Mails one minute apart, newest last, so ids and dates sort as written. */
let clock = Date.now() - 10_000_000;
const store = (ownerId: string, fixture: Omit<MailFixture, 'ownerId'> = {}) =>
  storeMail({ ownerId, at: (clock += 60_000), ...fixture });

const list = async (client: ApiClient, query: string) => {
  const response = await client.request<MailListResponse>('GET', `/api/apps/email/mails?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};

const idsOf = (mails: readonly MailSummary[]) => mails.map((mail) => mail.id);

/** The counts a recount of the whole mailbox gives, to compare with the counters kept. */
const recount = async (ownerId: string): Promise<MailCounts> => {
  const { pk, skPrefix } = mailsOf(ownerId);
  const items = await queryAll<MailRecord>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
  });
  return mailCountsFrom(sumDeltas(items.map(countsOf)));
};

const expectCountsRight = async (client: ApiClient, ownerId: string) => {
  const response = await client.request<{ counts: MailCounts }>('GET', '/api/apps/email/counts');
  expect(response.status).toBe(200);
  expect(response.body.counts).toEqual(await recount(ownerId));
  return response.body.counts;
};

const patch = (client: ApiClient, id: string, body: unknown) =>
  client.request<{ mail: MailSummary; counts: MailCounts }>('PATCH', `/api/apps/email/mails/${id}`, { body });

describe('views', () => {
  it('lists a folder newest first and pages by cursor with no duplicates and no gaps', async () => {
    const { client, id } = await newOwner();
    const written: MailRecord[] = [];
    for (let index = 0; index < 7; index += 1) written.push(await store(id, { subject: `Page ${index}` }));
    await store(id, { folder: 'sent', from: { address: 'me@x.example', userId: id } });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(client, `filter=inbox&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.mails.length).toBeLessThanOrEqual(3);
      seen.push(...idsOf(page.mails));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(written.map((mail) => mail.id).reverse());
    const first = await list(client, 'filter=inbox');
    expect(first.counts.unread_inbox).toBe(7);
    expect(first.mails[0]).not.toHaveProperty('words');
  });

  it('shows starred and labelled mail outside trash and spam, and filters unread and attachments', async () => {
    const { client, id } = await newOwner();
    const starred = await store(id, { starred: true, labels: ['company'] });
    await store(id, { starred: true, labels: ['company'], folder: 'trash', previousFolder: 'inbox' });
    await store(id, { starred: true, folder: 'spam' });
    const readWithFile = await store(id, {
      read: true,
      labels: ['important'],
      attachments: [{ id: 'a1', name: 'a.pdf', type: 'application/pdf', size: 3, key: 'mail/t/a.pdf' }],
    });
    expect(idsOf((await list(client, 'filter=starred')).mails)).toEqual([starred.id]);
    expect(idsOf((await list(client, 'label=company')).mails)).toEqual([starred.id]);
    expect(idsOf((await list(client, 'label=important')).mails)).toEqual([readWithFile.id]);
    expect(idsOf((await list(client, 'filter=inbox&unread=true')).mails)).toEqual([starred.id]);
    const withFiles = await list(client, 'filter=inbox&attachments=true');
    expect(idsOf(withFiles.mails)).toEqual([readWithFile.id]);
    expect(withFiles.mails[0]?.hasAttachments).toBe(true);
    expect((await list(client, 'label=personal')).mails).toEqual([]);
  });

  it('refuses an unknown folder or label, both, neither, a bad limit or cursor (400)', async () => {
    const { client } = await newOwner();
    for (const query of [
      'filter=archive',
      'label=work',
      'filter=inbox&label=company',
      '',
      'filter=inbox&limit=0',
      'filter=inbox&limit=51',
      'filter=inbox&unread=yes',
    ]) {
      const response = await client.request('GET', `/api/apps/email/mails?${query}`);
      expect(response.status, query).toBe(400);
      expect(Object.keys((response.body as { errors: object }).errors).length, query).toBeGreaterThan(0);
    }
    const unknown = await client.request<{ errors: Record<string, string[]> }>(
      'GET',
      '/api/apps/email/mails?filter=archive',
    );
    expect(unknown.body.errors.filter).toBeDefined();
    const cursor = await client.request<{ errors: Record<string, string[]> }>(
      'GET',
      '/api/apps/email/mails?filter=inbox&cursor=%25%25not-ours',
    );
    expect(cursor.status).toBe(400);
    expect(cursor.body.errors.cursor).toBeDefined();
  });
});

describe('search', () => {
  it('finds by word starts of subject, body and participants, every word, with the view filters', async () => {
    const { client, id } = await newOwner();
    const invoice = await store(id, { subject: 'Invoice for Ünïcode café', text: 'Please pay the balance' });
    const fromAcme = await store(id, {
      subject: 'Weekly update',
      text: 'Deployment went fine',
      from: { address: 'ceo@acme.example', name: 'Ada Lovelace' },
      labels: ['company'],
    });
    const spam = await store(id, { subject: 'Invoice overdue!!!', folder: 'spam' });
    const sent = await store(id, {
      folder: 'sent',
      subject: 'Invoice question',
      from: { address: 'me@x.example', userId: id },
      read: true,
    });
    expect(idsOf((await list(client, 'filter=inbox&q=invo')).mails)).toEqual([invoice.id]);
    expect(idsOf((await list(client, 'filter=inbox&q=cafe%20UNICODE')).mails)).toEqual([invoice.id]);
    expect(idsOf((await list(client, 'filter=inbox&q=balance')).mails)).toEqual([invoice.id]);
    expect((await list(client, 'filter=inbox&q=nvoice')).mails).toEqual([]);
    expect((await list(client, 'filter=inbox&q=invoice%20deployment')).mails).toEqual([]);
    expect(idsOf((await list(client, 'filter=inbox&q=lovelace')).mails)).toEqual([fromAcme.id]);
    expect(idsOf((await list(client, 'filter=inbox&q=acme')).mails)).toEqual([fromAcme.id]);
    expect(idsOf((await list(client, 'label=company&q=deploy')).mails)).toEqual([fromAcme.id]);
    expect(idsOf((await list(client, 'filter=spam&q=invoice')).mails)).toEqual([spam.id]);
    expect(idsOf((await list(client, 'filter=sent&q=invoice')).mails)).toEqual([sent.id]);
    expect((await list(client, 'filter=sent&q=invoice&unread=true')).mails).toEqual([]);
    expect((await list(client, 'filter=inbox&q=invoice&attachments=true')).mails).toEqual([]);
  });

  it('pages a search by cursor until the mailbox ends', async () => {
    const { client, id } = await newOwner();
    const hits: string[] = [];
    for (let index = 0; index < 9; index += 1) {
      const mail = await store(id, { subject: index % 2 === 0 ? `Roadmap ${index}` : `Other ${index}` });
      if (index % 2 === 0) hits.push(mail.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(client, `filter=inbox&q=roadmap&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...idsOf(page.mails));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...hits].reverse());
  });
});

describe('one mail', () => {
  it('opens with its body, attachments and thread, without marking it read; remote images only when allowed', async () => {
    const { client, id } = await newOwner();
    const first = await store(id, { subject: 'Kickoff', read: true });
    const html = '<p>Look</p><img data-remote-src="https://tracker.example/p.png">';
    const reply = await store(id, { subject: 'Re: Kickoff', threadId: first.threadId, html, remoteImages: true });
    await store(id, { subject: 'Elsewhere' });
    const opened = await client.request<MailResponse>('GET', `/api/apps/email/mails/${reply.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body.mail).toMatchObject({ id: reply.id, read: false, remoteImages: true, showImages: false });
    expect(opened.body.mail.html).not.toContain(' src=');
    expect(idsOf(opened.body.thread)).toEqual([first.id]);
    expect((await client.request<MailResponse>('GET', `/api/apps/email/mails/${reply.id}`)).body.mail.read).toBe(false);
    expect((await patch(client, reply.id, { showImages: true })).status).toBe(200);
    const shown = (await client.request<{ mail: MailDetail }>('GET', `/api/apps/email/mails/${reply.id}`)).body.mail;
    expect(shown.showImages).toBe(true);
    expect(shown.html).toContain('src="https://tracker.example/p.png"');
  });

  it('gives a download link that really downloads, only for the mailbox holding the mail', async () => {
    const { client, id } = await newOwner();
    const key = `mail/test/${id}/notes.txt`;
    const bytes = new TextEncoder().encode('Minutes of the kickoff meeting');
    await putObject(key, bytes, 'text/plain');
    const mail = await store(id, {
      attachments: [{ id: 'att-1', name: 'Café notes (v2).txt', type: 'text/plain', size: bytes.byteLength, key }],
    });
    const response = await client.request<{ url: string }>('GET', `/api/apps/email/mails/${mail.id}/attachments/att-1`);
    expect(response.status).toBe(200);
    const download = await fetch(response.body.url);
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
    // Saved under its name, in ASCII (object-store.ts, asciiFileName).
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="Cafe notes _v2_.txt"');
    expect((await client.request('GET', `/api/apps/email/mails/${mail.id}/attachments/nope`)).status).toBe(404);
    expect((await admin.request('GET', `/api/apps/email/mails/${mail.id}/attachments/att-1`)).status).toBe(404);
  });

  it("another person's mail is a 404 for everyone, the administrator included; no Email rights is 403", async () => {
    const { id } = await newOwner();
    const mail = await store(id, { folder: 'trash', previousFolder: 'inbox' });
    const other = await newOwner();
    for (const caller of [admin, other.client]) {
      expect((await caller.request('GET', `/api/apps/email/mails/${mail.id}`)).status).toBe(404);
      expect((await patch(caller, mail.id, { read: true })).status).toBe(404);
      expect((await caller.request('DELETE', `/api/apps/email/mails/${mail.id}`)).status).toBe(404);
      const bulk = await caller.request<{ changed: number }>('POST', '/api/apps/email/mails/bulk', {
        body: { ids: [mail.id], deleteForever: true },
      });
      expect(bulk.body.changed).toBe(0);
    }
    const users = new ApiClient(stack.url);
    await users.signIn(demo.users.phone, demo.users.password);
    expect((await users.request('GET', '/api/apps/email/mails?filter=inbox')).status).toBe(403);
    expect((await users.request('GET', '/api/apps/email/counts')).status).toBe(403);
    expect(await recount(id)).toMatchObject({ unread_trash: 1 });
    expect(adminId).not.toBe(id);
  });
});

describe('changes keep the counts right', () => {
  it('read, star, labels and moves, each with its counts', async () => {
    const { client, id } = await newOwner();
    const mail = await store(id, { labels: ['personal'] });
    const sent = await store(id, { folder: 'sent', read: true, from: { address: 'me@x.example', userId: id } });
    const draft = await store(id, { folder: 'draft', read: true, from: { address: 'me@x.example', userId: id } });
    const starred = await patch(client, mail.id, { starred: true, addLabels: ['important'] });
    expect(starred.status).toBe(200);
    expect(starred.body.counts).toMatchObject({ unread_starred: 1, unread_important: 1, unread_personal: 1 });
    await expectCountsRight(client, id);

    const spammed = await patch(client, mail.id, { folder: 'spam' });
    expect(spammed.body.mail.folder).toBe('spam');
    expect(spammed.body.counts).toMatchObject({ unread_inbox: 0, unread_spam: 1, unread_starred: 0 });
    await expectCountsRight(client, id);
    expect((await patch(client, mail.id, { folder: 'trash' })).body.mail.folder).toBe('trash');
    expect((await patch(client, mail.id, { folder: 'sent' })).status).toBe(409);
    // Back where it came from before spam and trash.
    const back = await patch(client, mail.id, { folder: 'inbox', read: true, removeLabels: ['personal'] });
    expect(back.body.mail).toMatchObject({ folder: 'inbox', read: true, labels: ['important'] });
    await expectCountsRight(client, id);

    expect((await patch(client, sent.id, { folder: 'inbox' })).status).toBe(409);
    expect((await patch(client, sent.id, { folder: 'trash' })).body.mail.folder).toBe('trash');
    expect((await patch(client, sent.id, { folder: 'sent' })).body.mail.folder).toBe('sent');
    expect((await patch(client, draft.id, { folder: 'trash' })).status).toBe(409);
    const counts = await expectCountsRight(client, id);
    expect(counts.drafts).toBe(1);
  });

  it('bulk changes and deletes only the caller’s mails, in one counts write per batch', async () => {
    const { client, id } = await newOwner();
    const mails: MailRecord[] = [];
    for (let index = 0; index < 120; index += 1) {
      mails.push(await store(id, { labels: index % 3 === 0 ? ['company'] : [], starred: index % 5 === 0 }));
    }
    const stranger = await store(adminId, { subject: 'Not theirs' });
    const first = mails.slice(0, 100).map((mail) => mail.id);
    const read = await client.request<{ changed: number; counts: MailCounts }>('POST', '/api/apps/email/mails/bulk', {
      body: { ids: [...first.slice(0, 99), stranger.id], read: true },
    });
    expect(read.status).toBe(200);
    expect(read.body.changed).toBe(99);
    expect(read.body.counts.unread_inbox).toBe(21);
    await expectCountsRight(client, id);
    const trashed = await client.request<{ changed: number }>('POST', '/api/apps/email/mails/bulk', {
      body: { ids: first, folder: 'trash' },
    });
    expect(trashed.body.changed).toBe(100);
    await expectCountsRight(client, id);
    const deleted = await client.request<{ changed: number }>('POST', '/api/apps/email/mails/bulk', {
      body: { ids: [...first.slice(0, 60), mails[110]?.id ?? ''], deleteForever: true },
    });
    expect(deleted.body.changed).toBe(60);
    const counts = await expectCountsRight(client, id);
    expect(counts.unread_trash).toBe(1);
    expect((await client.request('GET', `/api/apps/email/mails/${stranger.id}`)).status).toBe(404);
    expect((await admin.request('GET', `/api/apps/email/mails/${stranger.id}`)).status).toBe(200);
  });

  it('deletes forever only from trash or spam, and empties spam and trash', async () => {
    const { client, id } = await newOwner();
    const inbox = await store(id);
    const trash = await store(id, { folder: 'trash', previousFolder: 'inbox' });
    for (let index = 0; index < 3; index += 1) await store(id, { folder: 'spam' });
    expect((await client.request('DELETE', `/api/apps/email/mails/${inbox.id}`)).status).toBe(409);
    const removed = await client.request<{ counts: MailCounts }>('DELETE', `/api/apps/email/mails/${trash.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.counts.unread_trash).toBe(0);
    expect((await client.request('GET', `/api/apps/email/mails/${trash.id}`)).status).toBe(404);
    const emptied = await client.request<{ deleted: number; counts: MailCounts }>(
      'POST',
      '/api/apps/email/folders/spam/empty',
    );
    expect(emptied.body).toMatchObject({ deleted: 3 });
    expect(emptied.body.counts.unread_spam).toBe(0);
    expect((await list(client, 'filter=spam')).mails).toEqual([]);
    expect((await client.request('POST', '/api/apps/email/folders/inbox/empty')).status).toBe(404);
    expect(idsOf((await list(client, 'filter=inbox')).mails)).toEqual([inbox.id]);
    await expectCountsRight(client, id);
  });

  it('concurrent changes to the same mails (two tabs) still leave the counts right', async () => {
    const { client, id } = await newOwner();
    const mails = await Promise.all([store(id, { labels: ['private'] }), store(id), store(id, { starred: true })]);
    const ids = mails.map((mail) => mail.id);
    const changes: unknown[] = [
      { read: true },
      { starred: true },
      { folder: 'spam' },
      { addLabels: ['company'] },
      { read: false },
      { folder: 'inbox' },
      { removeLabels: ['private'] },
      { folder: 'trash' },
    ];
    const answers = await Promise.all([
      ...changes.flatMap((change) => ids.map((mailId) => patch(client, mailId, change))),
      client.request('POST', '/api/apps/email/mails/bulk', { body: { ids, read: true, starred: false } }),
    ]);
    // Each either won (200) or kept losing to the others (409, never a 500).
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    await expectCountsRight(client, id);
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    const { client, id } = await newOwner();
    const mail = await store(id);
    for (const body of [
      {},
      { read: 'yes' },
      { folder: 'archive' },
      { folder: 'draft' },
      { addLabels: ['work'] },
      { starred: 1 },
    ]) {
      const response = await patch(client, mail.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toHaveProperty('errors');
    }
    for (const body of [
      { ids: [], read: true },
      { ids: [mail.id] },
      { ids: Array.from({ length: 101 }, () => mail.id), read: true },
      { ids: [mail.id], deleteForever: true, read: true },
      { ids: ['bad id!'], read: true },
    ]) {
      const response = await client.request('POST', '/api/apps/email/mails/bulk', { body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const after = await client.request<MailResponse>('GET', `/api/apps/email/mails/${mail.id}`);
    expect(after.body.mail).toMatchObject({ read: false, starred: false, folder: 'inbox', labels: [] });
    await expectCountsRight(client, id);
  });

  it('tells the owner’s open tabs what changed, with the counts', async () => {
    const { client, id } = await newOwner();
    const mail = await store(id);
    const socket = await WsClient.connect(stack.url, client.accessToken, { purpose: 'notifications' });
    sockets.push(socket);
    await socket.roundTrip();
    await patch(client, mail.id, { read: true });
    const frame = await socket.next<{ ids: string[]; counts: MailCounts }>(
      (candidate) => candidate.type === 'email.changed',
    );
    expect(frame.ids).toEqual([mail.id]);
    expect(frame.counts.unread_inbox).toBe(0);
  });
});

describe('the demo seed', () => {
  it('gives the demo users mailboxes with threads, outside mail, spam, drafts and attachments that download', async () => {
    const inbox = await list(admin, 'filter=inbox');
    expect(inbox.mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining(['Re: Northwind storefront: sprint 4 plan', 'Could we move the review to Thursday?']),
    );
    expect((await list(admin, 'filter=spam')).mails.length).toBeGreaterThan(0);
    expect((await list(admin, 'filter=draft')).mails.length).toBe(1);
    const reply = inbox.mails.find((mail) => mail.subject === 'Re: Northwind storefront: sprint 4 plan');
    const opened = await admin.request<MailResponse>('GET', `/api/apps/email/mails/${reply?.id ?? ''}`);
    expect(opened.body.thread.map((mail) => mail.folder)).toEqual(['sent']);
    await expectCountsRight(admin, adminId);

    const grace = new ApiClient(stack.url);
    await grace.signIn(demo.manager.phone, demo.manager.password);
    const withFiles = await list(grace, 'filter=inbox&attachments=true');
    const brief = withFiles.mails.find((mail) => mail.subject === 'Bluepeak spring campaign brief');
    const detail = await grace.request<MailResponse>('GET', `/api/apps/email/mails/${brief?.id ?? ''}`);
    const [file] = detail.body.mail.attachments;
    const link = await grace.request<{ url: string }>(
      'GET',
      `/api/apps/email/mails/${brief?.id ?? ''}/attachments/${file?.id ?? ''}`,
    );
    const download = await fetch(link.body.url);
    expect(download.status).toBe(200);
    expect(new TextDecoder().decode(await download.arrayBuffer())).toMatch(/^%PDF-1\.4/);
  });
});
