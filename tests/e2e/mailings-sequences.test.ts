import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { seriousAxeViolations } from '../support/axe';
import { animationsSettled, useMailingsBrowser } from '../support/mailings-browser';

/**
 * The sequences page and the public unsubscribe page in a real browser (docs/mailings.md): the
 * administrator writes a sequence of one step that starts on a contact status, sees it listed
 * with its trigger and step count, opens it (its step's statistics, its people) and deletes it;
 * an unsubscribe link the server did not sign says it is not valid. Both pages: axe in light and
 * dark, French, and Arabic (right to left) on a phone.
 */

const { browser, shot, signedIn } = useMailingsBrowser('mailings-sequences');
const suffix = Date.now().toString(36);

const openList = async (page: Page) => {
  await page.goto('/apps/mailings/sequences');
  await page.getByTestId('sequences-page').waitFor();
  await page.getByTestId('sequence-row').or(page.getByTestId('sequences-empty')).first().waitFor();
};

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

/** Writes a one-step email sequence on a status in the editor; the page lands on the sequence. */
const writeSequence = async (page: Page, name: string): Promise<string> => {
  await openList(page);
  await page.getByTestId('sequences-new').click();
  await page.getByTestId('sequence-editor').waitFor();
  await page.getByTestId('sequence-name').fill(name);
  await page.getByTestId('sequence-status').selectOption('contact_received');
  await page.getByTestId('sequence-step-delay-0').fill('2');
  await page.getByTestId('sequence-step-subject-0').fill('Welcome aboard');
  const body = page.getByTestId('sequence-step-body-0');
  await body.click();
  await page.keyboard.type('Hello ');
  await page.getByRole('button', { name: 'Insert {{firstName}}' }).click();
  await page.keyboard.type(', glad to have you.');
  await expect.poll(() => body.textContent()).toContain('{{firstName}}');
  await page.getByTestId('sequence-save').click();
  await page.getByTestId('sequence-detail').waitFor();
  return (await page.getByTestId('sequence-detail').getAttribute('data-sequence-id')) ?? '';
};

describe('a sequence on a status', () => {
  it('is written in the editor, listed with its trigger and steps, opened with its statistics, and deleted', async () => {
    const page = await signedIn();
    const name = `Welcome ${suffix}`;

    // An empty form says what is missing, field by field, and saves nothing.
    await openList(page);
    await page.getByTestId('sequences-new').click();
    await page.getByTestId('sequence-save').click();
    await page.getByText('Enter a name of at most 120 characters.').waitFor();
    await page.getByText('Every email step needs a subject.').waitFor();
    await page.getByText('Write the message.').waitFor();
    expect(new URL(page.url()).search).toBe('?sequence=new');

    const id = await writeSequence(page, name);
    expect(id).not.toBe('');
    const detail = page.getByTestId('sequence-detail');
    await detail.getByText('Enters “Contact received”').waitFor();
    expect(await page.getByTestId('sequence-step-card').count()).toBe(1);
    expect(await page.getByTestId('sequence-step-sent').textContent()).toBe('0');
    await page.getByTestId('sequence-no-enrolments').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'detail');

    // Listed: its trigger, channel, one step, nobody enrolled yet, disabled.
    await openList(page);
    const row = page.locator(`[data-testid="sequence-row"][data-sequence-id="${id}"]`);
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells).toEqual([name, 'Enters “Contact received”', 'Email', '1', '0', '0', 'Disabled']);
    await shot(page, 'list');

    // Enabled from its page, then deleted after a confirmation: gone from the list.
    await row.getByRole('link', { name }).click();
    await page.getByTestId('sequence-toggle').click();
    await expect.poll(() => detail.getByTestId('sequence-state').getAttribute('data-active')).toBe('true');
    await page.getByTestId('sequence-delete').click();
    await page
      .getByRole('dialog')
      .getByText(`Everyone in “${name}” stops getting its messages.`, { exact: false })
      .waitFor();
    await animationsSettled(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByTestId('sequence-confirm-delete').click();
    await page.getByTestId('sequences-page').waitFor();
    await page.waitForURL((url) => url.search === '');
    await expect.poll(() => row.count()).toBe(0);
  });
});

describe('the sequences page', () => {
  it.each(['light', 'dark'] as const)('axe finds nothing serious on the list and the editor, %s', async (scheme) => {
    const page = await signedIn({ colorScheme: scheme });
    await openList(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, `${scheme}-list`);
    await page.getByTestId('sequences-new').click();
    await page.getByTestId('sequence-step-body-0').waitFor();
    await animationsSettled(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, `${scheme}-editor`);
  });

  it('reads in French', async () => {
    const page = await signedIn();
    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    await page.goto('/apps/mailings/sequences?sequence=new');
    await page.getByRole('heading', { level: 1, name: 'Séquences' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Nouvelle séquence' }).waitFor();
    await page.getByRole('button', { name: 'Ajouter une étape' }).waitFor();
  });

  it('reads right to left in Arabic and fits a phone', async () => {
    const page = await signedIn({ viewport: { width: 390, height: 844 } });
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await openList(page);
    await page.getByRole('heading', { level: 1, name: 'السلاسل' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'ar-phone-list');
    await page.goto('/apps/mailings/sequences?sequence=new');
    await page.getByTestId('sequence-step-body-0').waitFor();
    await animationsSettled(page);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'ar-phone-editor');
  });
});

describe('the unsubscribe page', () => {
  it.each(['light', 'dark'] as const)('says a link the server did not sign is not valid, %s', async (scheme) => {
    const page = await (await browser.newContext({ colorScheme: scheme })).newPage();
    await page.goto('/unsubscribe/not-a-real-token');
    await page.getByRole('heading', { level: 1, name: 'This link is not valid' }).waitFor();
    await page.getByTestId('unsubscribe-invalid').waitFor();
    expect(await page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, `${scheme}-unsubscribe-invalid`);
  });

  it('reads right to left in Arabic on a phone, signed in or not', async () => {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.goto('/unsubscribe/not-a-real-token');
    await page.getByRole('heading', { level: 1, name: 'هذا الرابط غير صالح' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'ar-phone-unsubscribe-invalid');

    const signed = await signedIn();
    await signed.goto('/unsubscribe/not-a-real-token');
    await signed.getByRole('heading', { level: 1, name: 'This link is not valid' }).waitFor();
  });
});
