import { invoiceEntity } from '@orbit/functions/core/billing/entities';
import { putPart, transactWrite } from '@orbit/functions/core/db';
import type { PlansResponse, PlanView } from '@orbit/functions/plans/contract';
import type { InvoiceListResponse, InvoiceResponse, InvoiceView } from '@orbit/functions/plans/invoice-contract';
import { newDraft } from '@orbit/functions/plans/invoice-drafting';
import { getSubscription } from '@orbit/functions/plans/subscription-repository';
import type { ReferralAccountResponse } from '@orbit/functions/referrals/contract';
import { demoUsers } from '@orbit/seed/demo-users';

import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import type { BenchSection } from './section';
import { fromSource, newSource } from '../support/from-source';
import { BenchClient, expectStatus, ms, summary, timed } from './support';

/**
 * Plans, invoices and referrals on the local stack with its worker (docs/plans.md):
 * - the reads each tab of the plans page makes, p50 / p95: the catalogue, a client's subscription
 *   (usage meters and next-invoice preview), the admins' overview and open invoices, a client's
 *   referrals;
 * - subscribe → the first invoice drafted by the worker (outbox, stream, job);
 * - 50 drafts issued at once: the wall time, each request's time and the numbers (gap-free is
 *   the point: the counter is one item every issue conditionally raises, so they queue);
 * - the invoice PDF in English and Arabic (shaped, right to left): time and size;
 * - a referred client's first invoice marked paid → the referrer's referral rewarded (the
 *   activation job by the worker).
 */

const samples = 30;
const password = 'Bench#2026';

const demoOf = (phone: string) => {
  const user = demoUsers.find((candidate) => candidate.phone === phone);
  if (!user) throw new Error(`no demo user ${phone}`);
  return user;
};

/** Polls `probe` (no sleeping beyond a 20 ms pause between probes) until it answers something. */
const until = async <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

let registered = 0;
const register = async (url: string, name: string, referralCode?: string): Promise<BenchClient> => {
  registered += 1;
  const suffix = `${Date.now() % 100_000}${registered}`.padStart(7, '0').slice(-7);
  const client = new BenchClient(url);
  // From an address of its own: the section registers more clients than one source may in an hour.
  const answer = await fromSource(url, newSource()).request<{ accessToken: string; userData: { id: string } }>(
    'POST',
    '/api/auth/register',
    {
      body: {
        fullName: name,
        phone: `+1556${suffix}`,
        email: `bench${suffix}@bench.example`,
        password,
        ...(referralCode ? { referralCode } : {}),
      },
    },
  );
  expectStatus('registering a client', answer.status, 201);
  client.token = answer.body.accessToken;
  client.id = answer.body.userData.id;
  return client;
};

const draftOf = (admin: BenchClient, clientId: string) =>
  until(`${clientId}'s first draft`, async () => {
    const listed = await admin.request<InvoiceListResponse>('GET', `/api/apps/plans/invoices?clientId=${clientId}`);
    return listed.body.invoices.find((invoice) => invoice.status === 'draft');
  });

export const plansBench: BenchSection = {
  name: 'plans',
  async run() {
    const stack: LocalStack = await startLocalStack({
      port: 0,
      host: '127.0.0.1',
      dataDir: ':memory:',
      tableName: `bench-plans-${Date.now().toString(36)}`,
    });
    try {
      const admin = new BenchClient(stack.url);
      const olivia = demoOf('+15550100001');
      await admin.signIn(olivia.phone, olivia.password);
      const client = new BenchClient(stack.url);
      const liam = demoOf('+15550100002');
      await client.signIn(liam.phone, liam.password);
      const catalogue = (await admin.request<PlansResponse>('GET', '/api/apps/plans')).body.plans;
      const growth = catalogue.find((plan) => plan.name.en === 'Growth');
      if (!growth) throw new Error('no seeded Growth plan');

      // Subscribe → the first invoice, drafted by the worker from the job the subscription wrote.
      const toDraft: number[] = [];
      let subscribed: BenchClient | undefined;
      for (let index = 0; index < 10; index += 1) {
        const fresh = await register(stack.url, `Bench Client ${index}`);
        toDraft.push(
          await timed(async () => {
            const put = await admin.request('PUT', `/api/apps/plans/subscriptions/${fresh.id}`, {
              planId: growth.id,
              interval: 'month',
            });
            expectStatus('subscribing', put.status, 200);
            await draftOf(admin, fresh.id);
          }),
        );
        subscribed = fresh;
      }
      console.log(`subscribe → first invoice drafted by the worker: ${summary(toDraft)}`);
      if (!subscribed) throw new Error('nobody subscribed');

      // 50 drafts of one subscription, issued at once by the admin.
      const subscription = await getSubscription(subscribed.id);
      if (!subscription) throw new Error('no subscription');
      const plan: PlanView = growth;
      const drafts = await Promise.all(Array.from({ length: 50 }, () => newDraft(subscription, plan, [], new Date())));
      for (const draft of drafts) await transactWrite([putPart('invoice', invoiceEntity.toItem(draft))]);
      const each: number[] = [];
      const issued: InvoiceView[] = [];
      const wall = await timed(() =>
        Promise.all(
          drafts.map(async (draft) => {
            const started = performance.now();
            const answer = await admin.request<InvoiceResponse>('POST', `/api/apps/plans/invoices/${draft.id}/issue`);
            each.push(performance.now() - started);
            expectStatus('issuing', answer.status, 200);
            issued.push(answer.body.invoice);
          }),
        ),
      );
      const sequence = issued.map((invoice) => Number(invoice.number?.split('-')[1])).sort((a, b) => a - b);
      const gapFree = sequence.every((value, index) => index === 0 || value === (sequence[index - 1] ?? 0) + 1);
      console.log(
        `50 drafts issued at once: ${ms(wall)} in all, each ${summary(each)}; numbers ${issued.length}, ` +
          `gap-free and unique: ${gapFree && new Set(sequence).size === 50 ? 'yes' : 'NO'}`,
      );

      // The invoice as PDF, in English and in Arabic.
      const [first] = issued;
      if (!first) throw new Error('nothing issued');
      for (const language of ['en', 'ar']) {
        const times: number[] = [];
        let bytes = 0;
        for (let index = 0; index < 20; index += 1) {
          times.push(
            await timed(async () => {
              const response = await fetch(`${stack.url}/api/apps/plans/invoices/${first.id}/pdf?lang=${language}`, {
                headers: { authorization: `Bearer ${admin.token}` },
              });
              expectStatus('the PDF', response.status, 200);
              bytes = (await response.arrayBuffer()).byteLength;
            }),
          );
        }
        console.log(`GET the invoice PDF in ${language}: ${summary(times)}, ${(bytes / 1024).toFixed(1)} KB`);
      }

      // A referral from sign-up to reward: the referred client's first invoice paid → rewarded.
      const referrer = await register(stack.url, 'Bench Referrer');
      const code = (await referrer.request<ReferralAccountResponse>('GET', `/api/apps/referrals/users/${referrer.id}`))
        .body.account.code;
      const toReward: number[] = [];
      for (let index = 0; index < 5; index += 1) {
        const referred = await register(stack.url, `Bench Referred ${index}`, code);
        const put = await admin.request('PUT', `/api/apps/plans/subscriptions/${referred.id}`, {
          planId: growth.id,
          interval: 'month',
        });
        expectStatus('subscribing the referred client', put.status, 200);
        const draft = await draftOf(admin, referred.id);
        expectStatus(
          'issuing',
          (await admin.request('POST', `/api/apps/plans/invoices/${draft.id}/issue`)).status,
          200,
        );
        toReward.push(
          await timed(async () => {
            const paid = await admin.request('POST', `/api/apps/plans/invoices/${draft.id}/payments`, {
              method: 'bank_transfer',
              paidOn: new Date().toISOString().slice(0, 10),
            });
            expectStatus('recording the payment', paid.status, 200);
            await until('the referral rewarded', async () => {
              const account = await referrer.request<ReferralAccountResponse>(
                'GET',
                `/api/apps/referrals/users/${referrer.id}`,
              );
              return account.body.account.counts.rewarded === index + 1 ? true : undefined;
            });
          }),
        );
      }
      console.log(`first invoice paid → the referrer's referral rewarded by the worker: ${summary(toReward)}`);

      // Last, once the seed's background work (drafts, mails) has long settled.
      const reads: readonly [string, BenchClient, string][] = [
        ['the catalogue (client)', client, '/api/apps/plans'],
        ['a subscription with usage and next invoice (client)', client, `/api/apps/plans/subscriptions/${client.id}`],
        ['the overview (admin)', admin, '/api/apps/plans/overview'],
        ['open invoices, first page (admin)', admin, '/api/apps/plans/invoices?status=open'],
        ["a client's own invoices (client)", client, '/api/apps/plans/invoices'],
        ["a client's referrals and credit (client)", client, `/api/apps/referrals/users/${client.id}`],
      ];
      for (const [what, caller, path] of reads) {
        // One call first, not counted: the first request of an area loads its handler's modules.
        expectStatus(what, (await caller.request('GET', path)).status, 200);
        const times: number[] = [];
        for (let index = 0; index < samples; index += 1) {
          times.push(await timed(async () => expectStatus(what, (await caller.request('GET', path)).status, 200)));
        }
        console.log(`GET ${what}: ${summary(times)}`);
      }
    } finally {
      await stack.stop();
    }
  },
};
