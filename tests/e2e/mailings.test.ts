import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { seriousAxeViolations } from '../support/axe';
import { apiAs, e2eStack } from '../support/browser';
import { animationsSettled, useMailingsBrowser } from '../support/mailings-browser';
import { waitForEmails } from '../support/sent-messages';

/**
 * The mailings pages in a real browser (docs/mailings.md): the administrator writes a mailing to a
 * tag in the editor (the rich-text body with a variable), sends it, and watches it reach `sent`
 * with each recipient's status; a recipient opens the unsubscribe link in the local SES store's
 * copy of the mail and opts out; the next mailing to the same tag leaves that person out. Then
 * the pages in French and Arabic (right to left), on a phone, and axe in light and dark.
 */

const { browser, shot, signedIn } = useMailingsBrowser('mailings');
// Two of the seed's chat leads, with email addresses.
const daniel = { name: 'Daniel Brooks', email: 'daniel.brooks@brightloop.example' };
const hannah = { name: 'Hannah Weber', email: 'hannah@weber-backhaus.example' };
const tag = `e2e-${Date.now().toString(36)}`;

interface Contact {
  readonly id: string;
  readonly fullName: string;
  readonly tags: readonly string[];
}

/** A person's id, by name, through the API the contacts section reads. */
const personId = async (page: Page, fullName: string): Promise<string> => {
  const { contacts } = await apiAs<{ contacts: Contact[] }>(
    page,
    'GET',
    `/api/apps/mailings/contacts?q=${encodeURIComponent(fullName)}`,
  );
  const person = contacts.find((contact) => contact.fullName === fullName);
  if (!person) throw new Error(`${fullName} is not among the contacts`);
  return person.id;
};

/** Tags one person from Chat's contact panel (its tag editor: type, Enter, save). */
const tagInChat = async (page: Page, fullName: string) => {
  await page.goto('/apps/chat');
  await page
    .getByRole('button', { name: new RegExp(`^${fullName}`) })
    .first()
    .click();
  await page.getByRole('log', { name: `Messages with ${fullName}` }).waitFor();
  await page.getByRole('button', { name: 'Contact details' }).click();
  const panel = page.getByRole('dialog', { name: 'Contact details' });
  const input = panel.getByTestId('chat-contact-tags-input');
  await input.fill(tag);
  await input.press('Enter');
  await panel.getByTestId('chat-contact-tags-save').click();
  await panel.getByText('Tags saved.').waitFor();
  await panel.getByRole('button', { name: 'Close' }).click();
};

/** Tags one person in the mailings' contacts section (search, choose, add in bulk). */
const tagInContacts = async (page: Page, fullName: string) => {
  await page.goto('/apps/mailings?view=contacts');
  await page.getByTestId('mailing-contacts').waitFor();
  await page.getByTestId('contacts-search').fill(fullName);
  const rows = page.getByTestId('contact-row');
  await expect
    .poll(
      async () => (await rows.allInnerTexts()).every((text) => text.includes(fullName)) && (await rows.count()) > 0,
      { timeout: 10_000 },
    )
    .toBe(true);
  await page.getByRole('checkbox', { name: `Choose ${fullName}` }).check();
  await page.getByTestId('contacts-bulk-tags').fill(tag);
  await page.getByTestId('contacts-add-tags').click();
  await page.getByText('People whose tags changed: 1.').waitFor();
  await expect.poll(() => rows.filter({ hasText: fullName }).getByText(tag, { exact: true }).count()).toBe(1);
};

const openList = async (page: Page) => {
  await page.goto('/apps/mailings');
  await page.getByTestId('mailings-page').waitFor();
  await page.getByTestId('mailing-row').or(page.getByTestId('mailings-empty')).first().waitFor();
};

const scheduleZone = 'Europe/Paris';

/** A moment as `yyyy-mm-dd` and `hh:mm` on the clocks of `scheduleZone`. */
const parisWallClock = (moment: Date) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: scheduleZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
};

/**
 * Writes a mailing to the tag in the editor and schedules it (a day ahead, in another zone) or
 * sends it now; the page lands on the mailing.
 */
const writeAndSend = async (
  page: Page,
  name: string,
  subject: string,
  expected: readonly string[],
  when: 'now' | 'scheduled',
): Promise<string> => {
  await openList(page);
  await page.getByTestId('mailings-new').click();
  await page.getByTestId('mailing-editor').waitFor();
  await page.getByTestId('mailing-name').fill(name);
  await page.getByTestId('mailing-subject').fill(subject);
  const body = page.getByTestId('mailing-editor-body');
  await body.click();
  await page.keyboard.type('Hello ');
  await page.getByRole('button', { name: 'Insert {{firstName | "there"}}' }).click();
  await page.keyboard.type(', our spring news is here.');
  await expect.poll(() => body.textContent()).toContain('{{firstName | "there"}}');
  await chooseTag(page, expected);
  await page.getByTestId('mailing-save').click();
  await page.getByText('Draft saved.').waitFor();
  await page.waitForURL(/\/apps\/mailings\/[^/]+\/edit$/);
  if (when === 'now') {
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('mailing-send-now').click();
  } else {
    // A day ahead, as a Paris wall clock: the zone is turned into the instant. That a mailing
    // starts at its time on its own is the delivery's rule, shown with a test clock
    // (tests/service/mailings-delivery.test.ts); here it is unscheduled and sent now instead.
    const { date, time } = parisWallClock(new Date(Date.now() + 24 * 3600_000));
    await page.getByTestId('mailing-time-zone').selectOption(scheduleZone);
    await page.getByTestId('mailing-date').fill(date);
    await page.getByTestId('mailing-time').fill(time);
    await page.getByTestId('mailing-schedule').click();
  }
  await page.waitForURL(/\/apps\/mailings\/[^/]+$/);
  await page.getByTestId('mailing-detail').waitFor();
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
};

/**
 * The audience: people with the test's tag (the audience builder's tag field), and the builder's
 * live count and sample say who that is.
 */
const chooseTag = async (page: Page, expected: readonly string[]) => {
  const field = page.getByTestId('audience-tags');
  await field.fill(tag);
  await field.press('Enter');
  const count = page.getByTestId('audience-count');
  await expect.poll(() => count.getAttribute('data-count'), { timeout: 10_000 }).toBe(String(expected.length));
  const sample = await page.getByTestId('audience-sample').innerText();
  for (const name of expected) expect(sample).toContain(name);
};

const stateOf = (page: Page) =>
  page.getByTestId('mailing-detail').getByTestId('mailing-state').getAttribute('data-state');

describe('a mailing to a tag', () => {
  it('sends with per-recipient statuses; a recipient unsubscribes through the link; the next mailing skips them', async () => {
    const page = await signedIn();
    await tagInChat(page, daniel.name);
    await tagInContacts(page, hannah.name);
    const danielId = await personId(page, daniel.name);

    const subject = `Spring news ${tag}`;
    const firstId = await writeAndSend(page, `Spring ${tag}`, subject, [daniel.name, hannah.name], 'scheduled');
    await expect.poll(() => stateOf(page)).toBe('scheduled');
    // The time as it was meant: in the zone it was chosen in.
    const info = page.getByTestId('mailing-schedule-info');
    await info.waitFor();
    await expect.poll(() => info.innerText()).toContain(scheduleZone);
    // Unscheduled, it is a draft again, and the editor sends it now; the page follows it to sent.
    await page.getByTestId('mailing-action-unschedule').click();
    await page.getByTestId('mailing-confirm-yes').click();
    await expect.poll(() => stateOf(page)).toBe('draft');
    await page.goto(`/apps/mailings/${firstId}/edit`);
    await page.getByTestId('mailing-editor').waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('mailing-send-now').click();
    await page.waitForURL(new RegExp(`/apps/mailings/${firstId}$`));
    await expect.poll(() => stateOf(page), { timeout: 60_000, interval: 500 }).toBe('sent');
    const rows = page.getByTestId('recipient-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(2);
    for (const person of [daniel, hannah]) {
      const status = await rows
        .filter({ hasText: person.name })
        .getByTestId('recipient-status')
        .getAttribute('data-status');
      expect(['sent', 'delivered']).toContain(status);
    }
    // The totals add up: every recipient in exactly one status.
    expect(await page.getByTestId('mailing-total-recipients').getAttribute('data-count')).toBe('2');
    await page.getByTestId('mailing-chart').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'sent');

    // The recipient's copy, in the local SES store: the variable filled, and the unsubscribe link.
    const mails = await waitForEmails(e2eStack().mailStoreUrl, daniel.email, 1);
    const mail = mails.find((received) => received.subject === subject);
    expect(mail).toBeDefined();
    const html = mail?.body.html ?? '';
    expect(html).toContain('Hello Daniel');
    const link = /href="([^"]*\/unsubscribe\/[^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';
    expect(link).not.toBe('');
    // A token the SPA rewrite serves the page for: no `.` in the last path segment.
    expect(new URL(link).pathname).toMatch(/^\/unsubscribe\/[^/.]+$/);

    // The recipient, signed out, opens the link and opts out.
    const recipient = await (await browser.newContext()).newPage();
    await recipient.goto(new URL(link).pathname);
    const card = recipient.getByTestId('unsubscribe-page');
    // The page first asks the server what the link is (a valid link offers the button).
    await recipient
      .getByTestId('unsubscribe-confirm')
      .or(recipient.getByTestId('unsubscribe-invalid'))
      .or(recipient.getByTestId('unsubscribe-done'))
      .waitFor();
    expect(await card.innerText()).toContain('d**');
    await recipient.getByTestId('unsubscribe-confirm').click();
    await recipient.getByTestId('unsubscribe-done').waitFor();
    expect(await recipient.getByRole('heading', { level: 1 }).innerText()).toBe('You are unsubscribed');
    await shot(recipient, 'unsubscribed');

    // The next mailing to the same tag leaves them out.
    // The builder already counts them out: one recipient left.
    const secondId = await writeAndSend(page, `Summer ${tag}`, `Summer news ${tag}`, [hannah.name], 'now');
    expect(secondId).not.toBe(firstId);
    await expect.poll(() => stateOf(page), { timeout: 60_000, interval: 500 }).toBe('sent');
    await expect.poll(() => rows.filter({ hasText: hannah.name }).count(), { timeout: 20_000 }).toBe(1);
    const danielRow = page.locator(`[data-testid="recipient-row"][data-person-id="${danielId}"]`);
    if ((await danielRow.count()) > 0) {
      expect(await danielRow.getByTestId('recipient-status').getAttribute('data-status')).toBe('opted_out');
    }
    const { recipients } = await apiAs<{ recipients: { personId: string; status: string }[] }>(
      page,
      'GET',
      `/api/apps/mailings/${secondId}/recipients`,
    );
    expect(recipients.filter((one) => one.personId === danielId && one.status !== 'opted_out')).toEqual([]);
    await shot(page, 'second-sent');

    // The list shows both with their state and totals.
    await openList(page);
    await page.getByTestId('mailings-filter-sent').click();
    for (const id of [firstId, secondId]) {
      await page.locator(`[data-testid="mailing-row"][data-mailing-id="${id}"]`).getByTestId('mailing-state').waitFor();
    }
  }, 360_000);
});

describe('the mailings pages', () => {
  it.each(['light', 'dark'] as const)(
    'axe finds nothing serious on the list, editor, detail and contacts, %s',
    async (scheme) => {
      const page = await signedIn({ colorScheme: scheme });
      await openList(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, `${scheme}-list`);
      await page.getByTestId('mailings-new').click();
      await page.getByTestId('mailing-editor-body').waitFor();
      await animationsSettled(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, `${scheme}-editor`);
      // A draft's detail page, and the contacts section.
      const { mailing } = await apiAs<{ mailing: { id: string } }>(page, 'POST', '/api/apps/mailings', {
        name: `Axe ${scheme} ${tag}`,
      });
      await page.goto(`/apps/mailings/${mailing.id}`);
      await page.getByTestId('mailing-detail').waitFor();
      await animationsSettled(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, `${scheme}-detail`);
      await page.goto('/apps/mailings?view=contacts');
      await page.getByTestId('contact-row').first().waitFor();
      await animationsSettled(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, `${scheme}-contacts`);
    },
  );

  it('leads from a recipient who replied to their conversation in Chat', async () => {
    const page = await signedIn();
    // The seed's sent newsletter, to which Liam Carter replied (seed/src/mailings.ts).
    const { mailings } = await apiAs<{ mailings: { id: string; name: string }[] }>(
      page,
      'GET',
      '/api/apps/mailings?state=sent&limit=50',
    );
    const newsletter = mailings.find((mailing) => mailing.name === 'November newsletter');
    if (!newsletter) throw new Error('the seed sends a November newsletter');
    const liamId = await personId(page, 'Liam Carter');
    await page.goto(`/apps/mailings/${newsletter.id}`);
    const row = page.locator(`[data-testid="recipient-row"][data-person-id="${liamId}"]`);
    await row.getByTestId('recipient-reply').click();
    await page.waitForURL((url) => url.pathname === '/apps/chat' && url.searchParams.get('contact') === liamId);
    await page.getByRole('log', { name: 'Messages with Liam Carter' }).waitFor();
  });

  it('names the Telegram bot a Telegram mailing goes through, or says that none is connected', async () => {
    const page = await signedIn();
    // The stack is shared by the e2e files: the channels test may have connected a bot before.
    const { telegram } = await apiAs<{ telegram: { id: string; name: string }[] }>(
      page,
      'GET',
      '/api/apps/mailings/channels',
    );
    await page.goto('/apps/mailings/new');
    await page.getByTestId('mailing-editor-body').waitFor();
    await page.getByTestId('mailing-channel').selectOption('telegram');
    const [first] = telegram;
    if (first) {
      // The first bot is chosen for you, by name.
      const picker = page.getByTestId('mailing-telegram-channel');
      await page.waitForFunction(
        (id) =>
          (document.querySelector('[data-testid="mailing-telegram-channel"]') as HTMLSelectElement | null)?.value ===
          id,
        first.id,
      );
      expect(await picker.locator('option:checked').textContent()).toContain(first.name);
    } else {
      await page.getByText('No Telegram bot is connected yet. An administrator connects one in Channels.').waitFor();
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('reads in French', async () => {
    const page = await signedIn();
    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    await page.goto('/apps/mailings/new');
    await page.getByRole('heading', { level: 1, name: 'Nouvel envoi' }).waitFor();
    await page.getByRole('button', { name: 'Enregistrer le brouillon' }).waitFor();
  });

  it('reads right to left in Arabic and fits a phone', async () => {
    const page = await signedIn({ viewport: { width: 390, height: 844 } });
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await openList(page);
    await page.getByRole('heading', { level: 1, name: 'الرسائل الجماعية' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // The page does not scroll sideways: only the table does, inside its container.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'ar-phone-list');
    await page.goto('/apps/mailings/new');
    await page.getByTestId('mailing-editor-body').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'ar-phone-editor');
  });
});
