import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { db } from '@orbit/functions/core/db';
import { headObject } from '@orbit/functions/core/media/object-store';
import { tableName } from '@orbit/functions/core/table';
import type { MailDetail, MailSummary } from '@orbit/functions/email/contract';
import { mailLimits } from '@orbit/functions/email/contract';
import { deliverMail } from '@orbit/functions/email/delivery-job';
import { mailCountsEntity, mailEntity, threadPartition } from '@orbit/functions/email/entities';
import type { MailRecord } from '@orbit/functions/email/records';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, signInDemoUsers, startApiStack } from '../support/api-stack';
import { WsClient } from '../support/ws-client';

/**
 * Writing and sending mail over HTTP against the local stack (docs/email.md, "Drafts, sending,
 * threads", "Attachments", "Delivery"): versioned drafts, reply / reply-all / forward with their
 * headers and thread, attachments checked on the server and uploaded for real, the send's
 * checks (the uploads, the client rule), internal delivery (Bcc never shown, a live frame, a
 * second run of the job leaving one copy), and recipient suggestions.
 */

let stack: LocalStack;
let admin: ApiClient;
let clientA: ApiClient;
let manager: ApiClient;
let support: ApiClient;
let users: ApiClient;
const ids = { admin: '', clientA: '', clientB: '', manager: '', support: '' };
const address = {
  admin: 'olivia@orbit.example',
  manager: 'grace@orbit.example',
  support: 'daniel@orbit.example',
  users: 'chloe@orbit.example',
  clientB: 'sophia@bluepeak.example',
};
const sockets: WsClient[] = [];

const signIn = async (who: { phone: string; password: string }) => {
  const client = new ApiClient(stack.url);
  const response = await client.signIn(who.phone, who.password);
  return { client, id: response.body.userData.id };
};

beforeAll(async () => {
  stack = await startApiStack();
  const demoUsers = await signInDemoUsers(stack.url);
  admin = demoUsers.admin;
  clientA = demoUsers.clientA;
  Object.assign(ids, demoUsers.ids);
  const [asManager, asSupport, asUsers] = await Promise.all([
    signIn(demo.manager),
    signIn(demo.support),
    signIn(demo.users),
  ]);
  manager = asManager.client;
  ids.manager = asManager.id;
  support = asSupport.client;
  ids.support = asSupport.id;
  users = asUsers.client;
});

afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
  await stack.stop();
});

type Errors = { errors?: Record<string, string[]>; current?: MailDetail };
type DraftAnswer = { draft: MailDetail } & Errors;

const to = (...addresses: string[]) => addresses.map((value) => ({ address: value }));

const newDraft = async (client: ApiClient, body: Record<string, unknown>) => {
  const response = await client.request<DraftAnswer>('POST', '/api/apps/email/drafts', {
    body: { mode: 'new', ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.draft;
};

const send = (client: ApiClient, draft: Pick<MailDetail, 'id' | 'version'>) =>
  client.request<{ mail: MailDetail } & Errors>('POST', `/api/apps/email/drafts/${draft.id}/send`, {
    body: { version: draft.version },
  });

const storedMail = async (ownerId: string, mailId: string): Promise<MailRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: mailEntity.key(ownerId, mailId), ConsistentRead: true }),
  );
  return Item ? mailEntity.fromItem(Item) : undefined;
};

/** Polls until the recipient's copy is in their mailbox (the worker delivers in the background). */
const delivered = async (ownerId: string, mailId: string): Promise<MailRecord> => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = await storedMail(ownerId, mailId);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`mail ${mailId} never reached ${ownerId}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const counts = async (ownerId: string) => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: mailCountsEntity.key(ownerId), ConsistentRead: true }),
  );
  return { unreadInbox: Number(Item?.unread_inbox ?? 0), drafts: Number(Item?.drafts ?? 0) };
};

describe('drafts', () => {
  it('creates a draft with sanitised HTML and its text part, saves it from its version, refuses a stale save with the current draft', async () => {
    const before = await counts(ids.admin);
    const draft = await newDraft(admin, {
      to: to('Someone@Outside.example'),
      subject: 'Plans',
      html: '<p onclick="x()">Hello <script>alert(1)</script><b>team</b></p>',
    });
    expect(draft).toMatchObject({
      folder: 'draft',
      version: 1,
      subject: 'Plans',
      to: [{ address: 'someone@outside.example' }],
    });
    expect(draft.html).toBe('<p>Hello <b>team</b></p>');
    expect(draft.text).toBe('Hello team');
    expect(draft.from.address).toBe(address.admin);
    expect(draft.messageId).toMatch(/^<[0-9A-Z]{26}@[a-z0-9.-]+>$/);
    expect(draft.threadId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await counts(ids.admin)).drafts).toBe(before.drafts + 1);

    // Two tabs read version 1; the first save wins, the second is told what is there now.
    const save = (html: string, version: number) =>
      admin.request<DraftAnswer>('PUT', `/api/apps/email/drafts/${draft.id}`, {
        body: { to: to('someone@outside.example'), cc: [], bcc: [], subject: 'Plans v2', html, version },
      });
    const first = await save('<p>First tab</p>', 1);
    expect(first.status).toBe(200);
    expect(first.body.draft).toMatchObject({ version: 2, subject: 'Plans v2', text: 'First tab' });
    const second = await save('<p>Second tab</p>', 1);
    expect(second.status).toBe(409);
    expect(second.body.errors?.version).toHaveLength(1);
    expect(second.body.current).toMatchObject({ id: draft.id, version: 2, text: 'First tab' });
    // Counts unchanged by saves; words recomputed (the new subject and text are searchable).
    expect((await counts(ids.admin)).drafts).toBe(before.drafts + 1);
    const stored = await storedMail(ids.admin, draft.id);
    expect(stored?.words).toContain(' first ');
    expect(stored?.words).not.toContain(' hello ');

    // A send or a discard from a stale version is 409 too; from the current one it goes.
    expect((await send(admin, { id: draft.id, version: 1 })).status).toBe(409);
    expect((await admin.request('DELETE', `/api/apps/email/drafts/${draft.id}?version=1`)).status).toBe(409);
    expect((await admin.request('DELETE', `/api/apps/email/drafts/${draft.id}?version=2`)).status).toBe(204);
    expect(await storedMail(ids.admin, draft.id)).toBeUndefined();
    expect((await counts(ids.admin)).drafts).toBe(before.drafts);
    expect((await admin.request('DELETE', `/api/apps/email/drafts/${draft.id}`)).status).toBe(404);
  });

  it("keeps another person's draft out of reach (404) and refuses bad input with 400, storing nothing", async () => {
    const draft = await newDraft(clientA, { subject: 'Mine', html: '<p>x</p>' });
    const body = { to: [], cc: [], bcc: [], subject: 'Theirs', html: '<p>y</p>', version: 1 };
    expect((await admin.request('PUT', `/api/apps/email/drafts/${draft.id}`, { body })).status).toBe(404);
    expect((await admin.request('DELETE', `/api/apps/email/drafts/${draft.id}`)).status).toBe(404);
    expect((await send(admin, draft)).status).toBe(404);

    const before = await counts(ids.admin);
    const bad = await admin.request<Errors>('POST', '/api/apps/email/drafts', {
      body: {
        to: [{ address: 'not an address' }],
        subject: 'x'.repeat(mailLimits.subjectMaxLength + 1),
        mode: 'sideways',
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(expect.arrayContaining(['to.0.address', 'subject', 'mode']));
    // A body of blank fields is no request to store a draft: the mode says what is wanted.
    const blank = await admin.request<Errors>('POST', '/api/apps/email/drafts', { body: { subject: '', html: '' } });
    expect(blank.status).toBe(400);
    expect(blank.body.errors?.mode).toHaveLength(1);
    const noOf = await admin.request<Errors>('POST', '/api/apps/email/drafts', { body: { mode: 'reply' } });
    expect(noOf.status).toBe(400);
    expect(noOf.body.errors?.of).toHaveLength(1);
    expect(
      (await admin.request('POST', '/api/apps/email/drafts', { body: { mode: 'reply', of: draft.id } })).status,
    ).toBe(404);
    expect(await counts(ids.admin)).toEqual(before);
  });

  it('keeps answering /api/health while it sanitises a draft whose one tag has 16 000 attributes', async () => {
    // 63 KB of `<p a=1 a=1 …>`: the sanitiser was quadratic in a tag's attributes and held the
    // event loop (every route, /api/health included) for 15 s.
    let saved = false;
    const saving = newDraft(admin, { subject: 'Worst case', html: `<p ${'a=1 '.repeat(16_000)}>x</p>` }).finally(() => {
      saved = true;
    });
    const answers: number[] = [];
    while (!saved) {
      const started = performance.now();
      const health = await fetch(`${stack.url}/api/health`);
      answers.push(performance.now() - started);
      expect(health.status).toBe(200);
    }
    const draft = await saving;
    expect(draft.html).toBe('<p>x</p>');
    expect(answers.length).toBeGreaterThan(0);
    // Each within 2 s: a few ms when idle, at most 0.5 s seen on a 2-core machine at a load of 18.
    expect(Math.max(...answers), `health answered in ${answers.map(Math.round).join(', ')} ms`).toBeLessThan(2000);
    expect((await admin.request('DELETE', `/api/apps/email/drafts/${draft.id}?version=1`)).status).toBe(204);
  });

  it('refuses staff without Email rights (403)', async () => {
    expect((await users.request('POST', '/api/apps/email/drafts', { body: {} })).status).toBe(403);
    expect((await users.request('GET', '/api/apps/email/recipients?q=o')).status).toBe(403);
  });
});

describe('sending and delivery', () => {
  it('delivers to each internal recipient, shows nobody the Bcc, marks them delivered and sends the recipient a live frame', async () => {
    const socket = await WsClient.connect(stack.url, manager.accessToken);
    sockets.push(socket);
    const before = await counts(ids.manager);
    const draft = await newDraft(admin, {
      to: to(address.manager),
      cc: to(address.support),
      bcc: to(address.clientB),
      subject: 'Kick-off',
      html: '<p>See you at ten</p>',
    });
    const sent = await send(admin, draft);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mail = sent.body.mail;
    expect(mail.id).not.toBe(draft.id);
    expect(mail).toMatchObject({ folder: 'sent', messageId: draft.messageId, threadId: draft.threadId });
    expect(mail.to[0]).toMatchObject({ address: address.manager, userId: ids.manager, name: 'Grace Okafor' });
    expect(mail.bcc.map((entry) => entry.address)).toEqual([address.clientB]);
    expect(mail.recipients.map((entry) => entry.status)).toEqual(['queued', 'queued', 'queued']);
    // The draft is gone; the sender's copy is in sent.
    expect(await storedMail(ids.admin, draft.id)).toBeUndefined();
    expect((await storedMail(ids.admin, mail.id))?.folder).toBe('sent');

    const frame = await socket.next<{ mail: MailSummary; counts: Record<string, number> }>(
      (candidate) => candidate.type === 'email.received' && (candidate.mail as MailSummary).id === mail.id,
      10_000,
    );
    expect(frame.mail).toMatchObject({ folder: 'inbox', read: false, subject: 'Kick-off', bcc: [] });
    expect(frame.counts.unread_inbox).toBe(before.unreadInbox + 1);

    for (const [ownerId] of [[ids.manager], [ids.support], [ids.clientB]] as const) {
      const copy = await delivered(ownerId, mail.id);
      expect(copy).toMatchObject({ folder: 'inbox', read: false, bcc: [], threadId: mail.threadId });
      expect(copy.recipients).toBeUndefined();
      // Not even the search words hold the Bcc.
      expect(copy.words).not.toContain('sophia');
    }
    const deadline = Date.now() + 10_000;
    let statuses = (await storedMail(ids.admin, mail.id))?.recipients ?? [];
    while (statuses.some((entry) => entry.status !== 'delivered') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      statuses = (await storedMail(ids.admin, mail.id))?.recipients ?? [];
    }
    expect(statuses.map((entry) => entry.status)).toEqual(['delivered', 'delivered', 'delivered']);
  });

  it('runs the deliver job again without a second copy or a second count', async () => {
    const draft = await newDraft(admin, { to: to(address.support), subject: 'Twice', html: '<p>Once</p>' });
    const before = await counts(ids.support);
    const { body } = await send(admin, draft);
    await delivered(ids.support, body.mail.id);
    await deliverMail({ ownerId: ids.admin, mailId: body.mail.id });
    await deliverMail({ ownerId: ids.admin, mailId: body.mail.id });
    expect((await counts(ids.support)).unreadInbox).toBe(before.unreadInbox + 1);
    const copies = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': threadPartition(ids.support, body.mail.threadId) },
      }),
    );
    expect(copies.Items?.filter((item) => item.id === body.mail.id)).toHaveLength(1);
  });

  it('checks the recipients: at least one, valid, and for a client only staff with a mailbox', async () => {
    const empty = await newDraft(admin, { subject: 'Nobody', html: '<p>x</p>' });
    const none = await send(admin, empty);
    expect(none.status).toBe(400);
    expect(none.body.errors?.to).toHaveLength(1);

    for (const [field, value] of [
      ['to', 'someone@outside.example'],
      ['cc', address.clientB],
      ['bcc', address.users],
    ] as const) {
      const draft = await newDraft(clientA, {
        to: to(address.admin),
        [field === 'to' ? 'cc' : 'to']: to(address.admin),
        [field]: to(value),
      });
      const refused = await send(clientA, draft);
      expect(refused.status, field).toBe(400);
      expect(Object.keys(refused.body.errors ?? {})).toEqual([field]);
      // Nothing sent: the draft is still there.
      expect((await storedMail(ids.clientA, draft.id))?.folder).toBe('draft');
    }
    const allowed = await newDraft(clientA, { to: to(address.admin), cc: to(address.support), subject: 'Question' });
    expect((await send(clientA, allowed)).status).toBe(200);
  });
});

describe('reply, reply-all, forward', () => {
  it('answers with the right recipients, subject and thread headers; forward keeps the attachments', async () => {
    const original = await newDraft(admin, {
      to: to(address.manager),
      cc: to(address.support),
      subject: 'Budget',
      html: '<p>Numbers inside</p>',
    });
    const upload = await admin.request<{ upload: { url: string; headers: Record<string, string> }; draft: MailDetail }>(
      'POST',
      `/api/apps/email/drafts/${original.id}/attachments`,
      { body: { name: 'budget.csv', type: 'text/csv', size: 9 } },
    );
    expect(upload.status).toBe(201);
    const put = await fetch(`${stack.url}${upload.body.upload.url}`, {
      method: 'PUT',
      headers: upload.body.upload.headers,
      body: new TextEncoder().encode('a,b\n1,2\n\n'),
    });
    expect(put.status).toBe(200);
    const { body } = await send(admin, upload.body.draft);
    const received = await delivered(ids.manager, body.mail.id);

    const reply = await newDraft(manager, { mode: 'reply', of: received.id });
    expect(reply.to.map((entry) => entry.address)).toEqual([address.admin]);
    expect(reply.cc).toEqual([]);
    expect(reply.subject).toBe('Re: Budget');
    expect(reply.inReplyTo).toBe(received.messageId);
    expect(reply.references).toEqual([received.messageId]);
    expect(reply.threadId).toBe(received.threadId);
    expect(reply.text).toContain('Numbers inside');
    expect(reply.attachments).toEqual([]);

    const replyAll = await newDraft(manager, { mode: 'replyAll', of: received.id, html: '<p>Agreed</p>' });
    expect(replyAll.to.map((entry) => entry.address)).toEqual([address.admin]);
    expect(replyAll.cc.map((entry) => entry.address)).toEqual([address.support]);
    expect(replyAll.text.startsWith('Agreed')).toBe(true);

    // The answer to the answer: no "Re: Re:", References grow, the thread stays.
    const sentReply = await send(manager, reply);
    const answer = await delivered(ids.admin, sentReply.body.mail.id);
    const again = await newDraft(admin, { mode: 'reply', of: answer.id });
    expect(again.subject).toBe('Re: Budget');
    expect(again.references).toEqual([received.messageId, answer.messageId]);
    expect(again.threadId).toBe(received.threadId);

    const forward = await newDraft(manager, { mode: 'forward', of: received.id, to: to(address.support) });
    expect(forward.subject).toBe('Fwd: Budget');
    expect(forward.attachments).toEqual([expect.objectContaining({ name: 'budget.csv', type: 'text/csv', size: 9 })]);
    expect(forward.threadId).toBe(received.threadId);
    const sentForward = await send(manager, forward);
    expect(sentForward.status, JSON.stringify(sentForward.body)).toBe(200);
    expect((await delivered(ids.support, sentForward.body.mail.id)).attachments).toHaveLength(1);
  });
});

describe('attachments', () => {
  const attach = (client: ApiClient, draftId: string, body: Record<string, unknown>) =>
    client.request<
      {
        attachment: { id: string };
        upload: { url: string; headers: Record<string, string> };
        draft: MailDetail;
      } & Errors
    >('POST', `/api/apps/email/drafts/${draftId}/attachments`, { body });

  it('refuses a type, a size or a total beyond the limits with 400 and stores nothing', async () => {
    const draft = await newDraft(admin, { subject: 'Files' });
    const exe = await attach(admin, draft.id, { name: 'run.exe', type: 'application/x-msdownload', size: 10 });
    expect(exe.status).toBe(400);
    expect(exe.body.errors?.type).toHaveLength(1);
    const big = await attach(admin, draft.id, {
      name: 'big.pdf',
      type: 'application/pdf',
      size: mailLimits.attachmentMaxBytes + 1,
    });
    expect(big.status).toBe(400);
    expect(big.body.errors?.size).toHaveLength(1);
    expect((await storedMail(ids.admin, draft.id))?.version).toBe(1);

    const nine = 9 * 1024 * 1024;
    const first = await attach(admin, draft.id, { name: 'a.pdf', type: 'application/pdf', size: nine });
    expect(first.status).toBe(201);
    expect(first.body.draft).toMatchObject({ version: 2, hasAttachments: true });
    expect(first.body.upload.url).toMatch(/^\/media\/pending\/mail\//);
    expect((await attach(admin, draft.id, { name: 'b.pdf', type: 'application/pdf', size: nine })).status).toBe(201);
    const third = await attach(admin, draft.id, { name: 'c.pdf', type: 'application/pdf', size: nine });
    expect(third.status).toBe(400);
    expect(third.body.errors?.size).toHaveLength(1);
    const stored = await storedMail(ids.admin, draft.id);
    expect(stored?.attachments.map((file) => file.name)).toEqual(['a.pdf', 'b.pdf']);

    const removed = await admin.request<DraftAnswer>(
      'DELETE',
      `/api/apps/email/drafts/${draft.id}/attachments/${first.body.attachment.id}`,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.draft.attachments.map((file) => file.name)).toEqual(['b.pdf']);
    expect(
      (await admin.request('DELETE', `/api/apps/email/drafts/${draft.id}/attachments/${first.body.attachment.id}`))
        .status,
    ).toBe(404);
  });

  it('uploads for real (beyond an avatar’s ceiling), refuses a send whose upload is missing, and moves the file out of pending at send', async () => {
    const draft = await newDraft(admin, { to: to(address.manager), subject: 'Deck' });
    const bytes = new Uint8Array(3 * 1024 * 1024).fill(7);
    const uploaded = await attach(admin, draft.id, { name: 'deck.pdf', type: 'application/pdf', size: bytes.length });
    const missing = await attach(admin, draft.id, { name: 'later.txt', type: 'text/plain', size: 5 });
    const put = await fetch(`${stack.url}${uploaded.body.upload.url}`, {
      method: 'PUT',
      headers: uploaded.body.upload.headers,
      body: bytes,
    });
    expect(put.status).toBe(200);
    // Pending uploads are never served.
    expect((await fetch(`${stack.url}${uploaded.body.upload.url.split('?')[0]}`)).status).toBe(404);

    const refused = await send(admin, missing.body.draft);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.attachments).toHaveLength(1);
    expect((await storedMail(ids.admin, draft.id))?.folder).toBe('draft');

    const kept = await admin.request<DraftAnswer>(
      'DELETE',
      `/api/apps/email/drafts/${draft.id}/attachments/${missing.body.attachment.id}`,
    );
    const sent = await send(admin, kept.body.draft);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const stored = await storedMail(ids.admin, sent.body.mail.id);
    const key = stored?.attachments[0]?.key ?? '';
    expect(key).toMatch(/^mail\//);
    expect(await headObject(key)).toEqual({ contentType: 'application/pdf', contentLength: bytes.length });
  });
});

describe('recipient suggestions', () => {
  type Suggestions = { recipients: { address: string; kind: string; userId?: string }[] };

  it('suggests people by name the caller may write to: a client only staff with a mailbox', async () => {
    const staff = await admin.request<Suggestions>('GET', '/api/apps/email/recipients?q=gr');
    expect(staff.status).toBe(200);
    expect(staff.body.recipients).toContainEqual(expect.objectContaining({ address: address.manager, kind: 'staff' }));
    const clients = await admin.request<Suggestions>('GET', '/api/apps/email/recipients?q=so');
    expect(clients.body.recipients).toContainEqual(
      expect.objectContaining({ address: address.clientB, kind: 'client' }),
    );
    const exact = await admin.request<Suggestions>(
      'GET',
      `/api/apps/email/recipients?q=${encodeURIComponent(address.support)}`,
    );
    expect(exact.body.recipients.map((entry) => entry.address)).toContain(address.support);

    const asClient = await clientA.request<Suggestions>('GET', '/api/apps/email/recipients?q=');
    expect(asClient.status).toBe(200);
    expect(asClient.body.recipients.length).toBeGreaterThan(0);
    expect(asClient.body.recipients.every((entry) => entry.kind === 'staff')).toBe(true);
    expect(asClient.body.recipients.map((entry) => entry.address)).not.toContain(address.users);
    expect((await clientA.request<Suggestions>('GET', '/api/apps/email/recipients?q=so')).body.recipients).toEqual([]);
    expect((await support.request('GET', `/api/apps/email/recipients?q=${'x'.repeat(101)}`)).status).toBe(400);
  });
});
