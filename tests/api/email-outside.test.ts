import { connect } from 'node:net';

import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SESEvent } from 'aws-lambda';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { listLeads } from '@orbit/functions/chat/channel-service';
import { db } from '@orbit/functions/core/db';
import { enqueueJob } from '@orbit/functions/core/jobs/enqueue';
import { getObject, putObject } from '@orbit/functions/core/media/object-store';
import { tableName } from '@orbit/functions/core/table';
import { mailEntity, mailsOf } from '@orbit/functions/email/entities';
import { handler as inboundHandler } from '@orbit/functions/email/outside/inbound-handler';
import { sendOutside } from '@orbit/functions/email/outside/send';
import { findEmailChannel, findUserIdByEmail } from '@orbit/functions/core/email-channel';
import { PermanentJobError } from '@orbit/functions/core/jobs/errors';
import { readMail } from '@orbit/functions/email/outside/status';
import { threadIdOf } from '@orbit/functions/email/threading';
import type { MailAddress, MailRecord, RecipientStatus } from '@orbit/functions/email/records';
import { storeNewMail } from '@orbit/functions/email/store';
import { searchWords } from '@orbit/functions/email/words';

import { maxMessageBytes } from '../../infra/local/smtp-listener';
import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, startApiStack } from '../support/api-stack';
import { emailsTo, waitForEmails } from '../support/sent-messages';

/**
 * Mail to and from the outside world (docs/email.md, "Delivery", "Inbound"): a real SMTP session
 * into the local listener, outside sends into the local SES server, and SES's events (the
 * mailbox simulator's addresses) back to each recipient's status.
 */

let stack: LocalStack;
let adminId: string;
const patience = { timeout: 20_000, interval: 50 } as const;
const workspaceAddress = 'hello@orbit-agency.example';

const smtp = () =>
  createTransport({
    host: '127.0.0.1',
    port: stack.smtpPort,
    secure: false,
    ignoreTLS: true,
    tls: { rejectUnauthorized: false },
  });

const mailboxOf = async (ownerId: string): Promise<MailRecord[]> => {
  const { pk, skPrefix } = mailsOf(ownerId);
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': pk, ':sk': skPrefix },
      ConsistentRead: true,
    }),
  );
  return Items.map((item) => mailEntity.fromItem(item));
};

const byMessageId = async (ownerId: string, messageId: string) =>
  (await mailboxOf(ownerId)).filter((mail) => mail.messageId === messageId);

let sequence = 0;
/** The sender's copy of a sent mail, as compose stores it, then its outside send queued. */
const sendFromAdmin = async (
  recipients: { to: MailAddress[]; cc?: MailAddress[]; bcc?: MailAddress[] },
  extra: Partial<MailRecord> = {},
  enqueue = true,
): Promise<MailRecord> => {
  sequence += 1;
  const now = new Date();
  const id = `01K${String(Date.now()).padStart(14, '0')}${String(sequence).padStart(9, '0')}`.slice(0, 26);
  const messageId = `<${id}@orbit-agency.example>`;
  const all = [...recipients.to, ...(recipients.cc ?? []), ...(recipients.bcc ?? [])];
  const mail: MailRecord = {
    ownerId: adminId,
    id,
    messageId,
    references: [],
    threadId: threadIdOf(messageId),
    folder: 'sent',
    labels: [],
    read: true,
    starred: false,
    from: { address: 'olivia@orbit.example', name: 'Olivia Bennett', userId: adminId },
    to: recipients.to,
    cc: recipients.cc ?? [],
    bcc: recipients.bcc ?? [],
    subject: `Proposal ${sequence}`,
    snippet: 'Here is the proposal',
    attachments: [],
    recipients: all.map((recipient) => ({
      address: recipient.address,
      internal: Boolean(recipient.userId),
      status: recipient.userId ? 'delivered' : 'queued',
      at: now.toISOString(),
    })),
    words: searchWords(`Proposal ${sequence}`),
    date: now.toISOString(),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    version: 1,
    ...extra,
  };
  await storeNewMail(mail, { html: '<p>Here is the <b>proposal</b></p>', text: 'Here is the proposal' });
  if (enqueue) await enqueueJob('email.send-outside', { ownerId: adminId, mailId: id }, { label: mail.subject });
  return mail;
};

const statusOf = async (mailId: string, address: string) =>
  (await readMail(adminId, mailId))?.recipients?.find((recipient) => recipient.address === address);

const waitForStatus = (mailId: string, address: string, status: RecipientStatus) =>
  vi.waitFor(async () => {
    const recipient = await statusOf(mailId, address);
    if (recipient?.status !== status) throw new Error(`${address} is ${recipient?.status ?? 'absent'}, not ${status}`);
    return recipient;
  }, patience);

beforeAll(async () => {
  stack = await startApiStack();
  adminId = (await findUserIdByEmail('olivia@orbit.example')) ?? '';
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

/** An SMTP session over a plain socket (no SIZE announced, nothing buffered): each final reply line. */
const rawSmtp = (port: number) => {
  const socket = connect(port, '127.0.0.1');
  let buffered = '';
  const replies: string[] = [];
  let wake = () => {};
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    const lines = (buffered + chunk).split('\r\n');
    buffered = lines.pop() ?? '';
    replies.push(...lines.filter((line) => line[3] !== '-'));
    wake();
  });
  const reply = async (): Promise<string> => {
    while (replies.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    return replies.shift() ?? '';
  };
  const write = (data: string | Buffer) =>
    new Promise<void>((done, fail) => socket.write(data, (error) => (error ? fail(error) : done())));
  return {
    reply,
    write,
    say: async (line: string) => {
      await write(`${line}\r\n`);
      return reply();
    },
    end: () => socket.destroy(),
  };
};

describe('inbound mail through the local SMTP listener', () => {
  it('lands in the user’s inbox, sanitised, remote images blocked, the attachment in S3', async () => {
    const pdf = Buffer.from('%PDF-1.4 a small pdf');
    const info = await smtp().sendMail({
      from: 'Grace Hopper <grace@outside.example>',
      to: 'Olivia <olivia@orbit.example>',
      subject: 'Hello from outside',
      html: '<p onclick="steal()">Hi <b>Olivia</b></p><script>alert(1)</script><img src="https://tracker.example/p.gif">',
      text: 'Hi Olivia',
      attachments: [
        { filename: 'brief.pdf', content: pdf, contentType: 'application/pdf' },
        { filename: 'setup.exe', content: Buffer.from('MZ'), contentType: 'application/x-msdownload' },
      ],
    });
    const [mail] = await byMessageId(adminId, info.messageId);
    expect(mail).toMatchObject({
      folder: 'inbox',
      read: false,
      subject: 'Hello from outside',
      from: { address: 'grace@outside.example', name: 'Grace Hopper' },
      remoteImages: true,
      spamVerdict: 'PASS',
    });
    expect(mail?.attachments).toHaveLength(1);
    expect(mail?.attachments[0]).toMatchObject({ name: 'brief.pdf', type: 'application/pdf', size: pdf.length });
    const object = await getObject(mail?.attachments[0]?.key ?? '');
    expect(Buffer.from(await object.arrayBuffer())).toEqual(pdf);

    const { Items = [] } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk = :sk',
        ExpressionAttributeValues: { ':pk': `MAILBOX#${adminId}`, ':sk': `BODY#${mail?.id}` },
      }),
    );
    const html = String(Items[0]?.html);
    expect(html).toContain('<b>Olivia</b>');
    expect(html).not.toMatch(/script|onclick/);
    expect(html).toContain('data-remote-src="https://tracker.example/p.gif"');
    expect(html).not.toMatch(/ src=/);
    expect(String(Items[0]?.text)).toContain('setup.exe');
  });

  it('stores the same Message-ID once per mailbox', async () => {
    const message = {
      from: 'grace@outside.example',
      to: 'olivia@orbit.example',
      subject: 'Twice',
      text: 'Same mail',
      messageId: '<twice-1@outside.example>',
    };
    await smtp().sendMail(message);
    await smtp().sendMail(message);
    expect(await byMessageId(adminId, '<twice-1@outside.example>')).toHaveLength(1);
  });

  it('files a FAIL spam verdict (X-Spam-Flag: YES) to spam', async () => {
    const info = await smtp().sendMail({
      from: 'spammer@outside.example',
      to: 'olivia@orbit.example',
      subject: 'You won',
      text: 'Click',
      headers: { 'X-Spam-Flag': 'YES' },
    });
    const [mail] = await byMessageId(adminId, info.messageId);
    expect(mail).toMatchObject({ folder: 'spam', spamVerdict: 'FAIL' });
  });

  it('refuses a message past 40 MB with 552 when the client announced no SIZE, stores nothing, and takes the next', async () => {
    const client = rawSmtp(stack.smtpPort);
    try {
      expect(await client.reply()).toMatch(/^220 /);
      expect(await client.say('EHLO client.example')).toMatch(/^250 /);
      const envelope = async () => {
        expect(await client.say('MAIL FROM:<grace@outside.example>')).toMatch(/^250 /);
        expect(await client.say('RCPT TO:<olivia@orbit.example>')).toMatch(/^250 /);
        expect(await client.say('DATA')).toMatch(/^354 /);
      };
      await envelope();
      // Exactly one byte over: headers padded so the body is whole 1 000-byte lines.
      const headers =
        'From: grace@outside.example\r\nTo: olivia@orbit.example\r\nSubject: Too big\r\nMessage-ID: <too-big-1@outside.example>\r\n';
      const unpadded = headers.length + 'X-Pad: \r\n\r\n'.length;
      const head = `${headers}X-Pad: ${'p'.repeat((maxMessageBytes + 1 - unpadded) % 1000)}\r\n\r\n`;
      const line = `${'x'.repeat(998)}\r\n`;
      let lines = (maxMessageBytes + 1 - head.length) / 1000;
      expect(Number.isInteger(lines)).toBe(true);
      await client.write(head);
      const block = Buffer.from(line.repeat(64));
      for (; lines >= 64; lines -= 64) await client.write(block);
      await client.write(`${line.repeat(lines)}.\r\n`);
      expect(await client.reply()).toMatch(/^552 .*exceeds fixed maximum message size/);
      expect(await byMessageId(adminId, '<too-big-1@outside.example>')).toHaveLength(0);

      // The session stays in step: a mail within the limit, on the same connection, arrives.
      await envelope();
      await client.write(
        'From: grace@outside.example\r\nTo: olivia@orbit.example\r\nSubject: Small\r\nMessage-ID: <small-after-big@outside.example>\r\n\r\nHi\r\n.\r\n',
      );
      expect(await client.reply()).toMatch(/^250 /);
      expect(await byMessageId(adminId, '<small-after-big@outside.example>')).toHaveLength(1);
    } finally {
      client.end();
    }
  });

  it('refuses an address nobody here answers to with 550', async () => {
    await expect(
      smtp().sendMail({ from: 'grace@outside.example', to: 'nobody@orbit.example', subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
  });

  it('makes an unknown sender writing to the workspace’s address a lead (contact_received)', async () => {
    const info = await smtp().sendMail({
      from: 'Ada Prospect <ada.prospect@outside.example>',
      to: workspaceAddress,
      subject: 'A quote, please',
      text: 'We need a website',
    });
    // The channel's owner gets it in their inbox.
    expect(await byMessageId(adminId, info.messageId)).toHaveLength(1);
    const lead = (await listLeads()).find((contact) => contact.fullName === 'Ada Prospect');
    expect(lead).toMatchObject({ status: 'contact_received', channel: { type: 'email' } });
  });

  it('routes a reply to the workspace’s address to the mailbox of the mail it answers', async () => {
    const sent = await sendFromAdmin({ to: [{ address: 'reply.me@outside.example' }] });
    await waitForStatus(sent.id, 'reply.me@outside.example', 'delivered');
    const info = await smtp().sendMail({
      from: 'reply.me@outside.example',
      to: workspaceAddress,
      subject: `Re: ${sent.subject}`,
      text: 'Thanks',
      inReplyTo: sent.messageId,
      references: [sent.messageId],
    });
    const [reply] = await byMessageId(adminId, info.messageId);
    expect(reply).toMatchObject({ folder: 'inbox', inReplyTo: sent.messageId, threadId: sent.threadId });

    // In AWS, SES gives the mail a Message-ID of its own: a reply naming it joins the thread too.
    const { sesMessageId } = (await readMail(adminId, sent.id)) as unknown as { sesMessageId: string };
    expect(sesMessageId).not.toBe('');
    const sesForm = `<${sesMessageId}@eu-west-1.amazonses.com>`;
    const second = await smtp().sendMail({
      from: 'reply.me@outside.example',
      to: workspaceAddress,
      subject: `Re: ${sent.subject}`,
      text: 'And another thing',
      inReplyTo: sesForm,
      references: [sesForm],
    });
    const [again] = await byMessageId(adminId, second.messageId);
    expect(again).toMatchObject({ inReplyTo: sent.messageId, references: [sent.messageId], threadId: sent.threadId });
  });
});

describe('outside sends through the local SES server', () => {
  it('sends raw MIME once: From via the channel, To and Cc, no Bcc, the attachment; then delivered', async () => {
    const content = Buffer.from('quarterly figures');
    const key = `email/${adminId}/attachments/figures.txt`;
    await putObject(key, content, 'text/plain');
    const noahId = (await findUserIdByEmail('noah@orbit.example')) ?? '';
    const sent = await sendFromAdmin(
      {
        to: [
          { address: 'ext.one@outside.example', name: 'Ext One' },
          { address: 'noah@orbit.example', userId: noahId },
        ],
        cc: [{ address: 'ext.cc@outside.example' }],
        bcc: [{ address: 'ext.hidden@outside.example' }],
      },
      {
        inReplyTo: '<earlier@outside.example>',
        references: ['<first@outside.example>', '<earlier@outside.example>'],
        attachments: [{ id: 'a1', name: 'figures.txt', type: 'text/plain', size: content.length, key }],
      },
    );
    const [email] = await waitForEmails(stack.mailStoreUrl, 'ext.one@outside.example', 1);
    const stored = email as unknown as {
      from: string;
      replyTo: string[];
      subject: string;
      destination: { to: string[]; cc: string[]; bcc: string[] };
      attachments: { filename?: string; content: string }[];
    };
    expect(stored.from).toBe('"Olivia Bennett via Orbit Agency" <hello@orbit-agency.example>');
    expect(stored.replyTo.join()).toContain(workspaceAddress);
    expect(stored.subject).toBe(sent.subject);
    expect(stored.destination.to.join()).toContain('ext.one@outside.example');
    expect(stored.destination.to.join()).toContain('noah@orbit.example');
    expect(stored.destination.cc.join()).toContain('ext.cc@outside.example');
    expect(stored.destination.bcc).toEqual([]);
    expect(JSON.stringify(stored)).not.toContain('ext.hidden');
    expect(stored.attachments.map((attachment) => attachment.filename)).toEqual(['figures.txt']);
    expect(Buffer.from(stored.attachments[0]?.content ?? '', 'base64')).toEqual(content);

    for (const address of ['ext.one@outside.example', 'ext.cc@outside.example'])
      await waitForStatus(sent.id, address, 'delivered');
    // Bcc recipients are only in the envelope: SES sent to them, the local store cannot show it.
    expect((await statusOf(sent.id, 'ext.hidden@outside.example'))?.status).toMatch(/sent|delivered/);
    expect(await statusOf(sent.id, 'noah@orbit.example')).toMatchObject({ internal: true, status: 'delivered' });
  });

  it('runs at most once: a second run of the same mail sends nothing', async () => {
    const sent = await sendFromAdmin({ to: [{ address: 'once@outside.example' }] });
    await waitForStatus(sent.id, 'once@outside.example', 'delivered');
    const again = await sendOutside(
      { ownerId: adminId, mailId: sent.id },
      { now: new Date(), signal: new AbortController().signal },
    );
    expect(again).toMatchObject({ sent: 0, skipped: 'already sent' });
    expect(await emailsTo(stack.mailStoreUrl, 'once@outside.example')).toHaveLength(1);
  });

  it.each([
    ['bounce@simulator.amazonses.com', 'bounced'],
    ['complaint@simulator.amazonses.com', 'complained'],
  ] as const)('%s → %s, and the next send to it is suppressed', async (address, status) => {
    const first = await sendFromAdmin({ to: [{ address }] });
    const recipient = await waitForStatus(first.id, address, status);
    if (status === 'bounced') expect(recipient.detail).toContain('550');

    // The next send skips it: SES is asked to send to the other recipient only.
    const second = await sendFromAdmin(
      { to: [{ address }, { address: `after.${status}@outside.example` }] },
      {},
      false,
    );
    const result = await sendOutside(
      { ownerId: adminId, mailId: second.id },
      { now: new Date(), signal: new AbortController().signal },
    );
    expect(result).toMatchObject({ sent: 1, suppressed: 1 });
    expect(await statusOf(second.id, address)).toMatchObject({ status: 'suppressed' });
    await waitForStatus(second.id, `after.${status}@outside.example`, 'delivered');
    expect((await statusOf(second.id, address))?.status).toBe('suppressed');
  });
});

describe('through the routes, end to end', () => {
  it('sends a draft to a colleague and an outside address: the inbox copy, the SES copy, both delivered', async () => {
    const olivia = new ApiClient(stack.url);
    await olivia.signIn(demo.admin.phone, demo.admin.password);
    const subject = `Launch plan ${Date.now()}`;
    const created = await olivia.request<{ draft: { id: string; version: number } }>('POST', '/api/apps/email/drafts', {
      body: {
        mode: 'new',
        to: [{ address: 'noah@orbit.example' }, { address: 'partner@outside.example', name: 'A Partner' }],
        cc: [],
        bcc: [],
        subject,
        html: '<p>Here is the <b>launch plan</b></p>',
      },
    });
    expect(created.status).toBe(201);
    const sent = await olivia.request<{ mail: { id: string } }>(
      'POST',
      `/api/apps/email/drafts/${created.body.draft.id}/send`,
      {
        body: { version: created.body.draft.version },
      },
    );
    expect(sent.status).toBe(200);
    const mailId = sent.body.mail.id;

    // Outside: one raw mail in the local SES store, then the simulator-style delivery event.
    const [email] = await waitForEmails(stack.mailStoreUrl, 'partner@outside.example', 1);
    expect((email as unknown as { subject: string }).subject).toBe(subject);
    await waitForStatus(mailId, 'partner@outside.example', 'delivered');

    // Inside: the colleague's inbox copy, read through the API as the colleague reads it.
    const noah = new ApiClient(stack.url);
    await noah.signIn('+15550100004', demo.admin.password);
    const inbox = await vi.waitFor(async () => {
      const query = new URLSearchParams({ filter: 'inbox', q: subject.split(' ').pop() ?? '' });
      const page = await noah.request<{ mails: { id: string; subject: string }[] }>(
        'GET',
        `/api/apps/email/mails?${query.toString()}`,
      );
      if (!page.body.mails.some((mail) => mail.id === mailId)) throw new Error('not in the inbox yet');
      return page.body.mails;
    }, patience);
    expect(inbox.find((mail) => mail.id === mailId)?.subject).toBe(subject);
    expect(await statusOf(mailId, 'noah@orbit.example')).toMatchObject({ internal: true, status: 'delivered' });
  });
});

describe('the outside recipients a sender may mail (the default limit: 50 a minute, 200 an hour, 500 a day)', () => {
  type Refusal = { errors: { general: string[] }; retryAfter: number };
  const minuteOf = (time: number) => Math.floor(time / 60_000);

  it('sends to 50 outside addresses in a minute, refuses the next with 429 and Retry-After, and keeps that draft', async () => {
    const outside = (count: number, tag: string) =>
      Array.from({ length: count }, (_, index) => ({ address: `reader${index}.${tag}@outside.example` }));
    // A minute that turns during the burst starts a new count: the burst is then tried again,
    // by another sender (the first one's new minute has counted part of the burst already).
    const senders = [
      { phone: '+15550100004', password: demo.admin.password }, // Noah, an administrator
      demo.manager,
      demo.support,
    ];
    for (const [attempt, who] of senders.entries()) {
      const sender = new ApiClient(stack.url);
      const signedIn = await sender.signIn(who.phone, who.password);
      expect(signedIn.status).toBe(201);
      const draftTo = async (to: MailAddress[]) => {
        const created = await sender.request<{ draft: { id: string; version: number } }>(
          'POST',
          '/api/apps/email/drafts',
          { body: { mode: 'new', to, cc: [], bcc: [], subject: 'Limits', html: '<p>Hello</p>' } },
        );
        expect(created.status).toBe(201);
        return created.body.draft;
      };
      const send = (draft: { id: string; version: number }) =>
        sender.request<Refusal>('POST', `/api/apps/email/drafts/${draft.id}/send`, {
          body: { version: draft.version },
        });
      const [full, one, colleague] = await Promise.all([
        draftTo(outside(50, `full${attempt}`)),
        draftTo(outside(1, `one${attempt}`)),
        draftTo([{ address: 'olivia@orbit.example' }]),
      ]);
      const started = Date.now();
      const fullSent = await send(full);
      const refused = await send(one);
      const colleagueSent = await send(colleague);
      if (minuteOf(started) !== minuteOf(Date.now())) continue;

      expect(fullSent.status, JSON.stringify(fullSent.body)).toBe(200);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.body).toEqual({
        errors: {
          general: [expect.stringMatching(/^At most 50 outside recipients a minute: try again in \d+ seconds?\.$/)],
        },
        retryAfter,
      });
      // Refused as a whole: the draft is still a draft, nothing queued for the outside.
      expect((await readMail(signedIn.body.userData.id, one.id))?.folder).toBe('draft');
      // Mail within the workspace leaves through no provider: it is not counted.
      expect(colleagueSent.status, JSON.stringify(colleagueSent.body)).toBe(200);
      return;
    }
    throw new Error('every burst straddled a minute');
  });
});

describe('SES receiving’s handler (AWS), on the local S3', () => {
  it('reads the mail the receipt rule stored and files it by the receipt’s verdicts', async () => {
    process.env.INBOUND_BUCKET = process.env.MEDIA_BUCKET;
    process.env.INBOUND_PREFIX = 'inbound/';
    const raw = [
      'From: Receipt Tester <receipt@outside.example>',
      'To: olivia@orbit.example',
      'Subject: Through SES receiving',
      'Message-ID: <ses-receipt-1@outside.example>',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Hello through S3',
      '',
    ].join('\r\n');
    await putObject('inbound/ses-1', Buffer.from(raw), 'message/rfc822');
    const event = {
      Records: [
        {
          eventSource: 'aws:ses',
          ses: {
            mail: { messageId: 'ses-1', source: 'receipt@outside.example' },
            receipt: {
              recipients: ['olivia@orbit.example'],
              spamVerdict: { status: 'FAIL' },
              virusVerdict: { status: 'PASS' },
            },
          },
        },
      ],
    } as unknown as SESEvent;
    await inboundHandler(event);
    const [mail] = await byMessageId(adminId, '<ses-receipt-1@outside.example>');
    expect(mail).toMatchObject({ folder: 'spam', spamVerdict: 'FAIL', subject: 'Through SES receiving' });
  });
});

describe('without an email channel', () => {
  it('fails the outside send for good, with a clear error', async () => {
    const channel = await findEmailChannel();
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: { pk: `CHANNEL#${channel?.id}`, sk: 'CHANNEL' } }),
    );
    const sent = await sendFromAdmin({ to: [{ address: 'nochannel@outside.example' }] }, {}, false);
    const run = sendOutside(
      { ownerId: adminId, mailId: sent.id },
      { now: new Date(), signal: new AbortController().signal },
    );
    await expect(run).rejects.toBeInstanceOf(PermanentJobError);
    await expect(run).rejects.toThrow('No email channel is connected');
  });
});
