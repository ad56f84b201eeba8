import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { paginateScan } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { WorkItem, WorkResponse } from '@orbit/functions/channels/contract';
import { db } from '@orbit/functions/core/db';
import { lapsedError } from '@orbit/functions/core/jobs/transitions';
import { tableName } from '@orbit/functions/core/table';
import type { InvoiceListResponse, InvoiceResponse, InvoiceView } from '@orbit/functions/plans/invoice-contract';
import type { ReferralAccountResponse, RewardRuleResponse } from '@orbit/functions/referrals/contract';

import { startLocalSesServer } from '../../infra/local/local-services';
import { startLocalStack } from '../../infra/local/stack';
import { ApiClient, demo, registerNewClient } from '../support/api-stack';
import { fromSource, newSource } from '../support/from-source';
import { seededSnapshot } from '../support/api-seed-snapshot';
import { createChildStack, type ChildStack } from '../support/child-stack';
import { planBody } from '../support/invoice-fixtures';

/**
 * Billing's background work survives a crash (docs/plans.md, "Background work", "Referrals";
 * docs/background-work.md): 30 clients one referrer brought are subscribed (the worker drafts each
 * first invoice), then the admin issues and pays each invoice (a mail job and a referral job each)
 * while the real `npm start` is killed with -9, and started again on the same data. Then: one
 * invoice per client, numbers unique and gap-free, each mail at the SES store at most once and
 * none silently lost (a send the kill cut off is `unknown`), each referral rewarded once.
 */

const clients = 30;
/** The invoice mail whose send the kill cuts off (its answer is held until then). */
const crashAfter = 10;
const invoicePath = '/api/apps/plans/invoices';
const patience = { timeout: 240_000, interval: 500 } as const;
type Registered = { userData: { id: string } };
type Subscribed = { subscription: { currentPeriodStart: string } };

let ses: Server;
let sesPort = 0;
let front: Server;
let stack: ChildStack;
let reachedCrashPoint = () => {};
const crashPoint = new Promise<void>((resolve) => (reachedCrashPoint = resolve));

beforeAll(async () => {
  ses = await startLocalSesServer();
  sesPort = (ses.address() as AddressInfo).port;
  // The stack mails through this front of the SES server (whose store outlives the kill): each
  // mail is stored at once and answered 150 ms later, so sends are mid-call when the kill comes;
  // the `crashAfter`-th invoice mail calls for the kill, so at least one surely is.
  let invoiceMails = 0;
  front = createServer((incoming, answer) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
    const target = { host: '127.0.0.1', port: sesPort, path: incoming.url, method: incoming.method };
    const out = forward({ ...target, headers: incoming.headers }, (stored) => {
      if (/"Invoice \d{4}-\d+ from Orbit"/.test(body) && ++invoiceMails === crashAfter) reachedCrashPoint();
      setTimeout(() => stored.pipe(answer.writeHead(stored.statusCode ?? 502, stored.headers)), 150);
    });
    out.on('error', () => answer.destroy());
    incoming.pipe(out);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  stack = await createChildStack({
    copyOf: seededSnapshot(),
    // Lapsed claims are found at once after the restart (which takes longer than the lease); the
    // call timeout (3/4 of the lease) stays far above the front's 150 ms even on a busy machine.
    env: {
      LOCAL_SES_URL: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
      JOB_LEASE_MS: '8000',
      JOB_TICK_INTERVAL_MS: '250',
      SMTP_PORT: '0',
      POWERTOOLS_LOG_LEVEL: 'WARN',
    },
    ...(process.env.CRASH_TEST_LOG ? { logFile: process.env.CRASH_TEST_LOG } : {}),
  });
  await stack.start();
}, 600_000);

afterAll(async () => {
  await stack?.dispose();
  for (const server of [front, ses]) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
});

const signedInAdmin = async () => {
  const admin = new ApiClient(stack.url);
  expect((await admin.signIn(demo.admin.phone, demo.admin.password)).status).toBe(201);
  return admin;
};

/** `task` over `items`, `lanes` at a time. */
const inLanes = async <T>(items: readonly T[], lanes: number, task: (item: T) => Promise<void>) => {
  const queue = [...items];
  const lane = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
  };
  await Promise.all(Array.from({ length: lanes }, lane));
};

/** Invoice mails at the SES store, per invoice number (the subject names it). */
const mailsPerNumber = async (): Promise<Map<string, number>> => {
  const store = await fetch(`http://127.0.0.1:${sesPort}/store`);
  const counts = new Map<string, number>();
  for (const { subject } of ((await store.json()) as { emails: { subject: string }[] }).emails) {
    const number = /^Invoice (\d{4}-\d+) from Orbit$/.exec(subject)?.[1];
    if (number) counts.set(number, (counts.get(number) ?? 0) + 1);
  }
  return counts;
};

/** Every job's status as the kill left it: the dead stack's data opened here, with no worker. */
const jobsOnDisk = async (): Promise<[string, string][]> => {
  const frozen = await startLocalStack({ port: 0, dataDir: stack.dataDir, seed: false, worker: { enabled: false } });
  const jobs: [string, string][] = [];
  try {
    const filter = { FilterExpression: '#t = :job', ExpressionAttributeNames: { '#t': 'type' } };
    const scan = { TableName: tableName(), ...filter, ExpressionAttributeValues: { ':job': 'Job' } };
    for await (const page of paginateScan({ client: db() }, scan))
      for (const item of page.Items ?? []) jobs.push([String(item.id), String(item.status)]);
  } finally {
    await frozen.stop();
  }
  return jobs;
};

describe('kill -9 while invoice mails and referral rewards are in flight', () => {
  it('bills each client once, mails each invoice once or shows it unknown, rewards each referral once', async () => {
    let admin = await signedInAdmin();
    /** The admin's call, answered 2xx. */
    const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await admin.request<T>(method, path, body === undefined ? {} : { body });
      expect(response.status, `${method} ${path}`).toBeLessThan(300);
      return response.body;
    };
    const { rule } = (await call<RewardRuleResponse>('GET', '/api/apps/referrals/reward-rule')).rewardRule;
    expect(rule).toMatchObject({ kind: 'fixed', amount: 2_000, currency: 'EUR' }); // the seed's 20 € rule
    const account = async (userId: string) =>
      (await call<ReferralAccountResponse>('GET', `/api/apps/referrals/users/${userId}`)).account;
    const referrer = await registerNewClient(stack.url, 'Crash Referrer');
    const { code } = await account(referrer.id);
    const planId = (await call<{ plan: { id: string } }>('POST', '/api/apps/plans', planBody())).plan.id;

    // 30 clients the referrer brought, each subscribed: the worker drafts each first invoice.
    const periodOf = new Map<string, string>();
    await inLanes([...Array(clients).keys()], 4, async (i) => {
      const contact = { phone: `+14441000${String(i).padStart(3, '0')}`, email: `crash${i}@test.example` };
      const body = { fullName: `Crash Client ${i}`, ...contact, password: 'Secret#2026', referralCode: code };
      // Each from an address of its own: 30 sign-ups are more than one source may make in an hour.
      const registered = await fromSource(stack.url, newSource()).request<Registered>('POST', '/api/auth/register', {
        body,
      });
      expect(registered.status).toBe(201);
      const { id } = registered.body.userData;
      const subscribing = { planId, interval: 'month' };
      const { subscription } = await call<Subscribed>('PUT', `/api/apps/plans/subscriptions/${id}`, subscribing);
      periodOf.set(id, subscription.currentPeriodStart);
    });
    const invoicesOf = async (clientId: string) =>
      (await call<InvoiceListResponse>('GET', `${invoicePath}?clientId=${clientId}`)).invoices;
    const drafts = new Map<string, string>();
    await vi.waitFor(async () => {
      for (const clientId of [...periodOf.keys()].filter((id) => !drafts.has(id))) {
        const [draft] = await invoicesOf(clientId);
        if (draft) drafts.set(clientId, draft.id);
      }
      expect(drafts.size).toBe(clients);
    }, patience);

    /** Issues (a mail job) then pays (a referral job) each invoice that still needs it; stops when the stack is gone. */
    const paidOn = new Date().toISOString().slice(0, 10);
    let stopped = false;
    const bill = async (id: string) => {
      try {
        let { invoice } = await call<InvoiceResponse>('GET', `${invoicePath}/${id}`);
        if (invoice.status === 'draft')
          ({ invoice } = await call<InvoiceResponse>('POST', `${invoicePath}/${id}/issue`));
        if (invoice.status !== 'open') return;
        await call('POST', `${invoicePath}/${id}/payments`, { method: 'bank_transfer', paidOn });
      } catch (error) {
        if (!(error instanceof TypeError)) throw error; // fetch failed: the stack was killed
        stopped = true;
      }
    };
    const billing = inLanes([...drafts.values()], 6, async (id) => (stopped ? undefined : bill(id)));
    await Promise.race([crashPoint, billing.then(() => Promise.reject(new Error('all billed before the kill')))]);
    await stack.crash();
    await billing;
    const mailsAtKill = (await mailsPerNumber()).size;
    const atKill = await jobsOnDisk();
    const pending = (prefix: string) => atKill.filter(([id, status]) => id.startsWith(prefix) && status !== 'done');
    const cutOff = pending('invoice-email#').filter(([, status]) => status === 'running');
    await stack.start();
    admin = await signedInAdmin();
    stopped = false;
    await inLanes([...drafts.values()], 6, bill);
    expect(stopped).toBe(false);

    // One invoice per client, for its first period, paid; the numbers unique and without a gap.
    const billed: InvoiceView[] = [];
    for (const clientId of periodOf.keys()) billed.push(...(await invoicesOf(clientId)));
    expect(billed.map((each) => [each.clientId, each.periodStart, each.status])).toEqual(
      [...periodOf].map(([clientId, periodStart]) => [clientId, periodStart, 'paid']),
    );
    const sequences = billed.map((each) => Number(each.number?.split('-')[1])).sort((a, b) => a - b);
    expect(sequences).toEqual(sequences.map((_, i) => (sequences[0] ?? 0) + i));

    // Settled: each referral rewarded; each invoice mailed, or `unknown` when the kill cut off its
    // send (the documented outcome of an at-most-once job whose lease lapsed), never re-sent.
    const unknownMails = async (items: WorkItem[] = [], cursor = ''): Promise<WorkItem[]> => {
      const page = await call<WorkResponse>('GET', `/api/apps/channels/work?limit=100${cursor}`);
      items.push(...page.items.filter((item) => item.kind === 'billing.invoice.email'));
      return page.cursor ? unknownMails(items, `&cursor=${page.cursor}`) : items;
    };
    const settled = await vi.waitFor(async () => {
      const [referrals, mails, unknown] = await Promise.all([account(referrer.id), mailsPerNumber(), unknownMails()]);
      expect(referrals.counts).toEqual({ registered: 0, active: 0, rewarded: clients });
      expect(unknown.map((item) => [item.id, item.status, item.lastError]).sort()).toEqual(
        cutOff.map(([id]) => [id, 'unknown', lapsedError]).sort(),
      );
      const unknownIds = new Set(unknown.map((item) => item.id));
      expect(
        billed.filter((each) => !mails.has(each.number ?? '') && !unknownIds.has(`invoice-email#${each.id}`)),
      ).toEqual([]);
      return { referrals, unknownIds };
    }, patience);
    const { referrals } = settled; // 30 × 20 €, credited once each
    expect(referrals.referrals.map((each) => [each.stage, each.reward])).toEqual(
      Array.from({ length: clients }, () => ['rewarded', 2_000]),
    );
    expect(referrals.credits).toEqual([{ currency: 'EUR', earned: 60_000, applied: 0, available: 60_000 }]);

    // Killed again, so nothing can send any more: no invoice was ever mailed twice.
    await stack.crash();
    const mails = await mailsPerNumber();
    const mailsOf = (each: InvoiceView) => mails.get(each.number ?? '') ?? 0;
    const arrived = billed.filter((each) => settled.unknownIds.has(`invoice-email#${each.id}`) && mailsOf(each) > 0);
    console.log(
      `plans crash test: kill -9 with ${mailsAtKill} invoice mails stored, ${pending('invoice-email#').length} mail ` +
        `jobs (${cutOff.length} mid-call) and ${pending('referral-activate#').length} referral jobs not done; then ` +
        `${settled.unknownIds.size} mails unknown (${arrived.length} had arrived), ${mails.size} invoices mailed, ` +
        `${billed.filter((each) => mailsOf(each) > 1).length} twice; numbers ${sequences[0]}–${sequences.at(-1)}`,
    );
    expect(billed.filter((each) => mailsOf(each) > 1)).toEqual([]);
  }, 900_000);
});
