import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { vi } from 'vitest';

import { db } from '@orbit/functions/core/db';
import { localSmsOutbox, type SentSms } from '@orbit/functions/core/transports/sms';

/**
 * What the local stack "sent": SMS in its outbox (the worker runs in the test's process, so the
 * in-process list is the same one the outbox file gets), emails in the local SES server. Both
 * arrive a moment after the request that caused them (background work): tests wait for them
 * by polling, never by sleeping.
 */
export const smsTo = (phone: string): SentSms[] => localSmsOutbox.filter((message) => message.to === phone);

export const codeIn = (text: string | undefined): string | undefined => /\b(\d{6})\b/.exec(text ?? '')?.[1];

const patience = { timeout: 20_000, interval: 20 } as const;

/** Waits until the phone has received at least `count` SMS; returns them all. */
export const waitForSms = (phone: string, count: number): Promise<SentSms[]> =>
  vi.waitFor(() => {
    const sent = smsTo(phone);
    if (sent.length < count) throw new Error(`${sent.length} of ${count} SMS to ${phone} so far`);
    return sent;
  }, patience);

/**
 * Does `request`, then waits for the one SMS it causes to the phone and returns its code. The
 * worker sends in any order, so codes asked for earlier are first let through (as many SMS as
 * the table holds SMS jobs for the phone): the next one to arrive is then this request's.
 */
export const codeSentBy = async (
  tableName: string,
  phone: string,
  request: () => Promise<unknown>,
): Promise<string> => {
  const before = (await waitForSms(phone, await smsJobCount(tableName, phone))).length;
  await request();
  const sent = await waitForSms(phone, before + 1);
  return codeIn(sent.at(-1)?.text) ?? '';
};

export interface ReceivedEmail {
  readonly messageId: string;
  readonly from: string;
  readonly destination: { readonly to: string[] };
  readonly subject: string;
  readonly body: { readonly text?: string; readonly html?: string };
  readonly at: number;
}

/** Every email the local SES server holds for an address (its `GET /store` API). */
export const emailsTo = async (mailStoreUrl: string, address: string): Promise<ReceivedEmail[]> => {
  const response = await fetch(mailStoreUrl);
  const { emails } = (await response.json()) as { emails: ReceivedEmail[] };
  return emails.filter((email) => email.destination.to.some((to) => to.includes(address)));
};

/** Waits until the address has received at least `count` emails; returns them all. */
export const waitForEmails = (mailStoreUrl: string, address: string, count: number): Promise<ReceivedEmail[]> =>
  vi.waitFor(async () => {
    const received = await emailsTo(mailStoreUrl, address);
    if (received.length < count) throw new Error(`${received.length} of ${count} emails to ${address} so far`);
    return received;
  }, patience);

/**
 * The reset-code jobs in a test's table, read raw (a Scan is fine on a test's own table).
 * A request writes its jobs in its own transaction, so once it has answered, this is every
 * message it will cause.
 */
export const resetJobItems = async (tableName: string): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: '#type = :job AND kind = :kind',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':job': 'Job', ':kind': 'auth.reset-code' },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

/** The reset-code jobs addressed to a phone or an email address. */
export const resetJobsTo = async (tableName: string, to: string): Promise<Record<string, unknown>[]> =>
  (await resetJobItems(tableName)).filter((item) => (item.payload as { to?: string } | undefined)?.to === to);

const smsJobCount = async (tableName: string, phone: string): Promise<number> =>
  (await resetJobsTo(tableName, phone)).filter((item) => (item.payload as { channel?: string }).channel === 'sms')
    .length;
