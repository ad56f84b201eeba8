import { mkdirSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';

import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { e2eStack, useBrowser } from '../support/browser';
import { FakeTelegram } from '../support/fake-telegram';
import { seriousAxeViolations } from '../support/axe';
import { screenshotTaker } from '../support/screenshots';

/**
 * The Channels page in a real browser on the product as `npm start` serves it: connecting a
 * Telegram bot against a loopback fake of the Bot API, a lead writing in and the admin answering
 * from Chat, the lead pipeline board, and the page's accessibility in light and dark, right to
 * left, and at phone width.
 */

/** Screenshots of each state checked (git-ignored), for a look by eye, when asked for (screenshots.ts). */
const artifacts = join(import.meta.dirname, 'artifacts', 'channels');
const shot = screenshotTaker(artifacts);

const admin = { phone: '+15550100001', password: 'Admin#2026' };

/**
 * The stack's Telegram base URL is fixed before it starts (global-setup.ts: a port), the fake's
 * port is its own: a loopback forwarder on the first passes each connection to the second.
 */
const forward = async (port: number, to: string): Promise<Server> => {
  const target = new URL(to);
  const server = createServer((socket) => {
    const upstream = connect(Number(target.port), target.hostname);
    socket.pipe(upstream).pipe(socket);
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
};

const browser = useBrowser();
let page: Page;
/** The Telegram Bot API the stack calls (global-setup.ts points TELEGRAM_API_BASE_URL at this port). */
let telegram: FakeTelegram;
let forwarder: Server;

const signedIn = async (options: Parameters<typeof browser.newContext>[0] = {}) => {
  // Signed in through the API (the form is sign-in.test.ts's), where the form lands.
  return browser.signedIn(admin, { ...options, at: '/apps/projects' });
};

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  telegram = await FakeTelegram.start();
  forwarder = await forward(e2eStack().telegramApiPort, telegram.url);
  page = await signedIn();
});

afterAll(async () => {
  forwarder.close();
  await telegram.stop();
});

/** Loaded: no request for half a second, nothing busy, no finite animation running. */
const ready = async (target: Page): Promise<void> => {
  await target.waitForLoadState('networkidle');
  await target.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  await target.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
};

/** Waits for the board's screen-reader announcement (dnd-kit's live region) to say this. */
const announced = (target: Page, text: string | RegExp) =>
  target.locator('[aria-live="assertive"]').filter({ hasText: text }).waitFor({ state: 'attached' });

const column = (target: Page, stage: string): Locator =>
  target.locator(`[data-testid="lead-column"][data-stage="${stage}"]`);
const countOf = async (target: Page, stage: string): Promise<number> =>
  Number(await column(target, stage).getByTestId('lead-count').textContent());

describe('a Telegram bot', () => {
  const botUsername = 'orbit_e2e_bot';
  let token = '';
  const lead = { id: 700_000 + (Date.now() % 100_000), firstName: 'Ana', lastName: 'Souza' };
  let channelRow: Locator;

  it('connects against the fake Bot API: checked with getMe, the webhook set, the secret never shown', async () => {
    token = telegram.addBot(botUsername);
    await page.goto('/apps/channels');
    await ready(page);
    await page
      .getByRole('button', { name: /^Connect/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^Telegram bot/ }).click();
    await dialog.getByLabel(/^Name/).fill('Orbit support bot');
    await dialog.getByLabel(/^Bot token/).fill(token);
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    channelRow = page.getByTestId('channel-row').filter({ hasText: 'Orbit support bot' });
    await channelRow.waitFor();
    expect(await channelRow.getByText(`@${botUsername}`).isVisible()).toBe(true);
    expect(await channelRow.locator('[data-status]').first().getAttribute('data-status')).toBe('active');
    expect(await channelRow.getByTestId('secret-hint').textContent()).toBe(`Secret •••• ${token.slice(-4)}`);
    expect(await page.content()).not.toContain(token);

    expect(telegram.callsOf('getMe', token)).toHaveLength(1);
    const hook = telegram.webhookOf(token);
    expect(hook?.url).toMatch(/\/api\/hooks\/telegram\/\w+$/);
    expect(hook?.secretToken).not.toBe('');
  });

  it('sends a test message, shown pending, then sent', async () => {
    await channelRow.getByRole('button', { name: 'Actions for Orbit support bot' }).click();
    await page.getByRole('menuitem', { name: 'Send a test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a test message' });
    await dialog.getByLabel('Send to').fill(String(lead.id));
    await dialog.getByRole('button', { name: 'Send test' }).click();
    await dialog.waitFor({ state: 'detached' });
    const state = channelRow.getByTestId('channel-test');
    await expect.poll(() => state.getAttribute('data-test-status'), { timeout: 20_000 }).toBe('sent');
    expect(telegram.callsOf('sendMessage', token).some((call) => String(call.body.chat_id) === String(lead.id))).toBe(
      true,
    );
  });

  it('lands a lead’s message live in the admin’s chat, and the reply reaches the Bot API', async () => {
    await page.goto('/apps/chat');
    await page.getByRole('searchbox', { name: 'Search contacts' }).waitFor();
    const text = `Hello from Telegram ${Date.now().toString(36)}`;
    const posted = await telegram.postUpdate(
      token,
      telegram.textUpdate({ id: lead.id, first_name: lead.firstName, last_name: lead.lastName }, text),
    );
    expect(posted.status).toBe(200);
    // Live: no reload, the new lead and their message appear in the contact list.
    const contact = page.getByRole('button', { name: /^Ana Souza/ }).first();
    await expect.poll(() => contact.textContent(), { timeout: 15_000 }).toContain(text);
    await contact.click();
    const log = page.getByRole('log', { name: 'Messages with Ana Souza' });
    await log.locator('p', { hasText: text }).waitFor();

    const reply = `Thanks Ana, we will call you ${Date.now().toString(36)}`;
    const composer = page.getByRole('textbox', { name: 'Message to Ana Souza' });
    await composer.fill(reply);
    await composer.press('Enter');
    await telegram.waitForCall(
      (call) =>
        call.method === 'sendMessage' &&
        call.token === token &&
        String(call.body.chat_id) === String(lead.id) &&
        call.body.text === reply,
      30_000,
    );
  });

  it('shows the new lead on the board, with the channel it came from', async () => {
    await page.goto('/apps/channels?tab=leads');
    const card = column(page, 'contact_received').getByTestId('lead-card').filter({ hasText: 'Ana Souza' });
    await card.waitFor();
    expect(await card.getByText('Via \u2068Orbit support bot\u2069').isVisible()).toBe(true);
    // Closed, so the other browser tests find the seeded leads as they were.
    const closed = await countOf(page, 'closed');
    await card.getByRole('button', { name: /^Move .* to…$/ }).click();
    await page.getByRole('menuitem', { name: 'Move to “Closed”' }).click();
    await expect.poll(() => countOf(page, 'closed')).toBe(closed + 1);
    await column(page, 'closed').getByTestId('lead-card').filter({ hasText: 'Ana Souza' }).waitFor();
  });
});

describe('the lead pipeline', () => {
  it('moves a lead by dragging, by keyboard and by menu; counts follow and survive a reload', async () => {
    await page.goto('/apps/channels?tab=leads');
    const board = page.getByRole('region', { name: 'Lead pipeline' });
    await board.waitFor();
    await ready(page);
    const card = column(page, 'contact_received').getByTestId('lead-card').first();
    const leadId = await card.getAttribute('data-lead-id');
    const before = {
      received: await countOf(page, 'contact_received'),
      interest: await countOf(page, 'interest_shown'),
    };
    expect(before.received).toBeGreaterThan(0);

    // With the mouse: the handle, to the next column.
    const handle = card.getByTestId('lead-drag-handle');
    const from = await handle.boundingBox();
    const to = await column(page, 'interest_shown').boundingBox();
    if (!from || !to) throw new Error('the board is not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 12 });
    await announced(page, /is over “Interest shown”/);
    await page.mouse.up();
    const moved = page.locator(`[data-testid="lead-card"][data-lead-id="${leadId}"]`);
    await expect
      .poll(() => moved.evaluate((element) => element.closest('[data-stage]')?.getAttribute('data-stage')))
      .toBe('interest_shown');
    await expect.poll(() => countOf(page, 'contact_received')).toBe(before.received - 1);
    await expect.poll(() => countOf(page, 'interest_shown')).toBe(before.interest + 1);
    await page.getByText(/moved to “Interest shown”/).waitFor();

    // With the keyboard: Space lifts, an arrow goes one column on, Space drops.
    await moved.getByTestId('lead-drag-handle').focus();
    await page.keyboard.press('Space');
    await announced(page, /is over “Interest shown”/);
    await page.keyboard.press('ArrowRight');
    await announced(page, /is over “Success”/);
    await page.keyboard.press('Space');
    await announced(page, /dropped in “Success”/);
    await expect
      .poll(() => moved.evaluate((element) => element.closest('[data-stage]')?.getAttribute('data-stage')))
      .toBe('success');
    await expect.poll(() => countOf(page, 'interest_shown')).toBe(before.interest);

    // With the menu, back to where it was; the server has it after a reload.
    await moved.getByRole('button', { name: /^Move .* to…$/ }).click();
    await page.getByRole('menuitem', { name: 'Move to “Contact received”' }).click();
    await expect.poll(() => countOf(page, 'contact_received')).toBe(before.received);
    await page.reload();
    await board.waitFor();
    await expect.poll(() => countOf(page, 'contact_received')).toBe(before.received);
    await expect.poll(() => countOf(page, 'interest_shown')).toBe(before.interest);

    // A card opens the lead's chat.
    await column(page, 'contact_received').getByTestId('lead-card').first().getByRole('link').click();
    await page.waitForURL(/\/apps\/chat\?contact=/);
  });
});

describe('accessibility and layout', () => {
  const pages = ['/apps/channels', '/apps/channels?tab=leads'];

  it.each(['light', 'dark'] as const)('axe finds nothing serious on the page and its board, %s', async (scheme) => {
    const themed = await signedIn({ colorScheme: scheme });
    const problems: string[] = [];
    for (const path of pages) {
      await themed.goto(path);
      await themed.locator('h1').waitFor();
      await ready(themed);
      problems.push(...(await seriousAxeViolations(themed)).map((problem) => `${path}: ${problem}`));
      await shot(themed, `${scheme}${path.replace(/\W+/g, '-')}`);
    }
    // The connect dialog, at its type step and a type's form.
    await themed.goto('/apps/channels');
    await ready(themed);
    await themed
      .getByRole('button', { name: /Connect/ })
      .first()
      .click();
    await themed
      .getByRole('dialog')
      .getByRole('button', { name: /^Telegram bot/ })
      .click();
    await themed
      .getByRole('dialog')
      .getByLabel(/^Bot token/)
      .waitFor();
    await ready(themed);
    problems.push(...(await seriousAxeViolations(themed)).map((problem) => `connect dialog: ${problem}`));
    await shot(themed, `${scheme}-connect-dialog`);
    expect(problems).toEqual([]);
  });

  it('reads right to left in Arabic', async () => {
    const arabic = await signedIn({ colorScheme: 'light' });
    // The stored language (docs/product.md#stored-values) is what the app starts in.
    await arabic.evaluate(() => localStorage.setItem('language', 'ar'));
    await arabic.goto('/apps/channels?tab=leads');
    await arabic.getByRole('heading', { level: 1, name: 'القنوات' }).waitFor();
    await arabic.getByRole('region', { name: 'مسار العملاء المحتملين' }).waitFor();
    await ready(arabic);
    expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // The first stage is on the right.
    const first = await column(arabic, 'contact_received').boundingBox();
    const second = await column(arabic, 'interest_shown').boundingBox();
    expect(first && second && first.x > second.x).toBe(true);
    expect(await seriousAxeViolations(arabic)).toEqual([]);
    await shot(arabic, 'ar-leads');
    await arabic.goto('/apps/channels');
    await arabic.getByRole('tab', { name: 'القنوات' }).waitFor();
    await ready(arabic);
    expect(await seriousAxeViolations(arabic)).toEqual([]);
    await shot(arabic, 'ar-channels');
  });

  it('fits a phone: channels as cards, nothing wider than the window', async () => {
    const phone = await signedIn({ viewport: { width: 390, height: 844 } });
    for (const path of pages) {
      await phone.goto(path);
      await phone.locator('h1').waitFor();
      await ready(phone);
      const { scrollWidth, width } = await phone.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        width: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, path).toBeLessThanOrEqual(width);
      await shot(phone, `phone${path.replace(/\W+/g, '-')}`);
    }
    await phone.goto('/apps/channels');
    await ready(phone);
    expect(await phone.getByRole('table').count()).toBe(0);
  });
});
