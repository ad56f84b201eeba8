import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PlanView, PlansResponse, SubscriptionResponse } from '@orbit/functions/plans/contract';

import { apiAs, signInThroughForm } from '../support/browser';
import { fitsTheWindow, useMailingsBrowser } from '../support/mailings-browser';

/**
 * The "Plans" tab in a real browser (docs/plans.md, "Catalogue", "Subscriptions"): the demo
 * client Emma Rossi (Starter, monthly) sees her plan marked, switches to yearly prices and their
 * saving, asks for Growth and withdraws the request (leaving her subscription as seeded); the
 * administrator creates a hidden plan through the form and edits its price, then archives it, so
 * no other test and no demo shows it (plans are never deleted). axe in light and dark, then
 * Arabic (right to left) at phone width.
 */

const { browser, axeClean, signedIn } = useMailingsBrowser('plans-pricing');
const emma = { id: '', phone: '+15550100005', password: 'Client#2026' };
const planName = `E2E pricing ${Date.now().toString(36)}`;
let client: Page;
let admin: Page;

beforeAll(async () => {
  client = await (await browser.newContext()).newPage();
  await signInThroughForm(client, emma.phone, emma.password);
  await client.waitForURL((url) => url.pathname !== '/login');
  emma.id = await client.evaluate(() => {
    const raw = localStorage.getItem('userData');
    return raw ? (JSON.parse(raw) as { id: string }).id : '';
  });
  admin = await signedIn();
});

afterAll(async () => {
  // The stack is shared by the e2e files: Emma keeps no request, and the test's plan stays out of sight.
  if (client && emma.id) {
    const { subscription } = await apiAs<SubscriptionResponse>(
      client,
      'GET',
      `/api/apps/plans/subscriptions/${emma.id}`,
    );
    if (subscription.requestedChange) {
      await apiAs(client, 'DELETE', `/api/apps/plans/subscriptions/${emma.id}/change-request`);
    }
  }
  if (admin) {
    const { plans } = await apiAs<PlansResponse>(admin, 'GET', '/api/apps/plans');
    for (const plan of plans.filter((candidate) => candidate.name.en === planName)) {
      if (plan.visible || !plan.archived) {
        await apiAs(admin, 'PATCH', `/api/apps/plans/${plan.id}`, {
          visible: false,
          archived: true,
          version: plan.version,
        });
      }
    }
  }
});

const card = (page: Page, name: string) =>
  page.getByTestId('pricing-card').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

describe('the plans tab', () => {
  it('a client sees their plan, the yearly saving, and requests a plan then withdraws it', async () => {
    await client.goto('/information/plans?tab=pricing');
    const starter = card(client, 'Starter');
    await starter.getByTestId('pricing-current').waitFor();
    expect(await starter.getByTestId('pricing-current').innerText()).toBe('Current plan · monthly');
    expect(await starter.getByTestId('pricing-price').innerText()).toBe('€29.00');
    expect(await client.getByTestId('pricing-saving').count()).toBe(0);

    await client.getByRole('button', { name: 'Yearly', exact: true }).click();
    expect(await starter.getByTestId('pricing-price').innerText()).toBe('€290.00');
    expect(await starter.getByTestId('pricing-saving').innerText()).toBe('Save €58.00 a year');
    expect(await card(client, 'Scale').getByTestId('pricing-saving').innerText()).toBe('Save €398.00 a year');
    // Admin controls are not a client's.
    expect(await client.getByTestId('pricing-new-plan').count()).toBe(0);
    expect(await client.getByTestId('pricing-edit').count()).toBe(0);
    await axeClean(client, 'light-client-yearly');

    const growth = card(client, 'Growth');
    await growth.getByTestId('pricing-request').click();
    const dialog = client.getByTestId('pricing-request-dialog');
    await dialog.getByText('You ask for Growth at €790.00 a year.').waitFor();
    await axeClean(client, 'light-client-request-dialog');
    await dialog.getByTestId('pricing-request-confirm').click();
    await client.getByText('Your request is sent. An administrator will review it.').waitFor();
    await growth.getByTestId('pricing-requested').waitFor();
    expect(await client.getByTestId('pricing-pending').innerText()).toContain('You asked for Growth, yearly');
    const requested = await apiAs<SubscriptionResponse>(client, 'GET', `/api/apps/plans/subscriptions/${emma.id}`);
    expect(requested.subscription.requestedChange).toMatchObject({ interval: 'year' });
    await axeClean(client, 'light-client-requested');

    await growth.getByTestId('pricing-withdraw').click();
    await client.getByText('Your request is withdrawn.').waitFor();
    await growth.getByTestId('pricing-requested').waitFor({ state: 'detached' });
    const after = await apiAs<SubscriptionResponse>(client, 'GET', `/api/apps/plans/subscriptions/${emma.id}`);
    expect(after.subscription.requestedChange).toBeNull();
    expect(after.subscription.plan.name.en).toBe('Starter');
  });

  it('an admin creates a hidden plan in the form, edits its price and archives it', async () => {
    await admin.goto('/information/plans?tab=pricing');
    await card(admin, 'Starter').waitFor();
    await admin.getByTestId('pricing-new-plan').click();
    const form = admin.getByTestId('plan-form');
    await form.waitFor();
    await form.getByTestId('plan-name-en').fill(planName);
    await form.getByTestId('plan-name-fr').fill(`${planName} (fr)`);
    await form.getByTestId('plan-description-en').fill('A plan the browser test makes.');
    await form.getByTestId('plan-monthly-price').fill('12');
    await form.getByTestId('plan-yearly-price').fill('100.50');
    await form.getByTestId('plan-tax-rate').fill('5.5');
    await form.getByTestId('plan-feature-0-en').fill('One thing');
    await form.getByTestId('plan-form-add-feature').click();
    await form.getByTestId('plan-feature-1-en').fill('Another thing');
    await form.getByTestId('plan-active-projects').fill('2');
    await form.getByTestId('plan-storage').fill('0.5');
    await axeClean(admin, 'light-admin-form');
    await form.getByTestId('plan-form-save').click();
    await admin.getByText(`The plan ${planName} is created.`).waitFor();

    const created = card(admin, planName);
    await created.getByTestId('pricing-hidden').waitFor();
    expect(await created.getByTestId('pricing-price').innerText()).toBe('€12.00');
    expect(await created.getByTestId('pricing-limit-storage').innerText()).toBe('500 MB');
    const stored = (await apiAs<PlansResponse>(admin, 'GET', '/api/apps/plans')).plans.find(
      (plan: PlanView) => plan.name.en === planName,
    );
    expect(stored).toMatchObject({
      name: { en: planName, fr: `${planName} (fr)`, ar: '' },
      monthlyPrice: 1200,
      yearlyPrice: 10_050,
      taxRateBps: 550,
      features: [
        { en: 'One thing', fr: '', ar: '' },
        { en: 'Another thing', fr: '', ar: '' },
      ],
      limits: { activeProjects: 2, storageBytes: 500_000_000 },
      visible: false,
      archived: false,
    });
    await axeClean(admin, 'light-admin-cards');

    await created.getByTestId('pricing-edit').click();
    const edit = admin.getByTestId('plan-form');
    await edit.waitFor();
    expect(await edit.getByTestId('plan-monthly-price').inputValue()).toBe('12.00');
    await edit.getByTestId('plan-monthly-price').fill('15');
    await edit.getByTestId('plan-archived').check();
    await edit.getByTestId('plan-form-save').click();
    await admin.getByText(`The plan ${planName} is saved.`).waitFor();
    await created.getByTestId('pricing-archived').waitFor();
    expect(await created.getByTestId('pricing-price').innerText()).toBe('€15.00');
    const edited = (await apiAs<PlansResponse>(admin, 'GET', '/api/apps/plans')).plans.find(
      (plan: PlanView) => plan.name.en === planName,
    );
    expect(edited).toMatchObject({ monthlyPrice: 1500, yearlyPrice: 10_050, visible: false, archived: true });
    expect(edited?.version).toBe((stored?.version ?? 0) + 1);

    // A client never sees it.
    await client.reload();
    await card(client, 'Starter').waitFor();
    expect(await card(client, planName).count()).toBe(0);
  });

  it('axe finds nothing serious in dark; Arabic reads right to left and fits a phone', async () => {
    await client.emulateMedia({ colorScheme: 'dark' });
    await client.goto('/information/plans?tab=pricing');
    await card(client, 'Starter').getByTestId('pricing-current').waitFor();
    await axeClean(client, 'dark-client');
    await admin.emulateMedia({ colorScheme: 'dark' });
    await admin.goto('/information/plans?tab=pricing');
    await card(admin, planName).getByTestId('pricing-archived').waitFor();
    await axeClean(admin, 'dark-admin-cards');
    await card(admin, planName).getByTestId('pricing-edit').click();
    await admin.getByTestId('plan-form').waitFor();
    await axeClean(admin, 'dark-admin-form');
    await admin.getByRole('button', { name: 'Cancel', exact: true }).click();

    for (const page of [client, admin]) {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.evaluate(() => localStorage.setItem('language', 'ar'));
      await page.goto('/information/plans?tab=pricing');
      await card(page, 'البداية').waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      // One column of cards, and nothing scrolls sideways.
      expect(await fitsTheWindow(page)).toBe(true);
      expect(await card(page, 'البداية').getByTestId('pricing-price').innerText()).toMatch(/29[.,٫]00/);
    }
    await client.getByRole('button', { name: 'سنوي', exact: true }).click();
    await card(client, 'البداية').getByTestId('pricing-saving').waitFor();
    expect(await fitsTheWindow(client)).toBe(true);
    await axeClean(client, 'ar-phone-client');
    await client.emulateMedia({ colorScheme: 'dark' });
    await axeClean(client, 'ar-phone-client-dark');
    await admin.getByTestId('pricing-new-plan').click();
    await admin.getByTestId('plan-form').waitFor();
    expect(await fitsTheWindow(admin)).toBe(true);
    await axeClean(admin, 'ar-phone-admin-form');
  });
});
