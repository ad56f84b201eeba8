import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { InvoiceListResponse, InvoiceResponse, InvoiceView } from '@orbit/functions/plans/invoice-contract';
import { getSubscription } from '@orbit/functions/plans/subscription-repository';
import { planJobs } from '@orbit/functions/plans/jobs';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, registerNewClient, startApiStack } from '../support/api-stack';
import { putDrafts, readJob, subscribeClient, subscribersOf } from '../support/invoice-fixtures';

/**
 * What admins do with invoices and what clients see of them (docs/plans.md, "Invoices"): lists
 * by client and by status (overdue too) page by cursor, a recorded payment makes an open invoice
 * paid and queues the referral step, bad input stores nothing, a client reads only their own;
 * and the drafting job's renewals: the period rolls (a scheduled interval change applied), or
 * the subscription ends when it was to cancel at the period's end.
 */

let stack: LocalStack;
let admin: ApiClient;

const dayMs = 86_400_000;

beforeAll(async () => {
  stack = await startApiStack();
  admin = new ApiClient(stack.url);
  await admin.signIn(demo.admin.phone, demo.admin.password);
});
afterAll(async () => {
  await stack.stop();
});

const list = (client: ApiClient, query = '') =>
  client.request<InvoiceListResponse>('GET', `/api/apps/plans/invoices${query}`);
const read = (client: ApiClient, id: string) =>
  client.request<InvoiceResponse>('GET', `/api/apps/plans/invoices/${id}`);
const pay = (client: ApiClient, id: string, body: unknown) =>
  client.request<InvoiceResponse & { errors?: Record<string, string[]> }>(
    'POST',
    `/api/apps/plans/invoices/${id}/payments`,
    { body },
  );

const draftOf = (clientId: string): Promise<InvoiceView> =>
  vi.waitFor(
    async () => {
      const [draft] = (await list(admin, `?clientId=${clientId}`)).body.invoices;
      if (!draft) throw new Error(`no draft for ${clientId} yet`);
      return draft;
    },
    { timeout: 20_000, interval: 50 },
  );

/** A client with an issued (open) invoice of their first period. */
const clientWithOpenInvoice = async (name: string) => {
  const client = await registerNewClient(stack.url, name);
  const subscribed = await subscribeClient(admin, client.id);
  const draft = await draftOf(client.id);
  const opened = await admin.request<InvoiceResponse>('POST', `/api/apps/plans/invoices/${draft.id}/issue`);
  if (opened.status !== 200) throw new Error(`fixture: issue answered ${opened.status}`);
  return { ...client, subscribed, invoice: opened.body.invoice };
};

const draftJob = (clientId: string, periodStart: string) =>
  planJobs['billing.invoice.draft'].run(
    { clientId, periodStart },
    {
      job: { id: `invoice-draft#${clientId}#${periodStart}` } as never,
      attempt: 1,
      now: new Date(periodStart),
      signal: new AbortController().signal,
    },
  );

describe('recording a payment', () => {
  it('makes an open invoice paid and queues the referral step; not open is 409', async () => {
    const { invoice } = await clientWithOpenInvoice('Payer Paz');
    const paid = await pay(admin, invoice.id, { method: 'bank_transfer', paidOn: '2026-03-02', reference: ' TR-77 ' });
    expect(paid.status).toBe(200);
    expect(paid.body.invoice).toMatchObject({
      status: 'paid',
      payment: { method: 'bank_transfer', paidOn: '2026-03-02', reference: 'TR-77' },
    });
    expect(await readJob(`referral-activate#${invoice.id}`)).toMatchObject({
      kind: 'referrals.activate',
      payload: { invoiceId: invoice.id, clientId: invoice.clientId },
    });
    expect((await pay(admin, invoice.id, { method: 'cash', paidOn: '2026-03-02' })).status).toBe(409);
    // Paid is final: it can no longer be voided.
    expect((await admin.request('POST', `/api/apps/plans/invoices/${invoice.id}/void`)).status).toBe(409);
  });

  it('refuses bad input with 400 and stores nothing; a draft is 409', async () => {
    const { invoice } = await clientWithOpenInvoice('Bad Input');
    for (const [body, field] of [
      [{ method: 'cheque', paidOn: '2026-03-02' }, 'method'],
      [{ method: 'online', paidOn: '2026-03-02' }, 'method'],
      [{ method: 'cash', paidOn: '2026-02-30' }, 'paidOn'],
      [{ method: 'cash', paidOn: '02/03/2026' }, 'paidOn'],
      [{ method: 'cash' }, 'paidOn'],
      [{ method: 'cash', paidOn: '2026-03-02', reference: 'x'.repeat(101) }, 'reference'],
    ] as const) {
      const refused = await pay(admin, invoice.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.body.errors ?? {})).toContain(field);
    }
    expect((await read(admin, invoice.id)).body.invoice).toMatchObject({ status: 'open', version: invoice.version });
    expect(await readJob(`referral-activate#${invoice.id}`)).toBeUndefined();

    const client = await registerNewClient(stack.url, 'Draft Payer');
    await subscribeClient(admin, client.id);
    const draft = await draftOf(client.id);
    expect((await pay(admin, draft.id, { method: 'cash', paidOn: '2026-03-02' })).status).toBe(409);
  });
});

describe('the demo history', () => {
  it('shows client A two paid months, and the admin an overdue one', async () => {
    const clientA = new ApiClient(stack.url);
    await clientA.signIn(demo.clientA.phone, demo.clientA.password);
    const own = (await list(clientA)).body.invoices;
    expect(own.map((invoice) => [invoice.status, invoice.payment?.method])).toEqual([
      ['paid', 'bank_transfer'],
      ['paid', 'bank_transfer'],
    ]);
    expect(own.every((invoice) => /^\d{4}-\d{4}$/.test(invoice.number ?? ''))).toBe(true);
    expect((await list(admin, '?status=overdue')).body.invoices.length).toBeGreaterThanOrEqual(1);
  });
});

describe('authorisation', () => {
  it('lets a client read only their own invoices; another client’s is 404; changes are 403 to them', async () => {
    const mine = await clientWithOpenInvoice('Own Olga');
    const other = await clientWithOpenInvoice('Other Omar');

    expect((await read(mine.client, mine.invoice.id)).status).toBe(200);
    expect((await read(mine.client, other.invoice.id)).status).toBe(404);
    expect((await pay(mine.client, other.invoice.id, { method: 'cash', paidOn: '2026-03-02' })).status).toBe(404);
    expect((await mine.client.request('POST', `/api/apps/plans/invoices/${other.invoice.id}/void`)).status).toBe(404);
    expect((await pay(mine.client, mine.invoice.id, { method: 'cash', paidOn: '2026-03-02' })).status).toBe(403);
    expect((await mine.client.request('POST', `/api/apps/plans/invoices/${mine.invoice.id}/void`)).status).toBe(403);

    // A client's filters never widen what they see: their own, whatever they ask for.
    for (const query of ['', `?clientId=${other.id}`, '?status=open']) {
      expect((await list(mine.client, query)).body.invoices.map((invoice) => invoice.id)).toEqual([mine.invoice.id]);
    }
    expect((await read(admin, 'no-such-invoice')).status).toBe(404);
  });
});

describe('lists', () => {
  it('pages a client’s invoices newest first, filters by status and overdue, and refuses a bad cursor', async () => {
    const client = await registerNewClient(stack.url, 'Many Mia');
    const subscribed = await subscribeClient(admin, client.id);
    await draftOf(client.id);
    const past = new Date(Date.now() - 20 * dayMs).toISOString();
    const [overdue] = await putDrafts(subscribed, 1, {
      status: 'open',
      number: '2025-9001',
      issuedAt: past,
      dueAt: new Date(Date.parse(past) + 14 * dayMs).toISOString(),
    });
    const [paid] = await putDrafts(subscribed, 1, { status: 'paid', number: '2025-9002', issuedAt: past, dueAt: past });

    const all = (await list(admin, `?clientId=${client.id}`)).body.invoices;
    expect(all).toHaveLength(3);
    expect(all.map((invoice) => invoice.id)).toEqual(
      all
        .map((invoice) => invoice.id)
        .sort()
        .reverse(),
    );

    const first = await list(admin, `?clientId=${client.id}&limit=2`);
    expect(first.body.invoices).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await list(admin, `?clientId=${client.id}&limit=2&cursor=${first.body.nextCursor ?? ''}`);
    expect([...first.body.invoices, ...second.body.invoices].map((invoice) => invoice.id)).toEqual(
      all.map((invoice) => invoice.id),
    );

    const overdueList = (await list(admin, '?status=overdue&limit=100')).body.invoices;
    expect(overdueList.find((invoice) => invoice.id === overdue?.id)).toMatchObject({ status: 'open', overdue: true });
    expect(overdueList.every((invoice) => invoice.overdue)).toBe(true);
    expect((await list(admin, '?status=open&limit=100')).body.invoices.map((invoice) => invoice.id)).toContain(
      overdue?.id,
    );
    expect((await list(admin, '?status=paid&limit=100')).body.invoices.map((invoice) => invoice.id)).toContain(
      paid?.id,
    );
    // The client's own list: everything but the draft.
    expect((await list(client.client)).body.invoices.map((invoice) => invoice.id).sort()).toEqual(
      [overdue?.id, paid?.id].sort(),
    );

    for (const query of [
      '?status=late',
      '?limit=0',
      '?limit=101',
      '?cursor=bm9wZQ',
      `?status=open&clientId=${client.id}`,
    ]) {
      expect((await list(admin, query)).status, query).toBe(400);
    }
    // A cursor of another list is not a way into it.
    expect((await list(admin, `?status=paid&cursor=${first.body.nextCursor ?? ''}`)).status).toBe(400);
  });
});

describe('renewal', () => {
  it('rolls the period at its end, applies a scheduled interval change, and bills the next period once', async () => {
    const client = await registerNewClient(stack.url, 'Renew Rui');
    const { plan, subscription } = await subscribeClient(admin, client.id, { plan: { yearlyPrice: 80_000 } });
    await draftOf(client.id);
    const scheduled = await admin.request('PUT', `/api/apps/plans/subscriptions/${client.id}`, {
      body: { planId: plan.id, interval: 'year', version: subscription.version },
    });
    expect(scheduled.status).toBe(200);

    const end = subscription.currentPeriodEnd;
    const outcome = (await draftJob(client.id, end)) as { drafted: string };
    expect(outcome.drafted).toEqual(expect.any(String));
    const renewed = await getSubscription(client.id);
    expect(renewed).toMatchObject({ interval: 'year', currentPeriodStart: end, scheduledChange: null });
    expect([await subscribersOf(plan.id, 'month'), await subscribersOf(plan.id, 'year')]).toEqual([0, 1]);
    const next = (await read(admin, outcome.drafted)).body.invoice;
    expect(next).toMatchObject({
      status: 'draft',
      periodStart: end,
      periodEnd: renewed?.currentPeriodEnd,
      subtotal: 80_000,
    });
    expect(await readJob(`invoice-draft#${client.id}#${renewed?.currentPeriodEnd ?? ''}`)).toMatchObject({
      runAt: renewed?.currentPeriodEnd,
    });
    // The same period's job again finds it billed; an old period's job is not this period.
    await expect(draftJob(client.id, end)).resolves.toEqual({ skipped: 'billed' });
    expect((await list(admin, `?clientId=${client.id}`)).body.invoices).toHaveLength(2);
  });

  it('ends the subscription at the period’s end when it was to cancel, with no invoice', async () => {
    const client = await registerNewClient(stack.url, 'Cancel Cy');
    const { plan, subscription } = await subscribeClient(admin, client.id);
    await draftOf(client.id);
    expect((await client.client.request('POST', `/api/apps/plans/subscriptions/${client.id}/cancel`)).status).toBe(200);
    expect(await subscribersOf(plan.id, 'month')).toBe(1);

    await expect(draftJob(client.id, subscription.currentPeriodEnd)).resolves.toEqual({ canceled: true });
    expect(await getSubscription(client.id)).toMatchObject({ status: 'canceled', canceledAt: expect.any(String) });
    expect(await subscribersOf(plan.id, 'month')).toBe(0);
    await expect(draftJob(client.id, subscription.currentPeriodEnd)).resolves.toEqual({ skipped: 'canceled' });
    expect((await list(admin, `?clientId=${client.id}`)).body.invoices).toHaveLength(1);
  });
});
