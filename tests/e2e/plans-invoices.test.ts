import { buffer } from 'node:stream/consumers';

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { SignInResponse } from '@orbit/functions/auth/contract';
import type { PlansResponse } from '@orbit/functions/plans/contract';
import type { InvoiceListResponse, InvoiceView } from '@orbit/functions/plans/invoice-contract';

import { apiAs, baseUrl, signInThroughForm } from '../support/browser';
import { fitsTheWindow, useMailingsBrowser } from '../support/mailings-browser';

/**
 * The invoices tab in a real browser (docs/plans.md, "Invoices", "Invoice PDF"): the demo client
 * Lucas Moreau (French) sees his paid and overdue invoices, opens one and downloads its PDF; the
 * administrator filters the overdue ones and opens his. Then, on clients this file registers and
 * subscribes through the API (the seeded invoices stay as they are for the other files and the
 * demo), the administrator issues a draft, records its payment, and voids another draft. axe in
 * light and dark, then Arabic (right to left) at phone width.
 */

const { browser, axeClean, signedIn } = useMailingsBrowser('plans-invoices');
const lucas = { phone: '+15550100006', password: 'Client#2026' };
const password = 'Invoices#2026';
let client: Page;
let admin: Page;

beforeAll(async () => {
  client = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signInThroughForm(client, lucas.phone, lucas.password);
  await client.waitForURL((url) => url.pathname !== '/login');
  admin = await signedIn({ acceptDownloads: true });
});

let registered = 0;
/** A new client, registered through the API (setup, not what is under test): their id. */
const registerClient = async (): Promise<{ id: string; fullName: string }> => {
  registered += 1;
  const suffix = `${Date.now() % 100_000}${registered}`.padStart(7, '0').slice(-7);
  const fullName = `Invoice Client ${suffix}`;
  const response = await fetch(`${baseUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullName, phone: `+1556${suffix}`, email: `invoices${suffix}@test.example`, password }),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as SignInResponse;
  return { id: body.userData.id, fullName };
};

/**
 * The administrator subscribes the client to Starter monthly (PUT …/subscriptions/{clientId});
 * the worker drafts the period's invoice in the background: wait for it through the API.
 */
const subscribeAndWaitForDraft = async (clientId: string): Promise<InvoiceView> => {
  const { plans } = await apiAs<PlansResponse>(admin, 'GET', '/api/apps/plans');
  const starter = plans.find((plan) => plan.name.en === 'Starter');
  if (!starter) throw new Error('the seeded Starter plan is missing');
  await apiAs(admin, 'PUT', `/api/apps/plans/subscriptions/${clientId}`, { planId: starter.id, interval: 'month' });
  let draft: InvoiceView | undefined;
  await expect
    .poll(
      async () => {
        const list = await apiAs<InvoiceListResponse>(admin, 'GET', `/api/apps/plans/invoices?clientId=${clientId}`);
        draft = list.invoices.find((invoice) => invoice.status === 'draft');
        return draft !== undefined;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
  if (!draft) throw new Error('no draft');
  return draft;
};

describe('invoices', () => {
  it('a client sees their paid and overdue invoices, opens one and downloads its PDF', async () => {
    await client.goto('/information/plans?tab=invoices');
    await client.getByTestId('invoice-row').first().waitFor();
    const statuses = await client
      .getByTestId('invoice-status')
      .evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-status')));
    expect(statuses).toEqual(expect.arrayContaining(['paid', 'overdue']));
    // A client has no status filter and no client column.
    expect(await client.getByRole('group', { name: 'Statut des factures' }).count()).toBe(0);
    await axeClean(client, 'light-client-list');

    const paidRow = client.getByTestId('invoice-row').filter({ has: client.locator('[data-status="paid"]') });
    const number = await paidRow.getByTestId('invoice-link').innerText();
    expect(number).toMatch(/^\d{4}-\d{4,}$/);
    await paidRow.getByTestId('invoice-link').click();
    const dialog = client.getByTestId('invoice-dialog');
    await dialog.getByTestId('invoice-lines').waitFor();
    expect(await dialog.getByTestId('invoice-dialog-title').innerText()).toContain(number);
    expect(await dialog.getByTestId('invoice-line').count()).toBeGreaterThanOrEqual(1);
    // French: "94,80 €".
    expect(await dialog.getByTestId('invoice-total').innerText()).toMatch(/^\d+,\d{2}\s€$/);
    expect(await dialog.getByTestId('invoice-payment-method').innerText()).toBe('Carte bancaire');
    expect(new URL(client.url()).searchParams.get('invoice')).not.toBeNull();
    await axeClean(client, 'light-client-dialog');

    const [download] = await Promise.all([
      client.waitForEvent('download'),
      dialog.getByTestId('invoice-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    // Read as a stream: the run's one Chromium is connected to, and a remote browser's download
    // has no local path.
    const pdf = await buffer(await download.createReadStream());
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');

    await dialog.getByTestId('invoice-dialog-close').click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(client.url()).searchParams.get('invoice')).toBeNull();
  });

  it('an admin filters the overdue invoices and opens the demo client’s', async () => {
    await admin.goto('/information/plans?tab=invoices');
    await admin.getByRole('group', { name: 'Invoice status' }).waitFor();
    await admin.getByRole('button', { name: 'Overdue' }).click();
    await admin.waitForURL((url) => url.searchParams.get('status') === 'overdue');
    const row = admin.getByTestId('invoice-row').filter({ hasText: 'Lucas Moreau' });
    await row.waitFor();
    expect(await row.getByTestId('invoice-status').getAttribute('data-status')).toBe('overdue');
    await axeClean(admin, 'light-admin-overdue');
    await row.getByTestId('invoice-link').click();
    const dialog = admin.getByTestId('invoice-dialog');
    await dialog.getByTestId('invoice-lines').waitFor();
    expect(await dialog.getByTestId('invoice-status').getAttribute('data-status')).toBe('overdue');
    expect(await dialog.getByTestId('invoice-billed-to').innerText()).toContain('Lucas Moreau');
    // An admin may act on it; nothing is done to the seeded invoice here.
    await dialog.getByTestId('invoice-record-payment').waitFor();
    await dialog.getByText('The client’s language is French.').waitFor();
    await axeClean(admin, 'light-admin-dialog');
    await dialog.getByTestId('invoice-dialog-close').click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('an admin issues a new client’s draft, records its payment, and voids another draft', async () => {
    const first = await registerClient();
    const draft = await subscribeAndWaitForDraft(first.id);
    await admin.goto(`/information/plans?tab=invoices&client=${first.id}`);
    const row = admin.getByTestId('invoice-row');
    await row.first().waitFor();
    expect(await admin.getByTestId('invoices-client-filter').innerText()).toBe(`Client: ${first.fullName}`);
    expect(await row.getByTestId('invoice-status').getAttribute('data-status')).toBe('draft');
    await row.getByTestId('invoice-link').click();
    await admin.waitForURL((url) => url.searchParams.get('invoice') === draft.id);
    const dialog = admin.getByTestId('invoice-dialog');
    await dialog.getByTestId('invoice-lines').waitFor();
    await axeClean(admin, 'light-admin-draft');

    await dialog.getByTestId('invoice-issue').click();
    await admin.getByText(/^Invoice \d{4}-\d{4,} is issued and emailed to the client\.$/).waitFor();
    await admin.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="invoice-dialog"] [data-testid="invoice-status"]')
          ?.getAttribute('data-status') === 'open',
    );
    const number = /\d{4}-\d{4,}/.exec(await dialog.getByTestId('invoice-dialog-title').innerText())?.[0];
    expect(number).toBeDefined();

    await dialog.getByTestId('invoice-record-payment').click();
    const form = dialog.getByTestId('invoice-payment-form');
    await form.getByTestId('payment-method').selectOption('cash');
    await form.getByTestId('payment-reference').fill('Receipt 4411');
    await axeClean(admin, 'light-admin-payment-form');
    await form.getByTestId('payment-save').click();
    await admin.getByText(`Payment recorded: invoice ${number ?? ''} is paid.`).waitFor();
    await dialog.locator('[data-testid="invoice-status"][data-status="paid"]').waitFor();
    expect(await dialog.getByTestId('invoice-payment-method').innerText()).toBe('Cash');
    expect(await dialog.getByTestId('invoice-payment-reference').innerText()).toBe('Receipt 4411');
    const stored = await apiAs<{ invoice: InvoiceView }>(admin, 'GET', `/api/apps/plans/invoices/${draft.id}`);
    expect(stored.invoice).toMatchObject({
      status: 'paid',
      number,
      payment: { method: 'cash', reference: 'Receipt 4411' },
    });
    await dialog.getByTestId('invoice-dialog-close').click();
    await dialog.waitFor({ state: 'detached' });
    await row.locator('[data-status="paid"]').waitFor();

    // Another client's draft, voided after the confirmation.
    const second = await registerClient();
    const other = await subscribeAndWaitForDraft(second.id);
    await admin.goto(`/information/plans?tab=invoices&invoice=${other.id}`);
    await dialog.getByTestId('invoice-lines').waitFor();
    await dialog.getByTestId('invoice-void').click();
    await dialog.getByTestId('invoice-void-message').waitFor();
    await axeClean(admin, 'light-admin-void');
    await dialog.getByTestId('invoice-void-confirm').click();
    await admin.getByText('The invoice is void.').waitFor();
    await dialog.locator('[data-testid="invoice-status"][data-status="void"]').waitFor();
    await dialog.getByTestId('invoice-voided').waitFor();
    expect(
      (await apiAs<{ invoice: InvoiceView }>(admin, 'GET', `/api/apps/plans/invoices/${other.id}`)).invoice.status,
    ).toBe('void');
  });

  it('axe finds nothing serious in dark; Arabic reads right to left and fits a phone', async () => {
    await client.emulateMedia({ colorScheme: 'dark' });
    await client.goto('/information/plans?tab=invoices');
    await client.getByTestId('invoice-row').first().waitFor();
    await axeClean(client, 'dark-client-list');
    await client.getByTestId('invoice-link').first().click();
    await client.getByTestId('invoice-dialog').getByTestId('invoice-lines').waitFor();
    await axeClean(client, 'dark-client-dialog');
    await admin.emulateMedia({ colorScheme: 'dark' });
    await admin.goto('/information/plans?tab=invoices&status=overdue');
    await admin.getByTestId('invoice-row').first().waitFor();
    await axeClean(admin, 'dark-admin-list');

    await client.emulateMedia({ colorScheme: 'light' });
    await client.setViewportSize({ width: 390, height: 844 });
    await client.evaluate(() => localStorage.setItem('language', 'ar'));
    await client.goto('/information/plans?tab=invoices');
    await client.getByRole('heading', { level: 2, name: 'فواتيرك' }).waitFor();
    await client.getByTestId('invoice-row').first().waitFor();
    expect(await client.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // The page does not scroll sideways: only the table does, inside its container.
    expect(await fitsTheWindow(client)).toBe(true);
    await axeClean(client, 'ar-phone-client-list');
    await client.getByTestId('invoice-link').first().click();
    const dialog = client.getByTestId('invoice-dialog');
    await dialog.getByTestId('invoice-lines').waitFor();
    expect(await fitsTheWindow(client)).toBe(true);
    await axeClean(client, 'ar-phone-client-dialog');
    await client.emulateMedia({ colorScheme: 'dark' });
    await axeClean(client, 'ar-phone-client-dialog-dark');
  });
});
