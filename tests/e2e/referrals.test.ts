import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RewardRuleView } from '@orbit/functions/referrals/contract';

import { apiAs, baseUrl, signInThroughForm } from '../support/browser';
import { fitsTheWindow, useMailingsBrowser } from '../support/mailings-browser';

/**
 * The referrals page in a real browser (docs/plans.md, "Referrals"): the demo client Liam Carter
 * opens his page, copies his link and sees its QR code, his three seeded referrals (names
 * shortened) and his credit; the administrator sets a percentage reward rule with a cap and sees
 * every referral with full names. axe in light and dark, then Arabic (right to left) at phone width.
 */

const { browser, axeClean, signedIn } = useMailingsBrowser('referrals');
const liam = { phone: '+15550100002', password: 'Client#2026', code: 'LIAMC002' };
let client: Page;
let admin: Page;
let ruleBefore: RewardRuleView;

beforeAll(async () => {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  client = await context.newPage();
  await signInThroughForm(client, liam.phone, liam.password);
  await client.waitForURL((url) => url.pathname !== '/login');
  admin = await signedIn();
  ruleBefore = (await apiAs<{ rewardRule: RewardRuleView }>(admin, 'GET', '/api/apps/referrals/reward-rule'))
    .rewardRule;
});

afterAll(async () => {
  // The stack is shared by the e2e files: the seeded rule comes back, as the others expect it.
  if (!admin || !ruleBefore.rule) return;
  const now = (await apiAs<{ rewardRule: RewardRuleView }>(admin, 'GET', '/api/apps/referrals/reward-rule')).rewardRule;
  await apiAs(admin, 'PUT', '/api/apps/referrals/reward-rule', { rule: ruleBefore.rule, version: now.version });
});

describe('referrals', () => {
  it('a client copies their link, sees its QR code, their referrals shortened and their credit', async () => {
    await client.goto('/information/referrals');
    const link = client.getByTestId('referral-link');
    await link.waitFor();
    const url = `${baseUrl()}/register?ref=${liam.code}`;
    expect(await link.inputValue()).toBe(url);
    await client.locator('[data-testid="referral-qr"] svg[role="img"]').waitFor();
    expect(await client.getByRole('img', { name: 'QR code of your referral link' }).count()).toBe(1);

    await client.getByTestId('referral-copy').click();
    await client.getByText('Link copied').waitFor();
    expect(await client.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // The seeded referrals, one per stage, with names shortened for privacy.
    const names = await client.getByTestId('referral-row').getByRole('rowheader').allInnerTexts();
    expect(names).toEqual(expect.arrayContaining(['Amira H.', 'Lucas M.', 'Emma R.']));
    for (const stage of ['registered', 'active', 'rewarded']) {
      expect(Number(await client.getByTestId(`referral-count-${stage}`).innerText())).toBeGreaterThanOrEqual(1);
    }
    expect(await client.getByTestId('credit-earned').first().innerText()).toBe('€20.00');
    // A client has no admin tabs.
    expect(await client.getByRole('tab').count()).toBe(0);
    await axeClean(client, 'light-client');
  });

  it('an admin sets a percentage rule with a cap and sees every referral in full', async () => {
    await admin.goto('/information/referrals?tab=rule');
    const form = admin.getByTestId('reward-rule-form');
    await form.waitFor();
    await form.getByRole('button', { name: 'Percentage of the first paid invoice' }).click();
    await form.getByTestId('rule-percent').fill('10');
    await form.getByTestId('rule-cap').fill('30');
    await axeClean(admin, 'light-rule-form');
    await form.getByTestId('reward-rule-save').click();
    await form.getByText('The rule is saved.').waitFor();
    expect(await admin.getByTestId('referral-rule').first().innerText()).toBe(
      'Each client you refer earns you 10% of their first paid invoice as credit, up to €30.00.',
    );
    const saved = (await apiAs<{ rewardRule: RewardRuleView }>(admin, 'GET', '/api/apps/referrals/reward-rule'))
      .rewardRule;
    expect(saved.rule).toEqual({ kind: 'percent', percentBps: 1000, cap: 3000, currency: 'EUR' });

    await admin.getByRole('tab', { name: 'All referrals' }).click();
    const row = admin.getByTestId('referral-row').filter({ hasText: 'Emma Rossi' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Liam Carter');
    await axeClean(admin, 'light-all');
    await admin.getByRole('tab', { name: 'Credit balances' }).click();
    await admin.getByTestId('credit-balance-row').filter({ hasText: 'Liam Carter' }).waitFor();
    await axeClean(admin, 'light-credits');
  });

  it('axe finds nothing serious in dark; Arabic reads right to left and fits a phone', async () => {
    await client.emulateMedia({ colorScheme: 'dark' });
    await client.goto('/information/referrals');
    await client.getByTestId('referral-row').first().waitFor();
    await client.locator('[data-testid="referral-qr"] svg').waitFor();
    await axeClean(client, 'dark-client');
    await admin.emulateMedia({ colorScheme: 'dark' });
    await admin.goto('/information/referrals?tab=rule');
    await admin.getByTestId('reward-rule-form').waitFor();
    await axeClean(admin, 'dark-rule-form');

    await client.emulateMedia({ colorScheme: 'light' });
    await client.setViewportSize({ width: 390, height: 844 });
    await client.evaluate(() => localStorage.setItem('language', 'ar'));
    await client.goto('/information/referrals');
    await client.getByRole('heading', { level: 1, name: 'الإحالات' }).waitFor();
    await client.getByTestId('referral-row').first().waitFor();
    expect(await client.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // The page does not scroll sideways: only the table does, inside its container.
    expect(await fitsTheWindow(client)).toBe(true);
    expect(await client.getByTestId('credit-earned').first().innerText()).toMatch(/20[.,٫]00/);
    await axeClean(client, 'ar-phone-client');
    await client.emulateMedia({ colorScheme: 'dark' });
    await axeClean(client, 'ar-phone-client-dark');
  });
});
