import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { db } from '@orbit/functions/core/db';
import { mailingTotalNames, type Mailing } from '@orbit/functions/mailings/contract';
import { tableName } from '@orbit/functions/core/table';
import { mailingItemKey, recipientSortPrefix, type RecipientStatus } from '@orbit/functions/mailings/delivery-entities';
import { totalNameOf } from '@orbit/functions/mailings/totals';

import { startLocalSesServer } from '../../infra/local/local-services';
import { startLocalStack } from '../../infra/local/stack';
import {
  loadTaggedLeads,
  readMailing,
  sendMailingNow,
  signInAdmin,
  storedMailsTo,
  type StoredMail,
} from '../bench/mailings-run';
import { seededSnapshot } from '../support/api-seed-snapshot';
import { createChildStack, type ChildStack } from '../support/child-stack';

/**
 * The crash test of a mailing's totals (docs/mailings.md, "Delivery in detail"): a mailing to a
 * few hundred tagged leads on the real `npm start` (a child process with its data on disk and
 * the test's own SES server, whose store outlives the crash), killed with -9 while it sends and
 * started again on the same data. Once the mailing is `sent`, the stack is killed once more and
 * its data opened in this process with no background work, so nothing moves while the totals
 * the API answers are compared with the recipients' statuses read from the table: each
 * recipient's move and its count are one write, so they agree whenever the crash lands.
 */

const recipients = 300;
/** Messages at the SES store before the kill (the SES rate makes the sending last ~15 s). */
const crashAfter = 90;

let ses: Server;
let sesUrl = '';
let stack: ChildStack;

const eventually = async <T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const bareAddress = (address: string) => (/<([^>]+)>/.exec(address)?.[1] ?? address).trim().toLowerCase();

/** The mailing's recipients as the table holds them, counted by the total their status is in (`sending` in queued). */
const statusCountsInTable = async (mailingId: string): Promise<Record<string, number>> => {
  const counts: Record<string, number> = {};
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': mailingItemKey(mailingId).pk, ':prefix': recipientSortPrefix },
        ConsistentRead: true,
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) {
      const total = totalNameOf(item.status as RecipientStatus);
      counts[total] = (counts[total] ?? 0) + 1;
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return counts;
};

beforeAll(async () => {
  ses = await startLocalSesServer();
  sesUrl = `http://127.0.0.1:${(ses.address() as AddressInfo).port}`;
  // A short lease: the batch the kill cut off runs again soon after the restart, and its
  // cut-off sends lapse into `unknown` within seconds.
  stack = await createChildStack({
    copyOf: seededSnapshot(),
    env: {
      LOCAL_SES_URL: sesUrl,
      MAILING_EMAIL_RATE_PER_SECOND: '20',
      JOB_LEASE_MS: '4000',
      JOB_TICK_INTERVAL_MS: '250',
      SMTP_PORT: '0',
      POWERTOOLS_LOG_LEVEL: 'WARN',
    },
    ...(process.env.CRASH_TEST_LOG ? { logFile: process.env.CRASH_TEST_LOG } : {}),
  });
}, 600_000);

afterAll(async () => {
  await stack?.dispose();
  await new Promise<void>((resolve) => {
    ses.close(() => resolve());
    ses.closeAllConnections();
  });
});

describe('kill -9 while a mailing sends', () => {
  it('leaves totals that equal the recipients’ statuses and add up, with no message sent twice', async () => {
    const tag = `crash${Date.now().toString(36)}`;
    const addresses = await loadTaggedLeads(stack.dataDir, tag, recipients);
    await stack.start();
    const admin = await signInAdmin(stack.url);
    // The throttle per minute leaves the pace to the SES rate (20 a second).
    const mailing = await sendMailingNow(admin, tag, 10_000);
    const audience = new Set(addresses);
    await eventually(
      async () => ((await storedMailsTo(sesUrl, audience)).length >= crashAfter ? true : undefined),
      120_000,
      'the sending to be under way',
    );
    await stack.crash();
    const atCrash = (await storedMailsTo(sesUrl, audience)).length;
    await stack.start();

    const again = await signInAdmin(stack.url);
    await eventually(
      async () => ((await readMailing(again, mailing.id))?.state === 'sent' ? true : undefined),
      180_000,
      'the mailing to be sent',
    );
    // Frozen: the stack is killed again and its data opened here with no background work, so no
    // SES event moves a recipient between reading the totals and reading the table.
    await stack.crash();
    const frozen = await startLocalStack({
      port: 0,
      host: '127.0.0.1',
      dataDir: stack.dataDir,
      worker: { enabled: false },
    });
    try {
      const reader = await signInAdmin(frozen.url.replace('//localhost:', '//127.0.0.1:'));
      const read: Mailing | undefined = await readMailing(reader, mailing.id);
      expect(read?.state).toBe('sent');
      const totals = read?.totals ?? ({} as Mailing['totals']);
      const inTable = await statusCountsInTable(mailing.id);
      const stored: StoredMail[] = await storedMailsTo(sesUrl, audience);
      const perAddress = new Map<string, number>();
      for (const mail of stored)
        for (const to of mail.destination.to.map(bareAddress)) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
      const duplicates = [...perAddress].filter(([, count]) => count > 1);
      const statusTotals = mailingTotalNames.filter((name) => name !== 'recipients' && name !== 'replies');
      console.log(
        `mailings crash test: kill -9 with ${atCrash} of ${recipients} at the SES store; ` +
          `totals ${JSON.stringify(totals)}; statuses in the table ${JSON.stringify(inTable)}; ` +
          `${stored.length} messages stored, ${duplicates.length} duplicates`,
      );

      expect(totals.recipients).toBe(recipients);
      expect(Object.fromEntries(statusTotals.map((name) => [name, totals[name]]))).toEqual(
        Object.fromEntries(statusTotals.map((name) => [name, inTable[name] ?? 0])),
      );
      expect(statusTotals.reduce((sum, name) => sum + totals[name], 0)).toBe(totals.recipients);
      expect(totals.queued).toBe(0);
      expect(duplicates).toEqual([]);
    } finally {
      await frozen.stop();
    }
  }, 600_000);
});
