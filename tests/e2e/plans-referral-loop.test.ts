import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { PlansResponse } from '@orbit/functions/plans/contract';
import type { ReferralAccountResponse } from '@orbit/functions/referrals/contract';

import { apiAs, baseUrl, signInThroughForm } from '../support/browser';
import { useMailingsBrowser } from '../support/mailings-browser';

/**
 * The whole billing loop in a real browser (docs/plans.md): a client registers through another
 * client's referral link; the admin subscribes them, issues their first invoice and records its
 * payment; the worker makes the referral active and rewards it by the seeded rule (20 €); the
 * referrer sees the referral rewarded on their referrals page and the credit taken off their next
 * invoice on their plan page. Both clients are new, so the seeded demo data stays as it is.
 */

const { browser, axeClean, signedIn } = useMailingsBrowser('plans-referral-loop');
const password = 'Referral#2026';
const run = Date.now() % 100_000;
/** The run in letters: a referral's name is shown shortened to its first name and last initial. */
const tag = Array.from(String(run), (digit) => 'bcdfghjklm'[Number(digit)]).join('');
const referrer = { name: `Rita Referrer${tag}`, phone: `+1558${String(run).padStart(6, '0')}1` };
const referred = { name: `Reza Quill${tag}`, phone: `+1558${String(run).padStart(6, '0')}2` };

let admin: Page;
let referrerPage: Page;

/** The referrer's account through the API (setup: not what is under test). */
const registerReferrer = async (): Promise<{ id: string; token: string }> => {
  const response = await fetch(`${baseUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      fullName: referrer.name,
      phone: referrer.phone,
      email: `rita${run}@referrals.example`,
      password,
    }),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { accessToken: string; userData: { id: string } };
  return { id: body.userData.id, token: body.accessToken };
};

const growthPlanId = async (): Promise<string> => {
  const { plans } = await apiAs<PlansResponse>(admin, 'GET', '/api/apps/plans');
  const growth = plans.find((plan) => plan.name.en === 'Growth');
  if (!growth) throw new Error('the seeded Growth plan is missing');
  return growth.id;
};

let referrerId = '';
let code = '';

beforeAll(async () => {
  admin = await signedIn();
  const account = await registerReferrer();
  referrerId = account.id;
  const answer = await fetch(`${baseUrl()}/api/apps/referrals/users/${referrerId}`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  code = ((await answer.json()) as ReferralAccountResponse).account.code;
  // The referrer is a subscribed client: they have a next invoice for the credit to land on.
  await apiAs(admin, 'PUT', `/api/apps/plans/subscriptions/${referrerId}`, {
    planId: await growthPlanId(),
    interval: 'month',
  });
  referrerPage = await (await browser.newContext()).newPage();
  await signInThroughForm(referrerPage, referrer.phone, password);
  await referrerPage.waitForURL((url) => url.pathname !== '/login');
});

describe('a referral from the link to the credit on the next invoice', () => {
  it('a client registers through the referrer’s link', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`/register?ref=${code}`);
    await expect.poll(() => page.getByLabel(/Referral code/).inputValue()).toBe(code);
    await page.getByLabel(/^Full name/).fill(referred.name);
    await page.getByLabel(/^Phone/).fill(referred.phone);
    await page.getByLabel(/^Email/).fill(`reza${run}@referrals.example`);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/apps/projects');
    await page.context().close();

    await referrerPage.goto('/information/referrals');
    const row = referrerPage.getByTestId('referral-row').filter({ hasText: 'Reza Q.' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Registered');
  });

  it('the admin subscribes them, issues their first invoice and records its payment', async () => {
    await admin.goto('/information/plans?tab=subscriptions');
    await admin.getByTestId('subscribe-open').click();
    const dialog = admin.getByTestId('subscribe-dialog');
    await dialog.getByTestId('subscribe-client').fill(referred.name);
    await admin.getByTestId('subscribe-client-option').filter({ hasText: referred.name }).click();
    await dialog.getByTestId('subscribe-plan').selectOption(await growthPlanId());
    await dialog.getByTestId('subscribe-interval').selectOption('month');
    await axeClean(admin, 'subscribe-dialog');
    await dialog.getByTestId('subscribe-save').click();
    await dialog.waitFor({ state: 'detached' });

    // From the new row to the client's invoices: the worker drafts the first one a moment later.
    const row = admin.getByTestId('subscription-row').filter({ hasText: referred.name });
    await row.getByTestId('subscription-invoices').click();
    const listed = admin.getByTestId('invoices-table').or(admin.getByTestId('invoices-empty'));
    await expect
      .poll(
        async () => {
          await listed.first().waitFor();
          if ((await admin.getByTestId('invoice-row').count()) > 0) return true;
          await admin.reload();
          return false;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await admin.getByTestId('invoice-row').getByTestId('invoice-link').click();
    const invoice = admin.getByTestId('invoice-dialog');
    await invoice.getByTestId('invoice-issue').click();
    await expect.poll(() => invoice.getByTestId('invoice-dialog-title').innerText()).toMatch(/\d{4}-\d{4}/);
    await invoice.getByTestId('invoice-record-payment').click();
    const form = admin.getByTestId('invoice-payment-form');
    await form.getByTestId('payment-method').selectOption('bank_transfer');
    await form.getByTestId('payment-reference').fill(`TRF-${run}`);
    await axeClean(admin, 'record-payment');
    await form.getByTestId('payment-save').click();
    await expect.poll(() => invoice.getByTestId('invoice-status').first().innerText()).toBe('Paid');
  });

  it('the referrer sees the referral rewarded and the credit on their next invoice', async () => {
    // The worker activates and rewards the referral after the payment: reload until it has.
    await referrerPage.goto('/information/referrals');
    const row = referrerPage.getByTestId('referral-row').filter({ hasText: 'Reza Q.' });
    await expect
      .poll(
        async () => {
          await referrerPage.reload();
          await row.waitFor();
          return row.innerText();
        },
        { timeout: 20_000 },
      )
      .toContain('Rewarded');
    expect(await referrerPage.getByTestId('credit-available').first().innerText()).toBe('€20.00');
    await axeClean(referrerPage, 'referrals-rewarded');

    await referrerPage.goto('/information/plans');
    const next = referrerPage.getByTestId('next-invoice');
    await next.waitFor();
    // Growth is 79 € + 20 % tax = 94.80 €; the 20 € credit is taken off: 74.80 € due.
    expect(await next.getByTestId('next-invoice-credit').innerText()).toContain('-€20.00');
    expect(await next.getByTestId('next-invoice-amount-due').innerText()).toBe('€74.80');
    await axeClean(referrerPage, 'next-invoice-with-credit');
  });
});
