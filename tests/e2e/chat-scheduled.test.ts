import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ScheduledListResponse, ScheduledResponse } from '@orbit/functions/chat/scheduled-contract';

import type { ConnectChannelResponse } from '@orbit/functions/channels/contract';

import { apiAs, baseUrl, useBrowser } from '../support/browser';
import { WebhookReceiver } from '../support/webhook-receiver';
import { seriousAxeViolations } from '../support/axe';

/**
 * Send later in the browser, on the product as `npm start` serves it: the admin (desktop, dark)
 * schedules a message to Liam a few seconds ahead, sees it listed, and sees it arrive live in
 * both chats (Liam on a phone); another is cancelled before its time. axe finds nothing serious
 * or critical with the dialog and the list open, dark and light, left-to-right and right-to-left.
 */

const browser = useBrowser();
let admin: Page;
let liam: Page;
let liamId = '';

const adminAccount = { phone: '+15550100001', password: 'Admin#2026' };

const signedIn = async (
  who: { phone: string; password: string },
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark'; language?: string } = {},
) => {
  // Signed in through the API (the form is sign-in.test.ts's), landing where the form would.
  return browser.signedIn(who, {
    ...(options.viewport ? { viewport: options.viewport } : {}),
    colorScheme: options.colorScheme ?? 'light',
    ...(options.language ? { language: options.language } : {}),
    at: '/apps/projects',
  });
};

const contactButton = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) }).first();
const log = (page: Page, name: string) => page.getByRole('log', { name: `Messages with ${name}` });
const composer = (page: Page, name: string) => page.getByRole('textbox', { name: `Message to ${name}` });
const bubble = (page: Page, name: string, text: string) => log(page, name).locator('p', { hasText: text });

/** A local date and time as the browser's field takes it, `seconds` from now (in the page's zone). */
const localInputIn = (page: Page, seconds: number): Promise<string> =>
  page.evaluate((ahead) => {
    const at = new Date(Date.now() + ahead * 1000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  }, seconds);

/** Animations (the dialog's, the list's) finished: axe measures what a person sees. */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );

beforeAll(async () => {
  admin = await signedIn(adminAccount, { colorScheme: 'dark' });
  liam = await signedIn({ phone: '+15550100002', password: 'Client#2026' }, { viewport: { width: 390, height: 844 } });
  liamId = await liam.evaluate(() => {
    const raw = localStorage.getItem('userData');
    return raw ? (JSON.parse(raw) as { id: string }).id : '';
  });
  if (!liamId) throw new Error('no user id stored for Liam');
});

describe('send later in the browser', () => {
  it('schedules a message a few seconds ahead, lists it, and delivers it live to both sides', async () => {
    await admin.goto('/apps/chat');
    await contactButton(admin, 'Liam Carter').click();
    await log(admin, 'Liam Carter').waitFor();
    await liam.goto('/apps/chat');
    await contactButton(liam, 'Olivia Bennett').click();
    await log(liam, 'Olivia Bennett').waitFor();

    const text = `Later hello ${Date.now().toString(36)}`;
    await composer(admin, 'Liam Carter').fill(text);
    await admin.getByRole('button', { name: 'Send later' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Send later' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Message' }).inputValue()).toBe(text);
    await settled(admin);
    expect(await seriousAxeViolations(admin)).toEqual([]);

    await dialog.getByLabel(/Date and time/).fill(await localInputIn(admin, 8));
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Scheduled, not sent: the composer is empty, the message is listed, not in the log.
    expect(await composer(admin, 'Liam Carter').inputValue()).toBe('');
    const list = admin.getByRole('region', { name: 'Scheduled messages (1)' });
    await list.getByRole('button', { name: 'Show scheduled messages (1)' }).click();
    await list.getByText(text).waitFor();
    expect(await bubble(admin, 'Liam Carter', text).count()).toBe(0);
    await settled(admin);
    expect(await seriousAxeViolations(admin)).toEqual([]);

    // When due, the tick sends it: it appears live in Liam's open chat and in the admin's, and
    // leaves the list.
    await bubble(liam, 'Olivia Bennett', text).waitFor({ timeout: 30_000 });
    await bubble(admin, 'Liam Carter', text).waitFor({ timeout: 10_000 });
    await admin.getByTestId('scheduled-messages').waitFor({ state: 'detached', timeout: 10_000 });
    await admin.getByText('Your scheduled message to Liam Carter was sent.').waitFor();
  });

  it('cancels another before its time', async () => {
    const text = `Never mind ${Date.now().toString(36)}`;
    await composer(admin, 'Liam Carter').fill(text);
    await admin.getByRole('button', { name: 'Send later' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Send later' });
    await dialog.getByLabel(/Date and time/).fill(await localInputIn(admin, 3600));
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await dialog.waitFor({ state: 'detached' });

    const list = admin.getByTestId('scheduled-messages');
    await list.getByRole('button', { name: 'Show scheduled messages (1)' }).click();
    await list.getByText(text).waitFor();
    await list.getByRole('button', { name: /^Cancel the message scheduled for / }).click();
    await admin.getByText('Scheduled message cancelled.').waitFor();
    await list.waitFor({ state: 'detached' });
    const left = await apiAs<ScheduledListResponse>(admin, 'GET', `/api/apps/chat/chats/${liamId}/scheduled`);
    expect(left.scheduled).toEqual([]);
    expect(await bubble(liam, 'Olivia Bennett', text).count()).toBe(0);
  });

  it('stays accessible and within the window in light, right-to-left, at phone width', async () => {
    const phone = await signedIn(adminAccount, { viewport: { width: 390, height: 844 }, language: 'ar' });
    const { scheduled } = await apiAs<ScheduledResponse>(phone, 'POST', `/api/apps/chat/chats/${liamId}/scheduled`, {
      message: 'تذكير بالاجتماع',
      sendAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    try {
      await phone.goto(`/apps/chat?contact=${liamId}`);
      expect(await phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
      const list = phone.getByTestId('scheduled-messages');
      await list.waitFor({ timeout: 10_000 });
      await list.getByRole('button', { name: 'عرض الرسائل المجدولة (1)' }).click();
      await list.getByText('تذكير بالاجتماع').waitFor();
      await phone.getByRole('button', { name: 'إرسال لاحقًا' }).click();
      await phone.getByRole('dialog', { name: 'إرسال لاحقًا' }).waitFor();
      await settled(phone);
      expect(await seriousAxeViolations(phone)).toEqual([]);
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    } finally {
      await apiAs(phone, 'DELETE', `/api/apps/chat/chats/${liamId}/scheduled/${scheduled.id}`);
    }
  });
});

describe('channel messages in the browser', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await receiver.stop();
  });

  it('shows the channel on the contact and its messages, a failed reply with Retry, and the retry delivered', async () => {
    const connected = await apiAs<ConnectChannelResponse>(admin, 'POST', '/api/apps/channels', {
      type: 'webhook',
      name: `E2E form ${Date.now().toString(36)}`,
      outboundUrl: receiver.url,
    });
    const secret = connected.signingSecret ?? '';
    receiver.trust(secret);
    const visitor = `Ada Channel ${Date.now().toString(36)}`;
    const raw = JSON.stringify({
      messageId: `e2e-${Date.now()}`,
      from: { id: `v-${Date.now()}`, name: visitor },
      text: 'Hello from the form',
    });
    const inbound = await fetch(`${baseUrl()}/api/hooks/webhook/${connected.channel.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...WebhookReceiver.sign(secret, raw) },
      body: raw,
    });
    expect(inbound.status).toBe(200);

    await admin.goto('/apps/chat');
    const contact = contactButton(admin, visitor);
    await contact.getByRole('img', { name: 'Via Webhook' }).waitFor({ timeout: 10_000 });
    await contact.click();
    await log(admin, visitor).getByRole('img', { name: 'Via Webhook' }).waitFor();

    // The receiver refuses the reply (400: permanent): it shows as failed, with a way to retry.
    receiver.respondWith(400, 1);
    await composer(admin, visitor).fill('Thanks, we will call you');
    await composer(admin, visitor).press('Enter');
    const problem = log(admin, visitor).getByRole('alert');
    await problem.waitFor({ timeout: 30_000 });
    expect(await problem.textContent()).toContain('Not delivered.');
    await settled(admin);
    expect(await seriousAxeViolations(admin)).toEqual([]);

    await log(admin, visitor).getByRole('button', { name: 'Retry sending through Webhook' }).click();
    await log(admin, visitor).locator('[data-delivery="delivered"]').waitFor({ timeout: 30_000 });
    expect(await log(admin, visitor).getByRole('alert').count()).toBe(0);
    expect(receiver.received.filter((item) => item.verified).length).toBeGreaterThanOrEqual(1);
  });
});
