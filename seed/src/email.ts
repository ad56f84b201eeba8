import { createHash } from 'node:crypto';

import { ulid } from '@orbit/functions/core/ids';
import { putObject } from '@orbit/functions/core/media/object-store';
import type { MailAddress, MailAttachment, MailFolder, MailLabel, MailRecord } from '@orbit/functions/email/records';
import { htmlToText, sanitizeMailHtml } from '@orbit/functions/email/sanitize';
import { storeNewMail } from '@orbit/functions/email/store';
import { searchWords } from '@orbit/functions/email/words';

import { demoUsers } from './demo-users';
import { seededUserIds } from './users';

/**
 * A believable mailbox for every demo user with Email rights (docs/email.md): threads between
 * them (the sender's copy in `sent`, delivered, and each recipient's in `inbox`, one id for
 * both), mail from outside (a supplier, newsletters, spam), labels, stars, a couple of
 * attachments and one draft each. Dates are relative to seeding. Every mail goes through
 * storeNewMail, so the counters are what the product keeps. Attachments' bytes go to the
 * media bucket when the stack has one (MEDIA_BUCKET: `npm start` and the API tests); without
 * it those mails are stored without their attachments.
 */

const minutesAgo = (count: number) => Date.now() - count * 60_000;
const threadIdOf = (messageId: string) => createHash('sha256').update(messageId).digest('base64url').slice(0, 22);

/** Phone → the demo user (who they are), for the users with Email rights. */
const person = (phone: string) => {
  const user = demoUsers.find((candidate) => candidate.phone === phone);
  if (!user) throw new Error(`no demo user ${phone}`);
  return user;
};
/** The administrators, the manager, support and the clients (users and the restricted user have none). */
const withEmail = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => `+155501000${String(n).padStart(2, '0')}`);

interface SeedMail {
  /** Phone of a demo user, or an outside address. */
  readonly from: string | MailAddress;
  readonly to: readonly string[];
  readonly cc?: readonly string[];
  readonly subject: string;
  readonly html: string;
  readonly minutesAgo: number;
  /** Answers the mail before it in the same list (a thread). */
  readonly reply?: boolean;
  readonly attachment?: { readonly name: string; readonly type: string; readonly bytes: Uint8Array };
  /** The recipients' copies: read, starred, labels, folder (spam); the sender's is read. */
  readonly read?: boolean;
  readonly starred?: boolean;
  readonly labels?: readonly MailLabel[];
  readonly folder?: MailFolder;
}

/** A one-page PDF and a 1×1 PNG: real files a viewer opens. */
const pdf = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const png = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

const threads: readonly (readonly SeedMail[])[] = [
  [
    {
      from: '+15550100001',
      to: ['+15550100009'],
      subject: 'Northwind storefront: sprint 4 plan',
      html: '<p>Hi Grace,</p><p>Could you draft the sprint 4 plan before Thursday? Checkout and the new search are the priorities.</p><p>Olivia</p>',
      minutesAgo: 60 * 28,
      read: true,
      labels: ['company'],
    },
    {
      from: '+15550100009',
      to: ['+15550100001'],
      subject: 'Re: Northwind storefront: sprint 4 plan',
      html: '<p>Done: the plan is on the project board. Checkout first, search in the second week.</p><p>Grace</p>',
      minutesAgo: 60 * 5,
      reply: true,
      labels: ['company', 'important'],
    },
  ],
  [
    {
      from: '+15550100002',
      to: ['+15550100001'],
      subject: 'Could we move the review to Thursday?',
      html: '<p>Hello Olivia,</p><p>Our board meets on Wednesday; could we move the design review to Thursday at 10?</p><p>Best, Liam</p>',
      minutesAgo: 95,
      starred: true,
      labels: ['important'],
    },
    {
      from: '+15550100001',
      to: ['+15550100002'],
      subject: 'Re: Could we move the review to Thursday?',
      html: '<p>Thursday at 10 works for us. I have moved the invitation.</p><p>Olivia</p>',
      minutesAgo: 40,
      reply: true,
    },
  ],
  [
    {
      from: '+15550100004',
      to: ['+15550100008', '+15550100010'],
      cc: ['+15550100001'],
      subject: 'Support rota for the holidays',
      html: '<p>Mia, Daniel: the holiday rota is below. Tell me by Friday if something does not work.</p><ul><li>Dec 22–26: Daniel</li><li>Dec 27–Jan 2: Mia</li></ul>',
      minutesAgo: 60 * 50,
      read: true,
      labels: ['company'],
    },
  ],
  [
    {
      from: '+15550100003',
      to: ['+15550100009'],
      subject: 'Bluepeak spring campaign brief',
      html: '<p>Hi Grace,</p><p>Attached is the brief for the spring campaign. The landing page should be live by March 1.</p><p>Sophia</p>',
      minutesAgo: 60 * 3,
      starred: true,
      attachment: { name: 'Spring campaign brief.pdf', type: 'application/pdf', bytes: pdf },
    },
  ],
  [
    {
      from: '+15550100008',
      to: ['+15550100005'],
      subject: 'Casa Mia: the new menu page is live',
      html: '<p>Hello Emma,</p><p>The new menu page is online. A screenshot is attached; tell us if a dish is missing.</p><p>Mia</p>',
      minutesAgo: 60 * 20,
      attachment: { name: 'menu-page.png', type: 'image/png', bytes: png },
    },
  ],
  [
    {
      from: '+15550100010',
      to: ['+15550100006'],
      subject: 'Votre accès au portail client',
      html: '<p>Bonjour Lucas,</p><p>Votre accès au portail est prêt : vous y trouverez les maquettes et le planning.</p><p>Daniel</p>',
      minutesAgo: 60 * 30,
      read: true,
    },
  ],
  [
    {
      from: '+15550100009',
      to: ['+15550100007'],
      subject: 'Sahara Tech API integration timeline',
      html: '<p>Hi Amira,</p><p>Here is the timeline we discussed: sandbox next week, production keys two weeks later.</p><p>Grace</p>',
      minutesAgo: 60 * 7,
    },
  ],
];

const outside = (address: string, name: string): MailAddress => ({ address, name });

/** Mail from outside: only the recipient's copy exists. */
const fromOutside: readonly SeedMail[] = [
  {
    from: outside('news@designweekly.example', 'Design Weekly'),
    to: ['+15550100001'],
    subject: 'Design Weekly #142: colour systems that scale',
    html: '<p><img src="https://designweekly.example/banner.png" alt="Design Weekly"></p><p>This week: colour systems that scale, and a look at variable fonts.</p>',
    minutesAgo: 60 * 9,
    labels: ['personal'],
  },
  {
    from: outside('rates@freightco.example', 'FreightCo'),
    to: ['+15550100002'],
    subject: 'Northwind: shipping rates for Q1',
    html: '<p>Dear Liam,</p><p>Our Q1 rates are unchanged for parcels under 5 kg. The full table follows next week.</p><p>FreightCo</p>',
    minutesAgo: 60 * 26,
    labels: ['company'],
  },
  {
    from: outside('jane@customer.example', 'Jane Miller'),
    to: ['+15550100010'],
    subject: 'Cannot sign in since this morning',
    html: '<p>Hello, since this morning the portal says my password is wrong. Can you help?</p><p>Jane</p>',
    minutesAgo: 25,
    starred: true,
  },
  {
    from: outside('digest@cloudcosts.example', 'Cloud Costs Digest'),
    to: ['+15550100004'],
    subject: 'Your monthly cloud costs digest',
    html: '<p><img src="https://cloudcosts.example/track.gif" width="1" height="1"></p><p>Three ways to cut idle compute this month.</p>',
    minutesAgo: 60 * 40,
    read: true,
  },
  {
    from: outside('winner@lucky-cruise.example', 'Lucky Cruise'),
    to: ['+15550100001'],
    subject: 'You won a free cruise!!!',
    html: '<p>Click now to claim your prize!</p>',
    minutesAgo: 60 * 12,
    folder: 'spam',
  },
  {
    from: outside('seo@rank-fast.example', 'Rank Fast'),
    to: ['+15550100009'],
    subject: 'Page one on Google in 7 days',
    html: '<p>Cheap SEO services, guaranteed results.</p>',
    minutesAgo: 60 * 33,
    folder: 'spam',
  },
  {
    from: outside('offers@printshop.example', 'PrintShop'),
    to: ['+15550100001'],
    subject: 'Business cards: 20% off',
    html: '<p>Order before Sunday.</p>',
    minutesAgo: 60 * 70,
    read: true,
    folder: 'trash',
  },
];

type Ids = ReadonlyMap<string, string>;

const addressOf = (ids: Ids, who: string | MailAddress): MailAddress => {
  if (typeof who !== 'string') return who;
  const user = person(who);
  const userId = ids.get(who);
  return { address: user.email, name: user.fullName, ...(userId ? { userId } : {}) };
};

const attachmentOf = async (seed: SeedMail['attachment']): Promise<MailAttachment[]> => {
  if (!seed || !process.env.MEDIA_BUCKET) return [];
  const id = ulid();
  // One object for every copy of the mail: its copies share it. Where a sent mail's attachments
  // are kept (`mail/<attachmentId>`, compose's attachments-service.ts).
  const key = `mail/${id}`;
  await putObject(key, seed.bytes, seed.type);
  return [{ id, name: seed.name, type: seed.type, size: seed.bytes.byteLength, key }];
};

/** Every copy of one mail: the sender's (when a demo user sent it) and each demo recipient's. */
const copiesOf = async (ids: Ids, seed: SeedMail, previous: MailRecord | undefined) => {
  const at = minutesAgo(seed.minutesAgo);
  const id = ulid(at);
  const messageId = `<${id}@orbit.example>`;
  const references = previous ? [...previous.references, previous.messageId] : [];
  const from = addressOf(ids, seed.from);
  const to = seed.to.map((who) => addressOf(ids, who));
  const cc = (seed.cc ?? []).map((who) => addressOf(ids, who));
  const { html, remoteImages } = sanitizeMailHtml(seed.html);
  const text = htmlToText(html);
  const date = new Date(at).toISOString();
  const common = {
    id,
    messageId,
    ...(previous ? { inReplyTo: previous.messageId } : {}),
    references,
    threadId: threadIdOf(references[0] ?? messageId),
    from,
    to,
    cc,
    bcc: [],
    subject: seed.subject,
    snippet: text.slice(0, 200),
    attachments: await attachmentOf(seed.attachment),
    ...(remoteImages ? { remoteImages } : {}),
    words: searchWords(seed.subject, text, ...[from, ...to, ...cc].map((who) => `${who.address} ${who.name ?? ''}`)),
    date,
    createdAt: date,
    updatedAt: date,
    version: 1,
  };
  const copies: MailRecord[] = [];
  if (from.userId) {
    copies.push({
      ...common,
      ownerId: from.userId,
      folder: 'sent',
      labels: [...(seed.labels ?? [])],
      read: true,
      starred: false,
      recipients: [...to, ...cc].map((who) => ({
        address: who.address,
        internal: true,
        status: 'delivered',
        at: date,
      })),
    });
  }
  for (const recipient of [...to, ...cc]) {
    if (!recipient.userId) continue;
    const folder = seed.folder ?? 'inbox';
    copies.push({
      ...common,
      ownerId: recipient.userId,
      folder,
      ...(folder === 'trash' ? { previousFolder: 'inbox' as const } : {}),
      ...(folder === 'spam' ? { spamVerdict: 'FAIL' as const } : {}),
      labels: [...(seed.labels ?? [])],
      read: seed.read ?? false,
      starred: seed.starred ?? false,
    });
  }
  return { copies, body: { html, text } };
};

const draftFor = (ids: Ids, phone: string, index: number): { mail: MailRecord; html: string } | undefined => {
  const ownerId = ids.get(phone);
  if (!ownerId) return undefined;
  const at = minutesAgo(15 + index * 7);
  const id = ulid(at);
  const date = new Date(at).toISOString();
  const from = addressOf(ids, phone);
  const subject = 'Notes for next week';
  const text = 'To do: confirm the schedule, send the updated estimate.';
  return {
    html: `<p>${text}</p>`,
    mail: {
      ownerId,
      id,
      messageId: `<${id}@orbit.example>`,
      references: [],
      threadId: threadIdOf(`<${id}@orbit.example>`),
      folder: 'draft',
      labels: [],
      read: true,
      starred: false,
      from,
      to: [],
      cc: [],
      bcc: [],
      subject,
      snippet: text,
      attachments: [],
      words: searchWords(subject, text, `${from.address} ${from.name ?? ''}`),
      date,
      createdAt: date,
      updatedAt: date,
      version: 1,
    },
  };
};

export const seedEmail = async (): Promise<void> => {
  const ids = await seededUserIds();
  const writes: Promise<unknown>[] = [];
  for (const thread of [...threads, ...fromOutside.map((mail) => [mail])]) {
    let previous: MailRecord | undefined;
    for (const seed of thread) {
      const { copies, body } = await copiesOf(ids, seed, seed.reply ? previous : undefined);
      previous = copies[0];
      writes.push(...copies.map((copy) => storeNewMail(copy, body)));
    }
  }
  withEmail.forEach((phone, index) => {
    const draft = draftFor(ids, phone, index);
    if (draft) writes.push(storeNewMail(draft.mail, { html: draft.html, text: draft.mail.snippet }));
  });
  await Promise.all(writes);
};
