import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { timeStepAt, totpCodeAt } from '@orbit/functions/auth/two-step';

import { baseUrl, signInThroughForm, useBrowser } from '../support/browser';
import { seriousAxeViolations } from '../support/axe';
import { screenshotTaker } from '../support/screenshots';

/**
 * The Security and Activity tabs and the sign-in's second step in a real browser
 * (docs/user-view.md, "Security, two-step sign-in and sessions"): turn two-step verification on
 * and sign in with a code computed here with the server's own TOTP code; sign another browser
 * out and see it land on the sign-in page; French and Arabic (right to left); axe in light and
 * dark. Each test signs up a user of its own on the shared stack.
 */

const browser = useBrowser();
const artifacts = join(import.meta.dirname, 'artifacts', 'user-security');
const shot = screenshotTaker(artifacts);
const password = 'Secret#2026';

beforeAll(() => {
  mkdirSync(artifacts, { recursive: true });
});

let signUps = 0;
/** A new client account (registered through the API: setup, not what is under test). */
const signUp = async (): Promise<{ phone: string }> => {
  signUps += 1;
  const suffix = `${Date.now() % 100_000}${signUps}`.padStart(7, '0').slice(-7);
  const phone = `+1557${suffix}`;
  const response = await fetch(`${baseUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullName: `Guard ${suffix}`, phone, email: `guard${suffix}@test.example`, password }),
  });
  expect(response.status).toBe(201);
  return { phone };
};

const signedIn = async (phone: string, options: Parameters<typeof browser.newContext>[0] = {}) => {
  const page = await (await browser.newContext(options)).newPage();
  await signInThroughForm(page, phone, password);
  await page.waitForURL('**/apps/projects');
  return page;
};

/** Loaded: no request for half a second, nothing busy. */
const ready = async (target: Page): Promise<void> => {
  await target.waitForLoadState('networkidle');
  await target.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
};

/**
 * Codes are for 30-second steps: a test that uses several waits (polling the clock) until at
 * least 8 seconds of the current step are left, so its codes' steps stay where it computed them.
 */
const freshStep = async (): Promise<number> => {
  for (;;) {
    const now = Date.now();
    if (30_000 - (now % 30_000) >= 8_000) return timeStepAt(now);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};
const codeFor = (secret: string, step: number) => totpCodeAt(secret, step * 30_000 + 1_000);

const openSecurityTab = async (page: Page) => {
  await page.goto('/user/view?tab=security');
  await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
  await ready(page);
};

describe('two-step verification', () => {
  it('turns on from the Security tab and then signs in with a code', async () => {
    const { phone } = await signUp();
    const page = await signedIn(phone);
    await openSecurityTab(page);
    const step = await freshStep();
    await page.getByRole('button', { name: 'Turn on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Two-step verification' });
    await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await dialog.getByTestId('two-step-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await dialog.getByLabel('6-digit code').fill(codeFor(secret, step - 1));
    await dialog.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect.poll(() => dialog.getByTestId('recovery-code').count()).toBe(10);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'recovery-codes');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByTestId('two-step-state').textContent()).toBe('On');

    // Another browser: the password, then the code step, then where it was going.
    const other = await (await browser.newContext()).newPage();
    await other.goto('/login?to=/user/view');
    await other.getByLabel('Phone', { exact: true }).fill(phone);
    await other.getByLabel('Password', { exact: true }).fill(password);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    const code = other.getByLabel('6-digit code');
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await seriousAxeViolations(other)).toEqual([]);
    await shot(other, 'code-step');
    await code.fill(codeFor(secret, step));
    await other.getByRole('button', { name: 'Verify' }).click();
    await other.waitForURL((url) => url.pathname === '/user/view');

    // The log shows the sign-in with its device, and two-step verification turned on.
    await other.goto('/user/view?tab=activity');
    const entries = other.getByTestId('security-log-entry');
    await expect.poll(() => entries.first().getAttribute('data-event')).toBe('sign-in');
    expect(await entries.first().textContent()).toContain('Chrome');
    await expect
      .poll(async () => (await entries.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-event')))).join())
      .toContain('two-step-enabled');
  });
});

describe('sessions', () => {
  it('signs the other browser out from the sessions table', async () => {
    const { phone } = await signUp();
    const laptop = await signedIn(phone);
    const phoneBrowser = await signedIn(phone);
    await openSecurityTab(laptop);
    const rows = laptop.getByTestId('session-row');
    // Signing up opened a session too (the registration's): three, this one first, then the
    // most recently used (the phone's).
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.first().getAttribute('data-current')).toBe('true');
    expect(await rows.first().textContent()).toContain('This device');
    await rows.nth(1).getByRole('button').click();
    await laptop.getByText('The device was signed out.').waitFor();
    await expect.poll(() => rows.count()).toBe(2);

    // The other browser's next request is refused: it lands on the sign-in page.
    await phoneBrowser.goto('/apps/projects');
    await phoneBrowser.waitForURL('**/login**');

    // Every other device at once: this one stays signed in.
    await laptop.getByRole('button', { name: 'Sign out all other devices' }).click();
    await laptop.getByText('Other devices signed out: 1.').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await openSecurityTab(laptop);
    await expect.poll(() => rows.count()).toBe(1);
  });
});

describe('the tabs', () => {
  it.each(['light', 'dark'] as const)('axe finds nothing serious on Security and Activity, %s', async (scheme) => {
    const { phone } = await signUp();
    const page = await signedIn(phone, { colorScheme: scheme });
    const problems: string[] = [];
    for (const tab of ['security', 'activity']) {
      await page.goto(`/user/view?tab=${tab}`);
      await page.getByRole('heading', { name: tab === 'security' ? 'Devices and sessions' : 'Security log' }).waitFor();
      await ready(page);
      problems.push(...(await seriousAxeViolations(page)).map((problem) => `${tab}: ${problem}`));
      await shot(page, `${scheme}-${tab}`);
    }
    expect(problems).toEqual([]);
  });

  it('reads in French, and right to left in Arabic', async () => {
    const { phone } = await signUp();
    const page = await signedIn(phone);
    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    await page.goto('/user/view?tab=security');
    await page.getByRole('heading', { name: 'Validation en deux étapes' }).waitFor();
    await page.getByRole('button', { name: 'Changer le mot de passe' }).waitFor();
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.goto('/user/view?tab=security');
    await page.getByRole('heading', { name: 'التحقق بخطوتين' }).waitFor();
    await ready(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'ar-security');
    await page.goto('/user/view?tab=activity');
    await page.getByRole('heading', { name: 'سجل الأمان' }).waitFor();
    await ready(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
