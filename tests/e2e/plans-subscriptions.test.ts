import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { PlansResponse, SubscriptionResponse } from '@orbit/functions/plans/contract';

import { apiAs, baseUrl, signInThroughForm } from '../support/browser';
import { fitsTheWindow, useMailingsBrowser } from '../support/mailings-browser';

/**
 * A client's subscription in a real browser (docs/plans.md, "Subscriptions", "Limits",
 * "Overview"): the administrator subscribes a client registered for this file through the
 * "Subscribe a client" dialog and changes their plan in the table; the client sees their plan,
 * usage meters and the next invoice with the proration lines, asks for another plan and the
 * administrator approves it; the client cancels at the period's end and keeps the plan after
 * all; the overview shows the recurring revenue and the open and overdue invoices. axe in light
 * and dark, then Arabic (right to left) at phone width. The seeded clients' subscriptions are
 * left alone: every write is on the client registered here.
 */

const { browser, axeClean, signedIn } = useMailingsBrowser('plans-subscriptions');
const password = 'Plans#2026';
const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-7);
const fresh = {
  fullName: `Nora Quill ${suffix}`,
  phone: `+1555${suffix}`.padEnd(12, '0'),
  email: `nora.quill${suffix}@test.example`,
};
let clientId = '';
let plans: PlansResponse['plans'] = [];
let admin: Page;
let client: Page;

const planId = (name: string): string => {
  const plan = plans.find((candidate) => candidate.name.en === name);
  if (!plan) throw new Error(`no plan named ${name}`);
  return plan.id;
};

beforeAll(async () => {
  const response = await fetch(`${baseUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...fresh, password }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}`);
  clientId = ((await response.json()) as { userData: { id: string } }).userData.id;
  admin = await signedIn();
  plans = (await apiAs<PlansResponse>(admin, 'GET', '/api/apps/plans')).plans;
});

const clientRow = (page: Page) => page.getByTestId('subscription-row').filter({ hasText: fresh.fullName });

const subscriptionOf = async (page: Page) =>
  (await apiAs<SubscriptionResponse>(page, 'GET', `/api/apps/plans/subscriptions/${clientId}`)).subscription;

describe('plans: subscriptions', () => {
  it('the admin subscribes a new client through the dialog, then changes their plan in the table', async () => {
    await admin.goto('/information/plans?tab=subscriptions');
    await admin.getByTestId('subscriptions-table').waitFor();

    await admin.getByTestId('subscribe-open').click();
    const dialog = admin.getByTestId('subscribe-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('subscribe-client').fill(`Nora Quill ${suffix}`);
    await admin.getByRole('option', { name: new RegExp(fresh.fullName) }).click();
    await dialog.getByTestId('subscribe-plan').selectOption(planId('Starter'));
    await dialog.getByTestId('subscribe-interval').selectOption('month');
    await axeClean(admin, 'light-subscribe-dialog');
    await dialog.getByTestId('subscribe-save').click();
    await admin.getByText('Subscribed; the first invoice is being drafted.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const row = clientRow(admin);
    await row.waitFor();
    expect(await row.getByTestId('subscription-plan').innerText()).toBe('Starter');
    expect(await row.getByTestId('subscription-interval').innerText()).toBe('Monthly');
    expect(await row.getByTestId('subscription-status').innerText()).toBe('Active');
    expect(await row.getByTestId('subscription-invoices').getAttribute('href')).toBe(
      `/information/plans?tab=invoices&client=${clientId}`,
    );

    // Subscribing them again is refused by the server, and the dialog says why.
    await admin.getByTestId('subscribe-open').click();
    await dialog.getByTestId('subscribe-client').fill(fresh.fullName);
    await admin.getByRole('option', { name: new RegExp(fresh.fullName) }).click();
    await dialog.getByTestId('subscribe-save').click();
    await dialog.getByText('This client already has a subscription: change it from the table instead.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await row.getByTestId('subscription-change').click();
    const change = admin.getByTestId('subscription-change-dialog');
    await change.waitFor();
    expect(await change.innerText()).toContain('A change of plan applies today');
    await change.getByTestId('subscription-change-plan').selectOption(planId('Growth'));
    await axeClean(admin, 'light-change-dialog');
    await change.getByTestId('subscription-change-save').click();
    await admin.getByText(`Plan of ${fresh.fullName} changed.`).waitFor();
    await change.waitFor({ state: 'detached' });
    await row.getByTestId('subscription-plan').filter({ hasText: 'Growth' }).waitFor();

    const subscription = await subscriptionOf(admin);
    expect(subscription.plan.name.en).toBe('Growth');
    expect(subscription.nextInvoice?.lines.map((line) => line.kind)).toEqual(['plan', 'proration', 'proration']);
    await axeClean(admin, 'light-subscriptions');
  });

  it('the client sees their plan, usage meters and the next invoice with the proration lines', async () => {
    const context = await browser.newContext();
    client = await context.newPage();
    await signInThroughForm(client, fresh.phone, password);
    await client.waitForURL((url) => url.pathname !== '/login');
    await client.goto('/information/plans');
    const name = client.getByTestId('my-plan-name');
    await name.waitFor();
    expect(await name.innerText()).toBe('Growth');
    expect(await client.getByTestId('my-plan-interval').innerText()).toBe('Monthly');
    expect(await client.getByTestId('my-plan-price').innerText()).toBe('€79.00 / month');

    // Growth allows 10 active projects and 10 GB; a new client uses none of either.
    expect(await client.getByTestId('usage-projects-value').innerText()).toBe('0 of 10 active projects');
    expect(await client.getByTestId('usage-storage-value').innerText()).toBe('0 bytes of 10 GB');
    expect(await client.getByRole('progressbar', { name: 'Active projects' }).getAttribute('aria-valuenow')).toBe('0');
    expect(await client.getByRole('progressbar', { name: 'Storage' }).count()).toBe(1);

    const lines = client.getByTestId('next-invoice-line');
    expect(await lines.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind')))).toEqual([
      'plan',
      'unused',
      'remaining',
    ]);
    expect(await lines.nth(0).innerText()).toContain('Growth, monthly');
    expect(await lines.nth(1).innerText()).toContain('Unused time on Starter');
    expect(await lines.nth(2).innerText()).toContain('Remaining time on Growth');
    expect(await lines.nth(1).innerText()).toMatch(/\d+ of \d+ days/);
    const preview = (await subscriptionOf(client)).nextInvoice;
    expect(await client.getByTestId('next-invoice-amount-due').innerText()).toBe(
      new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format((preview?.amountDue ?? 0) / 100),
    );
    await axeClean(client, 'light-my-plan');
  });

  it('the client asks for another plan and the admin approves it in the table', async () => {
    await apiAs(client, 'POST', `/api/apps/plans/subscriptions/${clientId}/change-request`, {
      planId: planId('Scale'),
      interval: 'year',
    });
    await client.reload();
    await client
      .getByTestId('my-plan-request')
      .getByText('You asked for Scale, yearly — waiting for approval.')
      .waitFor();

    await admin.reload();
    const row = clientRow(admin);
    await row.getByTestId('subscription-request').getByText('Scale, yearly').waitFor();
    await row.getByTestId('subscription-approve').click();
    await admin.getByText(`Request of ${fresh.fullName} approved.`).waitFor();
    // Another interval waits for the period's end: Scale, yearly, from then.
    await row.getByTestId('subscription-scheduled').filter({ hasText: 'Scale' }).waitFor();
    expect(await row.getByTestId('subscription-request').innerText()).toBe('—');

    await client.reload();
    const scheduled = client.getByTestId('my-plan-scheduled');
    await scheduled.waitFor();
    expect(await scheduled.innerText()).toMatch(/^Scale, billed yearly, from /);
    expect(await client.getByTestId('my-plan-request').count()).toBe(0);
  });

  it('the client cancels at the period end, then keeps the plan', async () => {
    await client.getByTestId('my-plan-cancel').click();
    const dialog = client.getByTestId('my-plan-cancel-dialog');
    await dialog.waitFor();
    await axeClean(client, 'light-cancel-dialog');
    await dialog.getByTestId('my-plan-cancel-confirm').click();
    await client.getByTestId('my-plan-resume').waitFor();
    expect(await client.getByTestId('subscription-status').innerText()).toBe('Ends at period end');
    await client.getByTestId('next-invoice-none').waitFor();
    expect((await subscriptionOf(client)).cancelAtPeriodEnd).toBe(true);

    await client.getByTestId('my-plan-resume').click();
    await client.getByTestId('my-plan-cancel').waitFor();
    expect(await client.getByTestId('subscription-status').innerText()).toBe('Active');
    await client.getByTestId('next-invoice').waitFor();
    expect((await subscriptionOf(client)).cancelAtPeriodEnd).toBe(false);
  });

  it('the overview shows the recurring revenue and the open and overdue invoices', async () => {
    await admin.goto('/information/plans?tab=overview');
    const mrr = admin.getByTestId('overview-mrr-amount').first();
    await mrr.waitFor();
    expect(await mrr.innerText()).toMatch(/^€[\d,]+\.\d\d$/);
    // Lucas Moreau's seeded invoice is overdue.
    const overdue = admin.getByTestId('overview-overdue');
    expect(await overdue.getByTestId('overview-count').first().innerText()).toMatch(/^\d+ invoices?$/);
    expect(await admin.getByTestId('overview-open').getByTestId('overview-amount').count()).toBeGreaterThan(0);
    await admin.getByTestId('overview-plan-row').filter({ hasText: 'Growth' }).waitFor();
    await axeClean(admin, 'light-overview');
    await overdue.getByTestId('overview-overdue-link').click();
    await admin.waitForURL((url) => url.searchParams.get('tab') === 'invoices');
    expect(new URL(admin.url()).searchParams.get('status')).toBe('overdue');
  });

  it('axe finds nothing serious in dark; Arabic reads right to left and fits a phone', async () => {
    await client.emulateMedia({ colorScheme: 'dark' });
    await client.goto('/information/plans');
    await client.getByTestId('next-invoice-line').first().waitFor();
    await axeClean(client, 'dark-my-plan');
    await admin.emulateMedia({ colorScheme: 'dark' });
    await admin.goto('/information/plans?tab=subscriptions');
    await clientRow(admin).waitFor();
    await axeClean(admin, 'dark-subscriptions');
    await admin.goto('/information/plans?tab=overview');
    await admin.getByTestId('overview-plan-row').first().waitFor();
    await axeClean(admin, 'dark-overview');

    for (const page of [client, admin]) {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.evaluate(() => localStorage.setItem('language', 'ar'));
    }
    await client.goto('/information/plans');
    await client.getByRole('heading', { level: 1, name: 'الخطط والفوترة' }).waitFor();
    await client.getByTestId('next-invoice-line').first().waitFor();
    expect(await client.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await client.getByTestId('my-plan-name').innerText()).toBe('النمو');
    // The page does not scroll sideways: only the tables do, inside their containers.
    expect(await fitsTheWindow(client)).toBe(true);
    await axeClean(client, 'ar-phone-my-plan');
    await client.emulateMedia({ colorScheme: 'dark' });
    await axeClean(client, 'ar-phone-my-plan-dark');

    await admin.goto('/information/plans?tab=subscriptions');
    await clientRow(admin).waitFor();
    expect(await admin.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await fitsTheWindow(admin)).toBe(true);
    await axeClean(admin, 'ar-phone-subscriptions');
    await admin.goto('/information/plans?tab=overview');
    await admin.getByTestId('overview-plan-row').first().waitFor();
    expect(await fitsTheWindow(admin)).toBe(true);
    await axeClean(admin, 'ar-phone-overview');
  });
});
