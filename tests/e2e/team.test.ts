import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { seriousAxeViolations } from '../support/axe';
import { e2eStack, signInThroughForm, useBrowser } from '../support/browser';
import { emailsTo } from '../support/sent-messages';
import { screenshotTaker } from '../support/screenshots';

/**
 * The team page in a real browser (docs/roles.md, "Team and invitations"): the administrator
 * invites a colleague by email as a manager; the link, read from the local mail store, opens in a
 * second browser where the colleague signs up and lands signed in as a manager; the administrator
 * sees them in the list and suspends them, and their open page ends on the sign-in page, where
 * signing in says the account is suspended. Axe in light and dark, Arabic right to left, a phone.
 */

const browser = useBrowser();
const artifacts = join(import.meta.dirname, 'artifacts', 'team');
const shot = screenshotTaker(artifacts);
const admin = { phone: '+15550100001', password: 'Admin#2026' };

beforeAll(() => {
  mkdirSync(artifacts, { recursive: true });
});

const ready = async (target: Page): Promise<void> => {
  await target.waitForLoadState('networkidle');
  await target.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
};

/** No transition running (a dialog fading in is measured at its final colours). */
const settled = (target: Page) =>
  target.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );

const signedInAdmin = async (options: Parameters<typeof browser.newContext>[0] = {}) => {
  const page = await (await browser.newContext(options)).newPage();
  await signInThroughForm(page, admin.phone, admin.password);
  await page.waitForURL('**/apps/projects');
  return page;
};

const openTeam = async (page: Page) => {
  await page.goto('/apps/team');
  await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
  await page.getByRole('table', { name: 'Team members' }).waitFor();
  await ready(page);
};

/** The newest invitation link sent to an address, polled from the local mail store. */
const linkSentTo = (address: string): Promise<string> =>
  vi.waitFor(
    async () => {
      const mails = await emailsTo(e2eStack().mailStoreUrl, address);
      const link = /(https?:\/\/\S+\/invitation\?token=\S+)/.exec(mails.at(-1)?.body.text ?? '')?.[1];
      if (!link) throw new Error(`no invitation to ${address} yet`);
      return link;
    },
    { timeout: 20_000, interval: 100 },
  );

describe('inviting a colleague', () => {
  it('invites by email as manager; the colleague signs up through the link, is listed, and is locked out when suspended', async () => {
    const page = await signedInAdmin();
    await openTeam(page);
    const suffix = Date.now().toString(36);
    const email = `colleague-${suffix}@team.example`;
    const phone = `+1666${String(Date.now()).slice(-8)}`;

    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite to the team' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByLabel('Role').selectOption('manager');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${email}`).waitFor();
    await page.getByRole('list', { name: 'Pending invitations' }).getByText(email).waitFor();

    // The colleague, in a browser of their own.
    const link = await linkSentTo(email);
    const colleague = await (await browser.newContext()).newPage();
    await colleague.goto(link);
    await colleague.getByRole('heading', { name: 'You are invited' }).waitFor();
    await colleague.getByText('Olivia Bennett invites you to Orbit as Manager.').waitFor();
    expect(await seriousAxeViolations(colleague)).toEqual([]);
    await shot(colleague, 'accept');
    await colleague.getByLabel('Full name').fill('Priya Colleague');
    await colleague.getByLabel('Phone', { exact: false }).fill(phone);
    await colleague.locator('input[autocomplete="new-password"]').fill('Colleague#2026');
    await colleague.getByRole('button', { name: 'Join the workspace' }).click();
    await colleague.waitForURL((url) => url.pathname !== '/invitation');
    const role = await colleague.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}').role as string);
    expect(role).toBe('manager');

    // The link works once.
    const again = await (await browser.newContext()).newPage();
    await again.goto(link);
    await again.getByRole('heading', { name: 'This link does not work' }).waitFor();

    // The administrator sees them in the list.
    await page.getByLabel('Search by name, email or phone').fill('Priya Colleague');
    await page.waitForURL(/q=Priya/);
    const row = page.getByRole('row').filter({ hasText: 'Priya Colleague' });
    await row.getByText('Manager').waitFor();
    await row.getByText('Active').waitFor();

    // Suspend them: their open page goes to the sign-in page at its next request.
    await row.getByRole('button', { name: 'Actions for Priya Colleague' }).click();
    await page.getByRole('menuitem', { name: 'Suspend' }).click();
    await page
      .getByRole('dialog', { name: 'Suspend Priya Colleague?' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await row.getByText('Suspended').waitFor();

    await colleague.goto('/user/view');
    await colleague.waitForURL('**/login**');
    await signInThroughForm(colleague, phone, 'Colleague#2026');
    await colleague.getByText('This account is suspended. Ask an administrator to reactivate it.').waitFor();
    await shot(colleague, 'suspended-sign-in');
  });
});

describe('the team page', () => {
  it.each(['light', 'dark'] as const)('axe finds nothing serious, %s', async (scheme) => {
    const page = await signedInAdmin({ colorScheme: scheme });
    await openTeam(page);
    await page.getByRole('list', { name: 'Pending invitations' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, `${scheme}-team`);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByRole('dialog', { name: 'Invite to the team' }).waitFor();
    await settled(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, `${scheme}-invite`);
  });

  it('reads right to left in Arabic and fits a phone', async () => {
    const page = await signedInAdmin({ viewport: { width: 390, height: 844 } });
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.goto('/apps/team');
    await page.getByRole('heading', { level: 1, name: 'الفريق' }).waitFor();
    await ready(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // The page itself does not scroll sideways: only the table does, inside its container.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'ar-phone');
  });
});
