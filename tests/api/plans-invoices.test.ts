import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { daysBetween, startOfUtcDay } from '@orbit/functions/core/billing/periods';
import { getInvoiceCounter } from '@orbit/functions/plans/invoice-repository';
import { getSubscription, listPendingLines } from '@orbit/functions/plans/subscription-repository';
import type { InvoiceListResponse, InvoiceResponse, InvoiceView } from '@orbit/functions/plans/invoice-contract';
import { planJobs } from '@orbit/functions/plans/jobs';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, registerNewClient, startApiStack } from '../support/api-stack';
import {
  createPlan,
  creditEntries,
  putCreditBalance,
  putDrafts,
  readCreditBalance,
  makeDue,
  readJob,
  setLanguage,
  subscribeClient,
} from '../support/invoice-fixtures';
import { waitForEmails } from '../support/sent-messages';

/**
 * Invoices from a subscription to the client's mailbox (docs/plans.md, "Background work",
 * "Invoices"): the worker drafts the period's invoice, the issue job (an hour later) or an admin
 * opens it with the year's next number and the client's referral credit, once however often it
 * runs; 50 issues at once take 50 numbers without a gap; the mail speaks the client's language.
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

const invoicesOf = (client: ApiClient, query = '') =>
  client.request<InvoiceListResponse>('GET', `/api/apps/plans/invoices${query}`);
const invoice = (client: ApiClient, id: string) =>
  client.request<InvoiceResponse>('GET', `/api/apps/plans/invoices/${id}`);
const issue = (client: ApiClient, id: string) =>
  client.request<InvoiceResponse>('POST', `/api/apps/plans/invoices/${id}/issue`);

/** The worker drafts the first invoice a moment after the subscription: wait for it (admins see drafts). */
const draftOf = (clientId: string): Promise<InvoiceView> =>
  vi.waitFor(
    async () => {
      const [draft] = (await invoicesOf(admin, `?clientId=${clientId}`)).body.invoices;
      if (!draft) throw new Error(`no draft for ${clientId} yet`);
      return draft;
    },
    { timeout: 20_000, interval: 50 },
  );

/** Runs a job of the plans area by hand, as a worker would (again, or at the same time as another). */
const runJob = async <K extends keyof typeof planJobs>(jobId: string, kind: K, now = new Date()) => {
  const job = await readJob(jobId);
  if (!job) throw new Error(`no job ${jobId}`);
  const definition = planJobs[kind] as { run: (payload: unknown, context: unknown) => Promise<unknown> };
  return definition.run(job.payload, { job, attempt: 1, now, signal: new AbortController().signal });
};

describe('drafting', () => {
  it('drafts the first period at once, then the renewal with the plan change’s proration lines, each once', async () => {
    const client = await registerNewClient(stack.url, 'Draft Ada');
    const { plan, subscription } = await subscribeClient(admin, client.id);
    const { currentPeriodStart: start, currentPeriodEnd: end } = subscription;

    const first = await draftOf(client.id);
    expect(first).toMatchObject({
      clientId: client.id,
      status: 'draft',
      number: null,
      overdue: false,
      currency: 'EUR',
      periodStart: start,
      periodEnd: end,
      billedTo: { fullName: 'Draft Ada', language: 'en' },
      lines: [
        {
          kind: 'plan',
          planId: plan.id,
          planName: plan.name,
          interval: 'month',
          periodStart: start,
          periodEnd: end,
          amount: 7_900,
        },
      ],
      subtotal: 7_900,
      taxRateBps: 2_000,
      tax: 1_580,
      total: 9_480,
      creditApplied: 0,
      amountDue: 9_480,
      issuedAt: null,
      dueAt: null,
    });
    // The issue waits an hour from drafting; the next period's draft waits for its start.
    const issueJob = await readJob(`invoice-issue#${first.id}`);
    expect(Date.parse(issueJob?.runAt ?? '') - Date.parse(first.createdAt)).toBe(3_600_000);
    expect(await readJob(`invoice-draft#${client.id}#${end}`)).toMatchObject({
      kind: 'billing.invoice.draft',
      runAt: end,
      payload: { clientId: client.id, periodStart: end },
    });
    // The worker ran the first period's job; a second run (at-least-once) bills nothing more.
    await expect(runJob(`invoice-draft#${client.id}#${start}`, 'billing.invoice.draft')).resolves.toEqual({
      skipped: 'billed',
    });

    // A plan change mid-period leaves two proration lines for the next invoice.
    const bigger = await createPlan(admin, { monthlyPrice: 19_900, yearlyPrice: 199_000 });
    const changed = await admin.request('PUT', `/api/apps/plans/subscriptions/${client.id}`, {
      body: { planId: bigger.id, interval: 'month', version: subscription.version },
    });
    expect(changed.status).toBe(200);
    const periodDays = daysBetween(new Date(start), new Date(end));
    const days = daysBetween(startOfUtcDay(new Date()), new Date(end));
    const unused = -Math.round((7_900 * days) / periodDays);
    const remaining = Math.round((19_900 * days) / periodDays);

    // At the period's end the job drafts the renewal: the new plan's line, then the proration.
    const renewal = (await runJob(`invoice-draft#${client.id}#${end}`, 'billing.invoice.draft', new Date(end))) as {
      drafted: string;
    };
    const next = (await invoice(admin, renewal.drafted)).body.invoice;
    const nextEnd = (await getSubscription(client.id))?.currentPeriodEnd;
    const subtotal = 19_900 + unused + remaining;
    // Subscribed and changed the same day: 19 900 − 7 900 + 19 900 = 31 900, and 20 % tax is 6 380.
    expect(next).toMatchObject({
      status: 'draft',
      periodStart: end,
      periodEnd: nextEnd,
      subtotal,
      tax: Math.round(subtotal / 5),
      total: subtotal + Math.round(subtotal / 5),
      amountDue: subtotal + Math.round(subtotal / 5),
    });
    expect(next.lines.map((line) => [line.kind, line.planId, line.amount])).toEqual([
      ['plan', bigger.id, 19_900],
      ['proration', plan.id, unused],
      ['proration', bigger.id, remaining],
    ]);
    expect(await listPendingLines(client.id)).toEqual([]);
    expect((await invoicesOf(admin, `?clientId=${client.id}`)).body.invoices.map((item) => item.id)).toEqual([
      renewal.drafted,
      first.id,
    ]);

    // A draft is the agency's own: the client neither lists nor opens it.
    expect((await invoicesOf(client.client)).body.invoices).toEqual([]);
    expect((await invoice(client.client, first.id)).status).toBe(404);
    expect((await invoice(admin, first.id)).body.invoice.id).toBe(first.id);
  });
});

describe('issuing', () => {
  it('is issued by the job an hour later: numbered, due in 14 days, mailed; a second run does nothing', async () => {
    const client = await registerNewClient(stack.url, 'Issued Ben');
    await subscribeClient(admin, client.id);
    const draft = await draftOf(client.id);

    await makeDue(`invoice-issue#${draft.id}`);
    const opened = await vi.waitFor(
      async () => {
        const current = (await invoice(admin, draft.id)).body.invoice;
        if (current.status !== 'open') throw new Error(`still ${current.status}`);
        return current;
      },
      { timeout: 20_000, interval: 50 },
    );
    const issuedAt = Date.parse(opened.issuedAt ?? '');
    expect(opened).toMatchObject({
      number: expect.stringMatching(new RegExp(`^${new Date(issuedAt).getUTCFullYear()}-\\d{4}$`)),
      dueAt: new Date(issuedAt + 14 * dayMs).toISOString(),
      total: 9_480,
      amountDue: 9_480,
      overdue: false,
    });
    expect((await invoice(client.client, draft.id)).body.invoice).toEqual(opened);
    await expect(runJob(`invoice-issue#${draft.id}`, 'billing.invoice.issue')).resolves.toEqual({ skipped: 'open' });
    expect((await invoice(admin, draft.id)).body.invoice).toEqual(opened);

    const [mail] = await waitForEmails(stack.mailStoreUrl, opened.billedTo.email, 1);
    expect(mail?.subject).toBe(`Invoice ${opened.number} from Orbit`);
    expect(mail?.body.text).toContain('Total (tax included): €94.80');
    expect(mail?.body.text).toContain('Amount due: €94.80');
    expect(mail?.body.text).toContain(`/information/plans?invoice=${draft.id}`);
    expect(mail?.body.text).not.toContain('Referral credit');
    // The client sees it now, in their own list.
    expect((await invoicesOf(client.client)).body.invoices.map((item) => item.id)).toEqual([draft.id]);
  });

  it('is issued by an admin at once, once; a client may not issue', async () => {
    const client = await registerNewClient(stack.url, 'Admin Issue');
    await subscribeClient(admin, client.id);
    const draft = await draftOf(client.id);
    expect((await issue(client.client, draft.id)).status).toBe(404);

    const issued = await issue(admin, draft.id);
    expect(issued.status).toBe(200);
    expect(issued.body.invoice).toMatchObject({ status: 'open', number: expect.stringMatching(/^\d{4}-\d{4}$/) });
    expect((await issue(admin, draft.id)).status).toBe(409);
    // The job, due later, finds it issued and leaves it.
    await expect(runJob(`invoice-issue#${draft.id}`, 'billing.invoice.issue')).resolves.toEqual({ skipped: 'open' });
    expect((await issue(client.client, draft.id)).status).toBe(403);
  });

  it('numbers 50 concurrent issues without a gap or a repeat', async () => {
    const client = await registerNewClient(stack.url, 'Fifty Drafts');
    const subscribed = await subscribeClient(admin, client.id);
    await draftOf(client.id);
    const drafts = await putDrafts(subscribed, 50);
    const year = new Date().getUTCFullYear();
    const before = (await getInvoiceCounter(year))?.last ?? 0;

    const answers = await Promise.all(drafts.map((draft) => issue(admin, draft.id)));
    expect(answers.map((answer) => answer.status)).toEqual(drafts.map(() => 200));
    const numbers = answers.map((answer) => answer.body.invoice.number).sort();
    const expected = Array.from({ length: 50 }, (_, index) => `${year}-${String(before + index + 1).padStart(4, '0')}`);
    expect(numbers).toEqual(expected);
    expect((await getInvoiceCounter(year))?.last).toBe(before + 50);
  }, 120_000);
});

describe('referral credit', () => {
  it('is applied once even when the issue job runs twice at once and again, and comes back when voided', async () => {
    const client = await registerNewClient(stack.url, 'Credit Cleo');
    await putCreditBalance(client.id, 'EUR', 5_000);
    await subscribeClient(admin, client.id);
    const draft = await draftOf(client.id);

    const runs = await Promise.all([
      runJob(`invoice-issue#${draft.id}`, 'billing.invoice.issue'),
      runJob(`invoice-issue#${draft.id}`, 'billing.invoice.issue'),
    ]);
    expect(runs).toContainEqual({ skipped: 'open' });
    await runJob(`invoice-issue#${draft.id}`, 'billing.invoice.issue');

    const opened = (await invoice(client.client, draft.id)).body.invoice;
    expect(opened).toMatchObject({ status: 'open', total: 9_480, creditApplied: 5_000, amountDue: 4_480 });
    expect(await readCreditBalance(client.id, 'EUR')).toMatchObject({ earned: 5_000, applied: 5_000, available: 0 });
    expect(await creditEntries(client.id)).toEqual([
      expect.objectContaining({ id: `applied#${draft.id}`, kind: 'applied', amount: 5_000, invoiceId: draft.id }),
    ]);
    const [mail] = await waitForEmails(stack.mailStoreUrl, opened.billedTo.email, 1);
    expect(mail?.body.text).toContain('Referral credit applied: −€50.00');
    expect(mail?.body.text).toContain('Amount due: €44.80');

    const voided = await admin.request<InvoiceResponse>('POST', `/api/apps/plans/invoices/${draft.id}/void`);
    expect(voided.status).toBe(200);
    // Numbers are never reused: the void invoice keeps its own.
    expect(voided.body.invoice).toMatchObject({ status: 'void', number: opened.number });
    expect(await readCreditBalance(client.id, 'EUR')).toMatchObject({ earned: 5_000, applied: 0, available: 5_000 });
    expect((await creditEntries(client.id)).map((entry) => [entry.id, entry.amount])).toEqual([
      [`applied#${draft.id}`, 5_000],
      [`released#${draft.id}`, 5_000],
    ]);
    expect((await admin.request('POST', `/api/apps/plans/invoices/${draft.id}/void`)).status).toBe(409);
  });
});

describe('the mail', () => {
  it.each([
    ['fr', 'Facture', 'Montant à payer : 94,80 €'],
    ['ar', 'الفاتورة', 'المبلغ المستحق'],
  ] as const)('speaks the client’s language (%s)', async (language, subject, due) => {
    const client = await registerNewClient(stack.url, `Mail ${language}`);
    await setLanguage(client.id, language);
    await subscribeClient(admin, client.id);
    const draft = await draftOf(client.id);
    expect(draft.billedTo.language).toBe(language);
    const opened = (await issue(admin, draft.id)).body.invoice;

    const [mail] = await waitForEmails(stack.mailStoreUrl, opened.billedTo.email, 1);
    expect(mail?.subject).toContain(subject);
    expect(mail?.subject).toContain(opened.number);
    expect(mail?.body.text?.replace(/\u202f|\u00a0/g, ' ')).toContain(due);
    expect(mail?.body.text).toContain(`/information/plans?invoice=${draft.id}`);
  });
});
