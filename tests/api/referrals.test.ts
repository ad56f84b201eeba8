import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { invoiceEntity, rewardRuleEntity } from '@orbit/functions/core/billing/entities';
import { markInvoicePaid } from '@orbit/functions/core/billing/invoice-payment';
import type { Currency, InvoiceRecord, RewardRule } from '@orbit/functions/core/billing/records';
import { db } from '@orbit/functions/core/db';
import { ulid } from '@orbit/functions/core/ids';
import { activateReferral } from '@orbit/functions/referrals/activation';
import type {
  AdminCreditsResponse,
  AdminReferralsResponse,
  ReferralAccount,
  RewardRuleView,
} from '@orbit/functions/referrals/contract';

import type { LocalStack } from '../../infra/local/stack';
import { backgroundWorkSettled } from '../support/background-work';
import { ApiClient, demo, registerNewClient, signInDemoUsers, startApiStack } from '../support/api-stack';
import { fromSource, newSource } from '../support/from-source';

/**
 * Referrals (docs/plans.md, "Referrals"): attribution at registration in the account's own
 * transaction, no self-referral, the activation job a paid invoice queues (registered → active →
 * rewarded, once), the reward rule, and who sees what. Invoices are written as fixtures through
 * their entity and paid with `markInvoicePaid`, as the plans area's payment routes do.
 */

let stack: LocalStack;
let admin: ApiClient;
let clientB: ApiClient;
let adminId: string;

beforeAll(async () => {
  stack = await startApiStack();
  let ids: { admin: string };
  ({ admin, clientB, ids } = await signInDemoUsers(stack.url));
  adminId = ids.admin;
  // The demo seed sets a rule; these tests start from none and set their own.
  await db().send(new DeleteCommand({ TableName: stack.tableName, Key: rewardRuleEntity.key() }));
});

afterAll(async () => {
  await stack.stop();
});

const accountOf = async (by: ApiClient, userId: string): Promise<ReferralAccount> => {
  const response = await by.request<{ account: ReferralAccount }>('GET', `/api/apps/referrals/users/${userId}`);
  expect(response.status).toBe(200);
  return response.body.account;
};

let sequence = 0;
/** A phone and email no other registration in this file has. */
const newContact = () => {
  sequence += 1;
  const suffix = `${Date.now() % 1_000_000}${sequence}`.padStart(8, '0').slice(-8);
  return { phone: `+1444${suffix}`, email: `person${suffix}@test.example` };
};

/** A sign-up from an address of its own: this file registers more than one source may in an hour. */
const register = (body: Record<string, unknown>) =>
  fromSource(stack.url, newSource()).request<{ userData: { id: string }; errors?: Record<string, string[]> }>(
    'POST',
    '/api/auth/register',
    { body: { password: 'Secret#2026', ...body } },
  );

/** A referrer of its own (a new client), with its code. */
const newReferrer = async (name: string) => {
  const { client, id } = await registerNewClient(stack.url, name);
  const account = await accountOf(client, id);
  return { client, id, code: account.code };
};

/** A client brought by `code`. */
const referredBy = async (code: string, fullName: string): Promise<string> => {
  const response = await register({ fullName, ...newContact(), referralCode: code });
  expect(response.status).toBe(201);
  return response.body.userData.id;
};

/** An invoice of the client's, written as the plans area issues one: open, or already paid. */
const invoiceOf = async (
  clientId: string,
  total: number,
  status: 'open' | 'paid' = 'open',
  currency: Currency = 'EUR',
): Promise<InvoiceRecord> => {
  const now = new Date().toISOString();
  const invoice: InvoiceRecord = {
    id: ulid(),
    clientId,
    billedTo: { fullName: 'Fixture', email: 'fixture@test.example', language: 'en' },
    number: null,
    status,
    currency,
    lines: [],
    subtotal: total,
    taxRateBps: 0,
    tax: 0,
    total,
    creditApplied: 0,
    amountDue: total,
    periodStart: now,
    periodEnd: now,
    issuedAt: now,
    dueAt: now,
    payment: null,
    voidedAt: null,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  await db().send(new PutCommand({ TableName: stack.tableName, Item: invoiceEntity.toItem(invoice) }));
  return invoice;
};

/** The client's invoice paid as an admin records it: the paid transition queues the referral's job. */
const pay = async (clientId: string, total: number, currency: Currency = 'EUR'): Promise<InvoiceRecord> => {
  const invoice = await invoiceOf(clientId, total, 'open', currency);
  const now = new Date();
  return markInvoicePaid(
    invoice,
    {
      method: 'bank_transfer',
      paidOn: now.toISOString().slice(0, 10),
      reference: 'T-1',
      recordedBy: adminId,
      recordedAt: now.toISOString(),
    },
    now,
  );
};

/** The referral of `referredId` once the job has brought it to `stage`. */
const referralAt = (referrer: { client: ApiClient; id: string }, referredId: string, stage: string) =>
  vi.waitFor(
    async () => {
      const account = await accountOf(referrer.client, referrer.id);
      const referral = account.referrals.find((each) => each.referredId === referredId);
      expect(referral?.stage).toBe(stage);
      return { account, referral: referral! };
    },
    { timeout: 30_000, interval: 100 },
  );

const setRule = async (rule: RewardRule): Promise<RewardRuleView> => {
  const current = (await admin.request<{ rewardRule: RewardRuleView }>('GET', '/api/apps/referrals/reward-rule')).body;
  const saved = await admin.request<{ rewardRule: RewardRuleView }>('PUT', '/api/apps/referrals/reward-rule', {
    body: { rule, version: current.rewardRule.version },
  });
  expect(saved.status).toBe(200);
  return saved.body.rewardRule;
};

describe('attribution at registration', () => {
  it('writes the referral with the account, shown shortened to the referrer and whole to an admin', async () => {
    const referrer = await newReferrer('Nadia Referrer');
    expect(referrer.code).toMatch(/^[A-Z0-9]{8}$/);
    const account = await accountOf(referrer.client, referrer.id);
    expect(account.linkPath).toBe(`/register?ref=${referrer.code}`);
    expect(account.counts).toEqual({ registered: 0, active: 0, rewarded: 0 });

    const referredId = await referredBy(referrer.code.toLowerCase(), 'Maya Rossi');
    const seen = await accountOf(referrer.client, referrer.id);
    expect(seen.counts).toEqual({ registered: 1, active: 0, rewarded: 0 });
    expect(seen.referrals).toEqual([
      expect.objectContaining({ referredId, referredName: 'Maya R.', stage: 'registered', activatedAt: null }),
    ]);
    expect((await accountOf(admin, referrer.id)).referrals[0]?.referredName).toBe('Maya Rossi');
  });

  it('writes neither the account nor the referral when the account cannot be made', async () => {
    const referrer = await newReferrer('Omar Referrer');
    const contact = newContact();
    expect((await register({ fullName: 'First Person', ...contact, referralCode: referrer.code })).status).toBe(201);
    // The same phone again: the account's claim fails, and the referral with it.
    const again = await register({
      fullName: 'Second Person',
      phone: contact.phone,
      email: newContact().email,
      referralCode: referrer.code,
    });
    expect(again.status).toBe(409);
    expect(again.body.errors?.phone).toBeDefined();
    const account = await accountOf(referrer.client, referrer.id);
    expect(account.referrals.map((referral) => referral.referredName)).toEqual(['First P.']);
  });

  it("refuses an unknown code and the newcomer's own code (same phone, or same mailbox under another spelling)", async () => {
    const referrer = await newReferrer('Lina Self');
    const me = (await referrer.client.request<{ userData: { email: string; phone: string } }>('GET', '/api/auth/me'))
      .body.userData;
    const [local, domain] = me.email.split('@');

    const unknown = await register({ fullName: 'Some One', ...newContact(), referralCode: 'ZZZZZZZZ' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.referralCode).toBeDefined();

    const tagged = await register({
      fullName: 'Lina Again',
      phone: newContact().phone,
      email: `${local?.toUpperCase()}+promo@${domain}`,
      referralCode: referrer.code,
    });
    expect(tagged.status).toBe(400);
    expect(tagged.body.errors?.referralCode).toEqual(['You cannot use your own referral code']);

    const samePhone = await register({
      fullName: 'Lina Again',
      phone: me.phone,
      email: newContact().email,
      referralCode: referrer.code,
    });
    expect(samePhone.status).toBe(400);
    expect(samePhone.body.errors?.referralCode).toEqual(['You cannot use your own referral code']);

    expect((await accountOf(referrer.client, referrer.id)).referrals).toEqual([]);
  });
});

describe('activation and reward', () => {
  it('makes a referral active with the first paid invoice and leaves it there while no rule is set', async () => {
    const referrer = await newReferrer('Ravi Early');
    const referredId = await referredBy(referrer.code, 'Early Bird');
    await pay(referredId, 9_000);
    const { referral, account } = await referralAt(referrer, referredId, 'active');
    expect(referral.activatedAt).not.toBeNull();
    expect(account.credits).toEqual([]);
    await backgroundWorkSettled(stack.tableName);
    expect((await accountOf(referrer.client, referrer.id)).referrals[0]?.stage).toBe('active');

    // A rule set later rewards it with the next paid invoice, by the first one (10 % of 90 €).
    await setRule({ kind: 'percent', percentBps: 1_000, cap: 5_000, currency: 'EUR' });
    await pay(referredId, 50_000);
    const rewarded = await referralAt(referrer, referredId, 'rewarded');
    expect(rewarded.referral).toMatchObject({ reward: 900, rewardCurrency: 'EUR' });
    expect(rewarded.account.credits).toEqual([{ currency: 'EUR', earned: 900, applied: 0, available: 900 }]);
  });

  it('rewards a fixed rule exactly once, even when the job runs twice', async () => {
    await setRule({ kind: 'fixed', amount: 2_000, currency: 'EUR' });
    const referrer = await newReferrer('Sara Fixed');
    const referredId = await referredBy(referrer.code, 'Fixed Client');
    const invoice = await pay(referredId, 12_345);
    const { account } = await referralAt(referrer, referredId, 'rewarded');
    expect(account.counts).toEqual({ registered: 0, active: 0, rewarded: 1 });
    expect(account.credits).toEqual([{ currency: 'EUR', earned: 2_000, applied: 0, available: 2_000 }]);

    // The worker delivers at least once: the same job again changes nothing.
    expect(await activateReferral({ clientId: referredId, invoiceId: invoice.id }, new Date())).toBe(
      'already-rewarded',
    );
    expect((await accountOf(referrer.client, referrer.id)).credits).toEqual(account.credits);
  });

  it('rewards once when two runs race on the same referral', async () => {
    const referrer = await newReferrer('Tom Race');
    const referredId = await referredBy(referrer.code, 'Race Client');
    const invoice = await invoiceOf(referredId, 10_000, 'paid');
    const outcomes = await Promise.all([
      activateReferral({ clientId: referredId, invoiceId: invoice.id }, new Date()),
      activateReferral({ clientId: referredId, invoiceId: invoice.id }, new Date()),
    ]);
    expect(outcomes.filter((outcome) => outcome === 'rewarded')).toHaveLength(1);
    const account = await accountOf(referrer.client, referrer.id);
    expect(account.credits).toEqual([{ currency: 'EUR', earned: 2_000, applied: 0, available: 2_000 }]);
  });

  it('takes a percentage of the first paid invoice, capped, once per referred client', async () => {
    await setRule({ kind: 'percent', percentBps: 1_000, cap: 1_500, currency: 'EUR' });
    const referrer = await newReferrer('Uma Percent');
    const small = await referredBy(referrer.code, 'Small Spender');
    const large = await referredBy(referrer.code, 'Large Spender');
    await pay(small, 9_485); // 10 % is 9.485 €: 9.49 €
    await pay(large, 50_000); // 10 % is 50 €: capped at 15 €
    expect((await referralAt(referrer, small, 'rewarded')).referral.reward).toBe(949);
    expect((await referralAt(referrer, large, 'rewarded')).referral.reward).toBe(1_500);

    // A second paid invoice of the same client earns nothing more.
    await pay(small, 9_485);
    await backgroundWorkSettled(stack.tableName);
    const account = await accountOf(referrer.client, referrer.id);
    expect(account.counts).toEqual({ registered: 0, active: 0, rewarded: 2 });
    expect(account.credits).toEqual([{ currency: 'EUR', earned: 2_449, applied: 0, available: 2_449 }]);
  });

  it('does nothing for a client nobody referred', async () => {
    const { id } = await registerNewClient(stack.url, 'Walk In');
    const invoice = await invoiceOf(id, 5_000, 'paid');
    expect(await activateReferral({ clientId: id, invoiceId: invoice.id }, new Date())).toBe('not-referred');
  });
});

describe('the reward rule', () => {
  it('is read by anyone signed in and refused when out of range or stale', async () => {
    const read = await clientB.request<{ rewardRule: RewardRuleView }>('GET', '/api/apps/referrals/reward-rule');
    expect(read.status).toBe(200);
    const { version } = read.body.rewardRule;
    const put = (rule: unknown, at = version) =>
      admin.request<{ errors?: Record<string, string[]> }>('PUT', '/api/apps/referrals/reward-rule', {
        body: { rule, version: at },
      });
    expect((await put({ kind: 'fixed', amount: 0, currency: 'EUR' })).body.errors?.['rule.amount']).toBeDefined();
    expect((await put({ kind: 'percent', percentBps: 10_001, cap: 100, currency: 'EUR' })).status).toBe(400);
    expect((await put({ kind: 'percent', percentBps: 0, cap: 100, currency: 'EUR' })).status).toBe(400);
    expect((await put({ kind: 'percent', percentBps: 500, cap: 0, currency: 'EUR' })).status).toBe(400);
    expect((await put({ kind: 'fixed', amount: 100, currency: 'XXX' })).status).toBe(400);
    const stale = await put({ kind: 'fixed', amount: 100, currency: 'EUR' }, version - 1);
    expect(stale.status).toBe(409);
    expect(
      (await clientB.request<{ rewardRule: RewardRuleView }>('GET', '/api/apps/referrals/reward-rule')).body,
    ).toEqual(read.body);
  });
});

describe('who sees what', () => {
  it('shows a client only their own referrals, and admins every referral and balance', async () => {
    const referrer = await newReferrer('Vera Own');
    const referredId = await referredBy(referrer.code, 'Zed Quinn');
    expect((await clientB.request('GET', `/api/apps/referrals/users/${referrer.id}`)).status).toBe(404);
    expect((await referrer.client.request('GET', '/api/apps/referrals')).status).toBe(403);
    expect((await referrer.client.request('GET', '/api/apps/referrals/credits')).status).toBe(403);

    const all = await admin.request<AdminReferralsResponse>('GET', '/api/apps/referrals?limit=100');
    expect(all.status).toBe(200);
    expect(all.body.referrals[0]).toMatchObject({
      referredId,
      referredName: 'Zed Quinn',
      referrerId: referrer.id,
      referrerName: 'Vera Own',
    });

    const credits = await admin.request<AdminCreditsResponse>('GET', '/api/apps/referrals/credits?limit=100');
    expect(credits.status).toBe(200);
    expect(credits.body.credits.length).toBeGreaterThanOrEqual(3);
    expect(credits.body.credits.every((credit) => credit.userName !== '' && credit.earned > 0)).toBe(true);

    const firstPage = await admin.request<AdminReferralsResponse>('GET', '/api/apps/referrals?limit=1');
    expect(firstPage.body.referrals).toHaveLength(1);
    const next = await admin.request<AdminReferralsResponse>(
      'GET',
      `/api/apps/referrals?limit=1&cursor=${firstPage.body.nextCursor ?? ''}`,
    );
    expect(next.body.referrals[0]?.referredId).not.toBe(firstPage.body.referrals[0]?.referredId);
    expect((await admin.request('GET', '/api/apps/referrals?cursor=bad')).status).toBe(400);
  });

  it('lets the manager read every referral through Financial Management, not set the rule', async () => {
    const manager = new ApiClient(stack.url);
    await manager.signIn(demo.manager.phone, demo.manager.password);
    expect((await manager.request('GET', '/api/apps/referrals')).status).toBe(200);
    expect(
      (
        await manager.request('PUT', '/api/apps/referrals/reward-rule', {
          body: { rule: { kind: 'fixed', amount: 100, currency: 'EUR' }, version: 0 },
        })
      ).status,
    ).toBe(403);
  });
});
