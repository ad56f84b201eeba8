import { batchWrite } from '@orbit/functions/core/db';
import { ulid } from '@orbit/functions/core/ids';
import { leadEntity } from '@orbit/functions/core/users/entities';
import { mailingTotalNames, type Mailing } from '@orbit/functions/mailings/contract';
import type { RecipientsPage, RecipientView } from '@orbit/functions/mailings/delivery-contract';
import { totalNameOf } from '@orbit/functions/mailings/totals';
import { demoUsers } from '@orbit/seed/demo-users';

import { startLocalStack } from '../../infra/local/stack';
import { BenchClient, expectStatus } from './support';

/**
 * One mailing of the mailings bench (tests/bench/mailings.ts), on a child stack (`npm start` in
 * a process group of its own) whose SES server is the bench's: what each step needs, and the
 * figures read back from the recipients (the API) and the local SES store (the ground truth).
 */

export interface MailingsBenchSettings {
  readonly recipients: number;
  /** The mailing's throttle, messages per minute. */
  readonly perMinute: number;
}

/** What the local SES server keeps of a mail (its `GET /store`). */
export interface StoredMail {
  readonly messageId: string;
  readonly destination: { readonly to: readonly string[] };
  /** Epoch seconds. */
  readonly at: number;
}

const bare = (address: string) => (/<([^>]+)>/.exec(address)?.[1] ?? address).trim().toLowerCase();

/**
 * `count` leads carrying `tag`, written straight into the stack's DynamoDB Local with
 * BatchWrite (leadEntity.toItem: the profile item with its PEOPLE index keys, as the chat
 * area writes a lead), by an in-process stack on the child's data directory that is stopped
 * before the child starts: only the mailing is measured, not the loading. Returns the addresses.
 */
export const loadTaggedLeads = async (dataDir: string, tag: string, count: number): Promise<string[]> => {
  const stack = await startLocalStack({ port: 0, host: '127.0.0.1', dataDir, worker: { enabled: false } });
  try {
    const createdAt = new Date().toISOString();
    const addresses: string[] = [];
    const puts = Array.from({ length: count }, (_, index) => {
      const email = `reader-${index}.${tag}@outside.example`;
      addresses.push(email);
      return {
        put: leadEntity.toItem({
          id: ulid(),
          fullName: `Reader ${index} ${tag}`,
          role: 'lead',
          status: 'new',
          email,
          tags: [tag],
          language: 'en',
          createdAt,
          version: 1,
        }),
      };
    });
    await batchWrite(puts, 8);
    return addresses;
  } finally {
    await stack.stop();
  }
};

export const signInAdmin = async (baseUrl: string): Promise<BenchClient> => {
  const adminUser = demoUsers.find((user) => user.role === 'admin');
  if (!adminUser) throw new Error('no demo admin');
  const admin = new BenchClient(baseUrl);
  await admin.signIn(adminUser.phone, adminUser.password);
  return admin;
};

/** A draft to the tag with the throttle, then "send now" (scheduled; the start job takes it). */
export const sendMailingNow = async (admin: BenchClient, tag: string, perMinute: number): Promise<Mailing> => {
  const created = await admin.request<{ mailing: Mailing }>('POST', '/api/apps/mailings', {
    name: `Bench ${tag}`,
    channel: 'email',
    subject: 'News for {{firstName | "you"}}',
    html: '<p>Hello {{fullName}}, here is this month’s news.</p>',
    audience: { tags: [tag], tagMatch: 'any' },
    throttlePerMinute: perMinute,
  });
  expectStatus('creating the mailing', created.status, 201);
  const scheduled = await admin.request<{ mailing: Mailing }>(
    'POST',
    `/api/apps/mailings/${created.body.mailing.id}/transitions`,
    { to: 'scheduled', version: created.body.mailing.version, sendNow: true },
  );
  expectStatus('sending the mailing now', scheduled.status, 200);
  return scheduled.body.mailing;
};

/** The mailing as the API has it now, or undefined while the stack does not answer. */
export const readMailing = async (admin: BenchClient, id: string): Promise<Mailing | undefined> => {
  try {
    const response = await admin.request<{ mailing: Mailing }>('GET', `/api/apps/mailings/${id}`);
    return response.status === 200 ? response.body.mailing : undefined;
  } catch {
    return undefined;
  }
};

export const allRecipients = async (admin: BenchClient, id: string): Promise<RecipientView[]> => {
  const recipients: RecipientView[] = [];
  let cursor: string | undefined;
  do {
    const page = await admin.request<RecipientsPage>(
      'GET',
      `/api/apps/mailings/${id}/recipients?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expectStatus('the recipients', page.status, 200);
    recipients.push(...page.body.recipients);
    cursor = page.body.nextCursor;
  } while (cursor);
  return recipients;
};

/** What the local SES server stored for these addresses (one message per address expected). */
export const storedMailsTo = async (sesUrl: string, addresses: ReadonlySet<string>): Promise<StoredMail[]> => {
  const response = await fetch(`${sesUrl}/store`);
  const { emails } = (await response.json()) as { emails: StoredMail[] };
  return emails.filter((email) => email.destination.to.some((to) => addresses.has(bare(to))));
};

/** Statuses a recipient ends in (docs/mailings.md, "Delivery"); queued and sending are not. */
const terminalStatuses = new Set(['sent', 'delivered', 'bounced', 'failed', 'opted_out', 'unknown', 'cancelled']);

export interface MailingFigures {
  readonly recipients: number;
  readonly atSes: number;
  readonly byStatus: Readonly<Record<string, number>>;
  /** Addresses with more than one message at the SES store (the extra messages). */
  readonly duplicates: number;
  /** Recipients not in a terminal state. */
  readonly lost: number;
  /** Recipients listed more than once (a person is a recipient once). */
  readonly listedTwice: number;
  /** Recipients 'sent'/'delivered' with no message at the SES store. */
  readonly sentNotStored: number;
  /** Recipients `unknown` (a send the crash cut off) whose message did reach the SES store. */
  readonly unknownButStored: number;
  /** Most messages stored in one UTC minute and in any 60 s window (the throttle's promise). */
  readonly maxPerMinute: number;
  readonly maxPerSlidingMinute: number;
  /** First to last message stored, seconds. */
  readonly sendingSeconds: number;
}

export const figuresOf = (
  addresses: readonly string[],
  recipients: readonly RecipientView[],
  stored: readonly StoredMail[],
): MailingFigures => {
  const byStatus: Record<string, number> = {};
  for (const recipient of recipients) byStatus[recipient.status] = (byStatus[recipient.status] ?? 0) + 1;
  const perAddress = new Map<string, number>();
  for (const mail of stored)
    for (const to of new Set(mail.destination.to.map(bare))) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
  const duplicates = [...perAddress.values()].reduce((sum, count) => sum + Math.max(0, count - 1), 0);
  const listed = new Set(recipients.map((recipient) => recipient.personId));
  const sentNotStored = recipients.filter(
    (recipient) =>
      (recipient.status === 'sent' || recipient.status === 'delivered') &&
      !perAddress.has(recipient.address.toLowerCase()),
  ).length;

  const unknownButStored = recipients.filter(
    (recipient) => recipient.status === 'unknown' && perAddress.has(recipient.address.toLowerCase()),
  ).length;

  const times = stored.map((mail) => mail.at).sort((a, b) => a - b);
  const perMinute = new Map<number, number>();
  for (const at of times) perMinute.set(Math.floor(at / 60), (perMinute.get(Math.floor(at / 60)) ?? 0) + 1);
  let maxPerSlidingMinute = 0;
  for (let start = 0, end = 0; end < times.length; end += 1) {
    while ((times[end] ?? 0) - (times[start] ?? 0) >= 60) start += 1;
    maxPerSlidingMinute = Math.max(maxPerSlidingMinute, end - start + 1);
  }
  return {
    // Every tagged lead should be one; a short list is "lost" too.
    recipients: recipients.length,
    atSes: stored.length,
    byStatus,
    duplicates,
    lost:
      recipients.filter((recipient) => !terminalStatuses.has(recipient.status)).length +
      Math.max(0, addresses.length - listed.size),
    listedTwice: recipients.length - listed.size,
    sentNotStored,
    unknownButStored,
    maxPerMinute: Math.max(0, ...perMinute.values()),
    maxPerSlidingMinute,
    sendingSeconds: times.length > 1 ? (times.at(-1) ?? 0) - (times[0] ?? 0) : 0,
  };
};

/**
 * Polls the mailing until it is 'sent' (or `deadline`), calling `onProgress` with each look;
 * a look while the stack is down (the crash) answers undefined and is simply tried again.
 */
export const waitUntilSent = async (
  admin: BenchClient,
  id: string,
  deadline: number,
  onProgress: (mailing: Mailing | undefined) => Promise<void>,
): Promise<Mailing> => {
  for (;;) {
    const mailing = await readMailing(admin, id);
    if (mailing?.state === 'sent') return mailing;
    if (Date.now() > deadline)
      throw new Error(`the mailing is still ${mailing?.state ?? 'unreadable'} (${JSON.stringify(mailing?.totals)})`);
    await onProgress(mailing);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
};

/**
 * The mailing's totals and its recipients read with nothing moving in between: the totals are the
 * same before and after the recipients' pages (SES events keep moving recipients after `sent`,
 * and each move changes the totals in the same write), tried again until they are.
 */
export const totalsWithRecipients = async (
  admin: BenchClient,
  id: string,
  deadline: number,
): Promise<{ totals: Mailing['totals']; recipients: RecipientView[] }> => {
  for (;;) {
    const before = await readMailing(admin, id);
    const recipients = await allRecipients(admin, id);
    const after = await readMailing(admin, id);
    if (before && after && JSON.stringify(before.totals) === JSON.stringify(after.totals))
      return { totals: after.totals, recipients };
    if (Date.now() > deadline) throw new Error('the totals never stayed still while the recipients were read');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
};

/**
 * How the totals differ from the recipients' statuses (each recipient counted in the total of its
 * status: `sending` in queued) and from `recipients`; empty when they agree and add up.
 */
export const totalsMismatches = (totals: Mailing['totals'], recipients: readonly RecipientView[]): string[] => {
  const counted: Record<string, number> = {};
  for (const recipient of recipients) {
    const name = totalNameOf(recipient.status);
    counted[name] = (counted[name] ?? 0) + 1;
  }
  const statusTotals = mailingTotalNames.filter((name) => name !== 'recipients' && name !== 'replies');
  const sum = statusTotals.reduce((total, name) => total + totals[name], 0);
  return [
    ...statusTotals
      .filter((name) => totals[name] !== (counted[name] ?? 0))
      .map((name) => `${name} ${totals[name]} in the totals, ${counted[name] ?? 0} recipients`),
    ...(sum === totals.recipients ? [] : [`the status totals sum to ${sum}, not ${totals.recipients}`]),
    ...(totals.recipients === recipients.length
      ? []
      : [`recipients ${totals.recipients}, ${recipients.length} listed`]),
  ];
};
