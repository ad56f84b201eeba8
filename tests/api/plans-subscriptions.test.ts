import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { creditBalanceEntity } from '@orbit/functions/core/billing/entities';
import { daysBetween } from '@orbit/functions/core/billing/periods';
import { db } from '@orbit/functions/core/db';
import { jobEntity } from '@orbit/functions/core/jobs/entities';
import type {
  CreatePlan,
  PlanView,
  PlansOverview,
  SubscriptionView,
  SubscriptionsResponse,
} from '@orbit/functions/plans/contract';

import type { InvoiceListResponse } from '@orbit/functions/plans/invoice-contract';

import type { LocalStack } from '../../infra/local/stack';
import type { ApiClient } from '../support/api-stack';
import { registerNewClient, signInDemoUsers, startApiStack } from '../support/api-stack';

/**
 * Clients' subscriptions (docs/plans.md, "Subscriptions", "Limits", "Overview"): an admin
 * subscribes a client (the first invoice's drafting job is written with it), changes the plan
 * (prorated to the day) or the interval (at the period's end); the client asks for a change,
 * cancels and resumes; the plan's limits refuse projects and files beyond them, naming both.
 */

let stack: LocalStack;
let admin: ApiClient;
let clientA: ApiClient;
let clientB: ApiClient;
let clientAId: string;

beforeAll(async () => {
  stack = await startApiStack();
  let ids: { clientA: string };
  ({ admin, clientA, clientB, ids } = await signInDemoUsers(stack.url));
  clientAId = ids.clientA;
});

afterAll(async () => {
  await stack.stop();
});

type Errors = { errors?: Record<string, string[]> };
type Answer = { subscription: SubscriptionView } & Errors;

let planCount = 0;
const newPlan = async (overrides: Partial<CreatePlan> = {}): Promise<PlanView> => {
  planCount += 1;
  const name = `Tier ${planCount}`;
  const response = await admin.request<{ plan: PlanView }>('POST', '/api/apps/plans', {
    body: {
      name: { en: name, fr: name, ar: name },
      description: { en: 'For the tests', fr: '', ar: '' },
      currency: 'EUR',
      monthlyPrice: 4900,
      yearlyPrice: 49_000,
      taxRateBps: 2000,
      features: [],
      limits: { activeProjects: null, storageBytes: null },
      visible: true,
      archived: false,
      position: 50,
      ...overrides,
    },
  });
  expect(response.status).toBe(201);
  return response.body.plan;
};

const path = (clientId: string) => `/api/apps/plans/subscriptions/${clientId}`;
const read = (clientId: string, as = admin) => as.request<Answer>('GET', path(clientId));
const put = (clientId: string, body: Record<string, unknown>) => admin.request<Answer>('PUT', path(clientId), { body });

const subscribed = async (plan: PlanView, interval: 'month' | 'year' = 'month') => {
  const client = await registerNewClient(stack.url, 'Nora Client');
  const response = await put(client.id, { planId: plan.id, interval });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { ...client, subscription: response.body.subscription };
};

const utcToday = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
};

describe('subscribing', () => {
  it('starts a period today, writes the first invoice draft job, and previews the next invoice', async () => {
    const plan = await newPlan();
    const { id, subscription } = await subscribed(plan);
    const start = utcToday();
    expect(subscription).toMatchObject({
      clientId: id,
      clientName: 'Nora Client',
      plan: { id: plan.id },
      interval: 'month',
      status: 'active',
      currentPeriodStart: start.toISOString(),
      cancelAtPeriodEnd: false,
      requestedChange: null,
      scheduledChange: null,
      usage: { activeProjects: { used: 0, limit: null }, storageBytes: { used: 0, limit: null } },
    });
    const job = await db().send(
      new GetCommand({
        TableName: stack.tableName,
        Key: jobEntity.key(`invoice-draft#${id}#${start.toISOString()}`),
        ConsistentRead: true,
      }),
    );
    expect(job.Item).toMatchObject({
      kind: 'billing.invoice.draft',
      payload: { clientId: id, periodStart: start.toISOString() },
    });
    expect(subscription.nextInvoice).toMatchObject({
      date: subscription.currentPeriodEnd,
      currency: 'EUR',
      lines: [{ kind: 'plan', planId: plan.id, amount: 4900, periodStart: subscription.currentPeriodEnd }],
      subtotal: 4900,
      tax: 980,
      total: 5880,
      creditApplied: 0,
      amountDue: 5880,
    });
  });

  it('applies the available referral credit in the preview, never beyond the total', async () => {
    const plan = await newPlan();
    const { id } = await subscribed(plan);
    await db().send(
      new PutCommand({
        TableName: stack.tableName,
        Item: creditBalanceEntity.toItem({
          userId: id,
          currency: 'EUR',
          earned: 1500,
          applied: 0,
          available: 1500,
          version: 1,
        }),
      }),
    );
    expect((await read(id)).body.subscription.nextInvoice).toMatchObject({
      total: 5880,
      creditApplied: 1500,
      amountDue: 4380,
    });
  });

  it('refuses an archived plan, an unknown plan and a client that does not exist', async () => {
    const archived = await newPlan({ archived: true });
    const client = await registerNewClient(stack.url, 'Otto Client');
    const refused = await put(client.id, { planId: archived.id, interval: 'month' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.planId?.[0]).toContain('archived');
    expect((await put(client.id, { planId: 'no-such-plan', interval: 'month' })).status).toBe(400);
    expect((await put(client.id, { planId: archived.id, interval: 'week' })).status).toBe(400);
    expect((await read(client.id)).status).toBe(404);
    const offered = await newPlan();
    expect((await put('no-such-client', { planId: offered.id, interval: 'month' })).status).toBe(404);
  });
});

describe('changing plan', () => {
  it('prorates a plan change to the day: the unused days of the old plan back, the remaining of the new', async () => {
    const small = await newPlan({ monthlyPrice: 2900 });
    const large = await newPlan({ monthlyPrice: 7900 });
    const { id, subscription } = await subscribed(small);
    const changed = await put(id, { planId: large.id, interval: 'month', version: subscription.version });
    expect(changed.status).toBe(200);
    const after = changed.body.subscription;
    const periodDays = daysBetween(new Date(after.currentPeriodStart), new Date(after.currentPeriodEnd));
    const days = daysBetween(utcToday(), new Date(after.currentPeriodEnd));
    const prorated = (price: number) => Math.round((price * days) / periodDays);
    expect(after.plan.id).toBe(large.id);
    expect(after.nextInvoice?.lines).toEqual([
      expect.objectContaining({ kind: 'plan', planId: large.id, amount: 7900 }),
      expect.objectContaining({
        kind: 'proration',
        direction: 'unused',
        planId: small.id,
        days,
        periodDays,
        amount: -prorated(2900),
      }),
      expect.objectContaining({
        kind: 'proration',
        direction: 'remaining',
        planId: large.id,
        days,
        periodDays,
        amount: prorated(7900),
      }),
    ]);
    const subtotal = 7900 - prorated(2900) + prorated(7900);
    expect(after.nextInvoice).toMatchObject({
      subtotal,
      tax: Math.round(subtotal * 0.2),
      total: subtotal + Math.round(subtotal * 0.2),
    });

    const stale = await put(id, { planId: small.id, interval: 'month', version: subscription.version });
    expect(stale.status).toBe(409);
    expect((await read(id)).body.subscription.plan.id).toBe(large.id);
  });

  it('schedules an interval change for the period end, without proration', async () => {
    const plan = await newPlan();
    const { id, subscription } = await subscribed(plan);
    const changed = await put(id, { planId: plan.id, interval: 'year', version: subscription.version });
    expect(changed.status).toBe(200);
    expect(changed.body.subscription).toMatchObject({
      interval: 'month',
      scheduledChange: { planId: plan.id, interval: 'year' },
    });
    expect(changed.body.subscription.nextInvoice?.lines).toEqual([
      expect.objectContaining({ kind: 'plan', interval: 'year', amount: 49_000 }),
    ]);
  });

  it('lets the client ask for a change that an admin approves, or declines; the client may withdraw it', async () => {
    const plan = await newPlan();
    const wanted = await newPlan({ monthlyPrice: 9900 });
    const hidden = await newPlan({ visible: false });
    const client = await subscribed(plan);
    const asks = (planId: string) =>
      client.client.request<Answer>('POST', `${path(client.id)}/change-request`, {
        body: { planId, interval: 'month' },
      });

    expect((await asks(hidden.id)).status).toBe(400);
    expect((await asks(plan.id)).status).toBe(400);
    // A plan in another currency is refused when asked, not only when an admin approves it.
    const inDollars = await asks((await newPlan({ currency: 'USD' })).id);
    expect(inDollars.status).toBe(400);
    expect(inDollars.body).toEqual({ errors: { planId: [expect.stringContaining('billed in USD')] } });
    const asked = await asks(wanted.id);
    expect(asked.status).toBe(200);
    expect(asked.body.subscription.requestedChange).toMatchObject({ planId: wanted.id, interval: 'month' });
    expect(
      (
        await admin.request('POST', `${path(client.id)}/change-request`, {
          body: { planId: wanted.id, interval: 'month' },
        })
      ).status,
    ).toBe(403);

    const declined = await admin.request<Answer>('DELETE', `${path(client.id)}/change-request`);
    expect(declined.status).toBe(200);
    expect(declined.body.subscription).toMatchObject({ requestedChange: null, plan: { id: plan.id } });
    expect((await admin.request('POST', `${path(client.id)}/change-request/approve`)).status).toBe(409);

    await asks(wanted.id);
    expect((await client.client.request('POST', `${path(client.id)}/change-request/approve`)).status).toBe(403);
    const approved = await admin.request<Answer>('POST', `${path(client.id)}/change-request/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.subscription).toMatchObject({ requestedChange: null, plan: { id: wanted.id } });
    expect(approved.body.subscription.nextInvoice?.lines.map((line) => line.kind)).toEqual([
      'plan',
      'proration',
      'proration',
    ]);

    await asks(plan.id);
    const withdrawn = await client.client.request<Answer>('DELETE', `${path(client.id)}/change-request`);
    expect(withdrawn.body.subscription.requestedChange).toBeNull();
  });

  it('cancels at the period end (no next invoice) and resumes, by the client only', async () => {
    const plan = await newPlan();
    const client = await subscribed(plan);
    expect((await admin.request('POST', `${path(client.id)}/cancel`)).status).toBe(403);
    const canceled = await client.client.request<Answer>('POST', `${path(client.id)}/cancel`);
    expect(canceled.status).toBe(200);
    expect(canceled.body.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, nextInvoice: null });
    const resumed = await client.client.request<Answer>('POST', `${path(client.id)}/resume`);
    expect(resumed.body.subscription.cancelAtPeriodEnd).toBe(false);
    expect(resumed.body.subscription.nextInvoice?.total).toBe(5880);
  });
});

describe('limits', () => {
  const createProject = (clientId: string, status = 'active') =>
    admin.request<{ project: { id: string; version: number } } & Errors>('POST', '/api/apps/projects', {
      body: { type: 'development', name: `Site ${Math.random()}`, clientId, status },
    });

  it("refuses a project beyond the plan's active projects, naming the limit and the plan", async () => {
    const plan = await newPlan({ limits: { activeProjects: 2, storageBytes: null } });
    const { id } = await subscribed(plan);
    const first = await createProject(id);
    expect(first.status).toBe(201);
    expect((await createProject(id, 'planning')).status).toBe(201);
    const third = await createProject(id);
    expect(third.status).toBe(400);
    expect(third.body.errors?.clientId).toEqual([`${plan.name.en} allows 2 active projects; this client has 2`]);
    expect((await createProject(id, 'completed')).status).toBe(201);
    expect((await read(id)).body.subscription.usage.activeProjects).toEqual({ used: 2, limit: 2 });

    // Completing one makes room; reopening it beyond the limit is refused the same way.
    const project = first.body.project;
    const completed = await admin.request<{ project: { version: number } }>(
      'PATCH',
      `/api/apps/projects/${project.id}`,
      {
        body: { status: 'completed', version: project.version },
      },
    );
    expect(completed.status).toBe(200);
    expect((await createProject(id)).status).toBe(201);
    const reopened = await admin.request<Errors>('PATCH', `/api/apps/projects/${project.id}`, {
      body: { status: 'active', version: completed.body.project.version },
    });
    expect(reopened.status).toBe(400);
    expect(reopened.body.errors?.clientId?.[0]).toContain('allows 2 active projects');
  });

  it("refuses a file beyond the plan's storage, and gives the bytes back when a file is removed", async () => {
    const plan = await newPlan({ limits: { activeProjects: null, storageBytes: 1_000_000 } });
    const client = await subscribed(plan);
    const draft = await client.client.request<{ draft: { id: string } }>('POST', '/api/apps/email/drafts', {
      body: { mode: 'new', subject: 'Brief' },
    });
    expect(draft.status).toBe(201);
    const attach = (size: number) =>
      client.client.request<{ attachment: { id: string } } & Errors>(
        'POST',
        `/api/apps/email/drafts/${draft.body.draft.id}/attachments`,
        { body: { name: 'brief.pdf', type: 'application/pdf', size } },
      );
    const first = await attach(600_000);
    expect(first.status).toBe(201);
    const beyond = await attach(500_000);
    expect(beyond.status).toBe(400);
    expect(beyond.body.errors?.size).toEqual([
      `${plan.name.en} allows 1 MB of files; this client uses 600 KB and this file needs 500 KB`,
    ]);
    expect((await read(client.id)).body.subscription.usage.storageBytes).toEqual({ used: 600_000, limit: 1_000_000 });
    const removed = await client.client.request(
      'DELETE',
      `/api/apps/email/drafts/${draft.body.draft.id}/attachments/${first.body.attachment.id}`,
    );
    expect(removed.status).toBe(200);
    expect((await attach(500_000)).status).toBe(201);
    expect((await read(client.id)).body.subscription.usage.storageBytes.used).toBe(500_000);
  });
});

describe('who sees what', () => {
  it("shows a client their own subscription only: another's is 404, the list and overview are the admins'", async () => {
    const plan = await newPlan();
    const client = await subscribed(plan);
    expect((await read(client.id, client.client)).status).toBe(200);
    expect((await read(client.id, clientB)).status).toBe(404);
    expect((await read(clientAId, client.client)).status).toBe(404);
    expect((await read(clientAId, clientA)).body.subscription.plan.name.en).toBe('Scale');
    expect(
      (await client.client.request('PUT', path(client.id), { body: { planId: plan.id, interval: 'year' } })).status,
    ).toBe(403);
    expect((await client.client.request('GET', '/api/apps/plans/subscriptions')).status).toBe(403);
    expect((await client.client.request('GET', '/api/apps/plans/overview')).status).toBe(403);
  });

  it('lists every subscription by cursor for the admins', async () => {
    const first = await admin.request<SubscriptionsResponse>('GET', '/api/apps/plans/subscriptions?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.subscriptions).toHaveLength(2);
    expect(first.body.nextCursor).toBeDefined();
    const next = await admin.request<SubscriptionsResponse>(
      'GET',
      `/api/apps/plans/subscriptions?limit=2&cursor=${encodeURIComponent(first.body.nextCursor ?? '')}`,
    );
    const lastOfFirst = first.body.subscriptions[1]?.clientId ?? '';
    expect(next.body.subscriptions[0]?.clientId.localeCompare(lastOfFirst)).toBe(1);
  });

  /** Count and amount due per currency of the invoices the admins' list shows in a status. */
  const invoiceSums = async (status: 'open' | 'overdue') => {
    const listed = await admin.request<InvoiceListResponse>(
      'GET',
      `/api/apps/plans/invoices?status=${status}&limit=100`,
    );
    expect(listed.body.nextCursor).toBeUndefined();
    const sums = new Map<string, { currency: string; count: number; amount: number }>();
    for (const invoice of listed.body.invoices) {
      const sum = sums.get(invoice.currency) ?? { currency: invoice.currency, count: 0, amount: 0 };
      sums.set(invoice.currency, { ...sum, count: sum.count + 1, amount: sum.amount + invoice.amountDue });
    }
    return [...sums.values()];
  };

  it('counts clients per plan and interval and the monthly recurring revenue in the overview', async () => {
    const plan = await newPlan({ monthlyPrice: 1000, yearlyPrice: 12_000 });
    await subscribed(plan);
    await subscribed(plan, 'year');
    const response = await admin.request<{ overview: PlansOverview }>('GET', '/api/apps/plans/overview');
    expect(response.status).toBe(200);
    const { overview } = response.body;
    expect(overview.subscribers.find((row) => row.planId === plan.id)).toMatchObject({ monthly: 1, yearly: 1 });
    const seeded = overview.subscribers.filter((row) => ['Starter', 'Growth', 'Scale'].includes(row.planName.en));
    expect(seeded.map((row) => [row.planName.en, row.monthly, row.yearly])).toEqual([
      ['Starter', 1, 0],
      ['Growth', 1, 1],
      ['Scale', 1, 1],
    ]);
    expect(overview.mrr.find((row) => row.currency === 'EUR')?.amount).toBeGreaterThan(2900 + 7900 + 19_900);
    // The invoices the overview sums are the ones the invoices' own list shows (the seed's among them).
    expect(overview.openInvoices).toEqual(await invoiceSums('open'));
    expect(overview.overdueInvoices).toEqual(await invoiceSums('overdue'));
  });
});
