import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { seriousAxeViolations } from '../support/axe';
import { apiAs, useBrowser, type SignedInOptions } from '../support/browser';
import { screenshotTaker } from '../support/screenshots';

/**
 * The mailbox in a real browser (docs/email.md): the administrator writes to a colleague with
 * an attachment; the colleague, already on their inbox in a browser of their own, sees it arrive
 * live, opens it and replies; the administrator's thread then shows both mails. The folder and
 * label routes (an unknown one is the not-found page), French and Arabic (right to left), a
 * phone (the side panel is a drawer, compose full screen), and axe in light and dark.
 */

const browser = useBrowser();
const artifacts = join(import.meta.dirname, 'artifacts', 'email');
const shot = screenshotTaker(artifacts);
const olivia = { phone: '+15550100001', password: 'Admin#2026', email: 'olivia@orbit.example' };
const grace = { phone: '+15550100009', password: 'Staff#2026', email: 'grace@orbit.example' };

beforeAll(() => {
  mkdirSync(artifacts, { recursive: true });
});

/** No transition running (a dialog fading in is measured at its final colours). */
const settled = (target: Page) =>
  target.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );

/**
 * A page signed in as `who` through the API (the form is sign-in.test.ts's), still blank: every
 * test opens the mailbox next, so the landing page the form would show is not loaded.
 */
const signedIn = (who: { phone: string; password: string }, options: SignedInOptions = {}) =>
  browser.signedIn(who, options);

const openMailbox = async (page: Page, path = '/apps/email') => {
  await page.goto(path);
  await page.getByTestId('email-app').waitFor();
  await page.getByTestId('email-list').waitFor();
  await page.waitForFunction(() => document.querySelector('.MuiSkeleton-root') === null);
};

const row = (page: Page, subject: string) => page.getByTestId('email-row').filter({ hasText: subject });

describe('writing to a colleague', () => {
  it('sends a mail with an attachment; the colleague sees it arrive live, opens it and replies; the thread shows both', async () => {
    const subject = `Quarterly plan ${Date.now().toString(36)}`;
    const colleague = await signedIn(grace);
    await openMailbox(colleague);

    const page = await signedIn(olivia);
    await openMailbox(page);
    await page.getByTestId('email-compose').click();
    const dialog = page.getByTestId('email-compose-dialog');
    await dialog.getByRole('heading', { name: 'New message' }).waitFor();
    // A suggestion from the workspace (GET /recipients?q=) becomes a chip.
    await dialog.getByTestId('email-to').fill('grace');
    await page.getByRole('option', { name: /Grace Okafor/ }).click();
    await dialog.getByRole('button', { name: grace.email }).waitFor();
    await dialog.getByTestId('email-subject-input').fill(subject);
    await dialog.getByTestId('email-editor').click();
    await page.keyboard.type('Here is the plan for next quarter.');
    await dialog.getByTestId('email-file-input').setInputFiles({
      name: 'plan.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Goals: ship email.\n'),
    });
    await dialog.getByTestId('email-compose-attachment').filter({ hasText: 'plan.txt' }).waitFor();
    // A file of a type mail does not take is refused before it travels.
    await dialog.getByTestId('email-file-input').setInputFiles({
      name: 'tool.exe',
      mimeType: 'application/x-msdownload',
      buffer: Buffer.from('MZ'),
    });
    await dialog.getByText('tool.exe is not a type of file that can be attached.').waitFor();
    await dialog.getByText('Draft saved').waitFor();
    await shot(page, 'compose');
    await dialog.getByTestId('email-send').click();
    await page.getByText('Your mail was sent.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The colleague's open inbox shows it without a reload, unread, with its attachment.
    const arrived = row(colleague, subject);
    await arrived.waitFor({ timeout: 20_000 });
    expect(await arrived.getAttribute('data-unread')).toBe('true');
    await colleague.getByText('New mail from Olivia Bennett').waitFor();
    await expect
      .poll(async () => Number((await colleague.getByTestId('email-count-inbox').textContent()) ?? 0))
      .toBeGreaterThan(0);
    await arrived.getByRole('button').last().click();
    await colleague.getByTestId('email-subject').filter({ hasText: subject }).waitFor();
    await colleague.getByTestId('email-attachment').filter({ hasText: 'plan.txt' }).waitFor();
    const body = colleague.frameLocator('[data-testid="email-body"]');
    await body.getByText('Here is the plan for next quarter.').waitFor();
    expect(await seriousAxeViolations(colleague)).toEqual([]);
    await shot(colleague, 'opened');

    // Opening marked it read: back on the list it is no longer bold.
    await colleague.getByTestId('email-back').click();
    await expect.poll(() => row(colleague, subject).getAttribute('data-unread')).toBeNull();
    await row(colleague, subject).getByRole('button').last().click();

    // The reply: the server fills the recipient and the subject.
    await colleague.getByTestId('email-reply').click();
    const reply = colleague.getByTestId('email-compose-dialog');
    await reply.getByRole('button', { name: olivia.email }).waitFor();
    // The answer goes above the quote.
    await reply.getByTestId('email-editor').focus();
    await colleague.keyboard.press('Control+Home');
    await colleague.keyboard.type('Looks good to me.');
    await reply.getByTestId('email-send').click();
    await colleague.getByText('Your mail was sent.').waitFor();

    // The administrator's inbox gets the reply live; its thread shows the first mail too.
    const answer = row(page, subject).filter({ hasText: 'Looks good to me.' });
    await answer.waitFor({ timeout: 20_000 });
    await answer.getByRole('button').last().click();
    const replyBody = page.locator('[data-testid="email-mail"]').last().frameLocator('[data-testid="email-body"]');
    await replyBody.getByText('Looks good to me.', { exact: true }).waitFor();
    const earlier = page.getByTestId('email-thread-entry');
    await earlier
      .filter({ hasText: 'Grace' })
      .or(earlier.filter({ hasText: 'Olivia' }))
      .first()
      .waitFor();
    await earlier.first().getByRole('button').first().click();
    await page
      .frameLocator('[data-testid="email-thread-entry"] [data-testid="email-body"]')
      .getByText('Here is the plan for next quarter.')
      .waitFor();
    await shot(page, 'thread');

    // The sent copy names each recipient's delivery.
    await openMailbox(page, '/apps/email/sent');
    await row(page, subject).first().getByRole('button').last().click();
    await page
      .getByTestId('email-recipient-status')
      .filter({ hasText: grace.email })
      .filter({ hasText: 'Delivered' })
      .waitFor();
  });
});

describe('a draft changed in another tab', () => {
  it('says so at the next save and loads their version, never saving over it', async () => {
    const page = await signedIn(olivia);
    await openMailbox(page, '/apps/email/draft');
    const { mails } = await apiAs<{ mails: { id: string; subject: string }[] }>(
      page,
      'GET',
      '/api/apps/email/mails?filter=draft',
    );
    const draftId = mails[0]?.id ?? '';
    expect(draftId).not.toBe('');
    await page.locator(`[data-mail-id="${draftId}"]`).getByRole('button').last().click();
    const dialog = page.getByTestId('email-compose-dialog');
    await dialog.getByTestId('email-subject-input').waitFor();

    // "The other tab" saves first, from the same version.
    const { mail } = await apiAs<{
      mail: {
        version: number;
        to: { address: string }[];
        cc: { address: string }[];
        bcc: { address: string }[];
        html: string;
      };
    }>(page, 'GET', `/api/apps/email/mails/${draftId}`);
    const theirs = `Changed elsewhere ${Date.now().toString(36)}`;
    await apiAs(page, 'PUT', `/api/apps/email/drafts/${draftId}`, {
      to: mail.to.map(({ address }) => ({ address })),
      cc: mail.cc.map(({ address }) => ({ address })),
      bcc: mail.bcc.map(({ address }) => ({ address })),
      subject: theirs,
      html: mail.html,
      version: mail.version,
    });

    await dialog.getByTestId('email-subject-input').fill('Mine, typed here');
    await dialog.getByTestId('email-draft-conflict').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Load their version' }).click();
    await expect.poll(() => dialog.getByTestId('email-subject-input').inputValue()).toBe(theirs);
    await dialog.getByTestId('email-draft-conflict').waitFor({ state: 'detached' });
    const { mail: stored } = await apiAs<{ mail: { subject: string } }>(
      page,
      'GET',
      `/api/apps/email/mails/${draftId}`,
    );
    expect(stored.subject).toBe(theirs);

    // Discarded from the dialog, it leaves the drafts.
    await dialog.getByRole('button', { name: 'Discard the draft' }).click();
    await page.getByText('Draft discarded.').waitFor();
    await page.locator(`[data-mail-id="${draftId}"]`).waitFor({ state: 'detached' });
  });
});

describe('the mailbox routes', () => {
  it('shows every folder and label, and the not-found page for anything else', async () => {
    const page = await signedIn(olivia);
    for (const path of [
      'inbox',
      'sent',
      'draft',
      'starred',
      'spam',
      'trash',
      'personal',
      'company',
      'important',
      'private',
    ]) {
      await openMailbox(page, `/apps/email/${path}`);
      expect(await page.getByTestId(`email-nav-${path}`).getAttribute('aria-current')).toBe('page');
    }
    await page.goto('/apps/email/archive');
    await page.getByText('Page Not Found').first().waitFor();
    expect(await page.getByTestId('email-app').count()).toBe(0);
  });

  it('opens the shortcuts with ? and moves between mails with j and k', async () => {
    const page = await signedIn(olivia);
    await openMailbox(page, '/apps/email/inbox');
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'detached' });
    await page.keyboard.press('j');
    await page.getByTestId('email-view').waitFor();
    const first = new URL(page.url()).searchParams.get('mail');
    await page.locator(`[data-testid="email-mail"][data-mail-id="${first}"]`).waitFor();
    await page.keyboard.press('j');
    await expect.poll(() => new URL(page.url()).searchParams.get('mail')).not.toBe(first);
    // The next key acts on the mail shown: wait until it is.
    const second = new URL(page.url()).searchParams.get('mail');
    await page.locator(`[data-testid="email-mail"][data-mail-id="${second}"]`).waitFor();
    await page.keyboard.press('k');
    await expect.poll(() => new URL(page.url()).searchParams.get('mail')).toBe(first);
  });
});

describe('the mailbox in other languages, on a phone, light and dark', () => {
  it.each(['light', 'dark'] as const)('axe finds nothing serious, %s', async (scheme) => {
    const page = await signedIn(olivia, { colorScheme: scheme });
    await openMailbox(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, `${scheme}-inbox`);
    await page.getByTestId('email-row').first().getByRole('button').last().click();
    await page.getByTestId('email-view').waitFor();
    await page.waitForFunction(() => document.querySelector('.MuiSkeleton-root') === null);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByTestId('email-compose').click();
    await page.getByTestId('email-editor').waitFor();
    await settled(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, `${scheme}-compose`);
  });

  it('reads in French', async () => {
    const page = await signedIn(olivia, { language: 'fr' });
    await openMailbox(page, '/apps/email/inbox');
    await page.getByRole('link', { name: /Boîte de réception/ }).waitFor();
    await page.getByRole('button', { name: 'Nouveau message' }).waitFor();
    await page.getByLabel('Rechercher dans le courrier').waitFor();
    await shot(page, 'fr');
  });

  it('reads right to left in Arabic on a phone: the panel is a drawer, compose fills the screen', async () => {
    const page = await signedIn(olivia, { viewport: { width: 390, height: 844 }, language: 'ar' });
    await openMailbox(page, '/apps/email/inbox');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'ar-phone');
    await page.getByTestId('email-open-panel').click();
    await page.getByRole('link', { name: /البريد الوارد/ }).waitFor();
    await settled(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'ar-phone-panel');
    await page.getByTestId('email-compose').click();
    const dialog = page.getByTestId('email-compose-dialog');
    await dialog.getByRole('heading', { name: 'رسالة جديدة' }).waitFor();
    const box = await dialog.getByRole('dialog').boundingBox();
    expect(box?.width).toBe(390);
    await settled(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'ar-phone-compose');
  });
});
