import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seriousAxeViolations } from '../support/axe';
import { apiAs, baseUrl } from '../support/browser';
import { animationsSettled, useMailingsBrowser } from '../support/mailings-browser';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * The integrations page in a real browser (docs/integrations.md), in one signed-in page: the
 * administrator adds a webhook endpoint on a loopback receiver and sees its signing secret once,
 * sends a test event, follows it to `delivered` in the log, opens its attempts and replays it (the
 * receiver gets the same webhook-id again, signed); creates an API key, sees it once, calls the API
 * with it, revokes it; saves the help links. axe in light and dark, then Arabic (right to left) at
 * phone width.
 */

const { shot, signedIn } = useMailingsBrowser('integrations');
let receiver: WebhookReceiver;
let page: Page;

beforeAll(async () => {
  receiver = await WebhookReceiver.start();
  page = await signedIn();
});

afterAll(async () => {
  // The stack is shared by the e2e files: the help links go back to unset, as the others expect them.
  if (page)
    await apiAs(page, 'PUT', '/api/apps/integrations/links', { ...(await currentLinks()), wiki: null, telegram: null });
  await receiver?.stop();
});

const currentLinks = async () =>
  (
    await apiAs<{ links: { wiki: string | null; telegram: string | null; version: number } }>(
      page,
      'GET',
      '/api/integrations/links',
    )
  ).links;

const axeClean = async (name: string) => {
  await animationsSettled(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shot(page, name);
};

/** What the receiver got of one delivery (the webhook-id is the delivery's id). */
const receivedOf = (deliveryId: string) =>
  receiver.received.filter((item) => item.headers['webhook-id'] === deliveryId);

describe('integrations', () => {
  it('webhooks: secret once, a test event delivered and replayed; an API key once, then revoked; the help links', async () => {
    // A webhook endpoint on the loopback receiver.
    await page.goto('/apps/integrations');
    await page.getByTestId('webhooks-panel').waitFor();
    await page.getByTestId('webhook-add').click();
    const form = page.getByTestId('webhook-form');
    await form.getByTestId('webhook-url').fill(receiver.url);
    await form.getByTestId('webhook-event-contact.created').check();
    await form.getByTestId('webhook-event-task.moved').check();
    await axeClean('light-webhook-form');
    await form.getByTestId('webhook-submit').click();

    // The signing secret, once, with the warning.
    const secretDialog = page.getByTestId('webhook-secret');
    await secretDialog.waitFor();
    expect(await secretDialog.innerText()).toContain('you will not see it again');
    const secret = await page.getByTestId('webhook-secret-value').inputValue();
    expect(secret).toMatch(/^whsec_/);
    receiver.trust(secret);
    await axeClean('light-secret');
    await page.getByTestId('webhook-secret-done').click();
    await secretDialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('webhook-row').filter({ hasText: receiver.url });
    await row.waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await row.getByTestId('webhook-state').getAttribute('data-state')).toBe('enabled');
    await axeClean('light-webhooks');

    // Its delivery log: a test event, delivered and signed.
    await row.getByTestId('webhook-log-link').click();
    await page.getByTestId('delivery-log').waitFor();
    await page.getByTestId('deliveries-empty').waitFor();
    await page.getByTestId('webhook-send-test').click();
    const delivery = page.getByTestId('delivery-row').first();
    await delivery.waitFor();
    const deliveryId = (await delivery.getAttribute('data-delivery-id')) ?? '';
    const first = await receiver.waitFor((item) => item.headers['webhook-id'] === deliveryId);
    expect(first.verified).toBe(true);
    expect(first.body).toMatchObject({ type: 'webhook.test' });
    await expect
      .poll(() => delivery.getByTestId('delivery-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('delivered');
    await axeClean('light-log');

    // Its attempts, then a replay: the same webhook-id again, signed.
    await delivery.getByTestId('delivery-open').click();
    const details = page.getByTestId('delivery-dialog');
    await details.getByTestId('delivery-attempt').first().waitFor();
    const attempt = await details.getByTestId('delivery-attempt').first().innerText();
    expect(attempt).toContain('200');
    expect(attempt).toContain('webhook-signature');
    await axeClean('light-attempts');
    await details.getByTestId('delivery-dialog-replay').click();
    await page.getByText('Delivery queued again.').waitFor();
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });
    await expect.poll(() => receivedOf(deliveryId).length, { timeout: 15_000 }).toBe(2);
    expect(receivedOf(deliveryId).every((item) => item.verified)).toBe(true);
    await expect
      .poll(() => delivery.getByTestId('delivery-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('delivered');

    // An API key, shown once; it calls the API until it is revoked.
    await page.goto('/apps/integrations?tab=keys');
    await page.getByTestId('api-keys-panel').waitFor();
    await page.getByTestId('api-key-add').click();
    const keyForm = page.getByTestId('api-key-form');
    await keyForm.getByTestId('api-key-name').fill('E2E sync');
    await keyForm.getByTestId('scope-projects:read').check();
    await axeClean('light-key-form');
    await keyForm.getByTestId('api-key-submit').click();
    const keyDialog = page.getByTestId('api-key-secret');
    await keyDialog.waitFor();
    expect(await keyDialog.innerText()).toContain('you will not see it again');
    const key = await page.getByTestId('api-key-secret-value').inputValue();
    expect(key).toMatch(/^orb_/);
    const withKey = () => fetch(`${baseUrl()}/api/apps/projects`, { headers: { authorization: `Bearer ${key}` } });
    expect((await withKey()).status).toBe(200);
    await page.getByTestId('api-key-secret-done').click();
    const keyRow = page.getByTestId('api-key-row').filter({ hasText: 'E2E sync' });
    await keyRow.waitFor();
    expect(await page.content()).not.toContain(key);
    await axeClean('light-keys');
    await keyRow.getByTestId('api-key-revoke').click();
    await page.getByTestId('confirm-action').click();
    await expect.poll(() => keyRow.getByTestId('api-key-state').getAttribute('data-state')).toBe('revoked');
    expect((await withKey()).status).toBe(401);

    // The help links.
    await page.goto('/apps/integrations?tab=links');
    await page.getByTestId('help-links-form').waitFor();
    await page.getByTestId('help-link-wiki').fill('not an address');
    await page.getByTestId('help-links-save').click();
    await page.getByText('Enter an http(s) address of at most 2000 characters, or leave it empty.').waitFor();
    await page.getByTestId('help-link-wiki').fill('https://wiki.orbit.test/e2e');
    await page.getByTestId('help-link-telegram').fill('https://t.me/orbit_e2e');
    await page.getByTestId('help-links-save').click();
    await page.getByText('Help links saved.').waitFor();
    expect(await currentLinks()).toMatchObject({
      wiki: 'https://wiki.orbit.test/e2e',
      telegram: 'https://t.me/orbit_e2e',
    });
    await axeClean('light-links');
  });

  it('axe finds nothing serious in dark; Arabic reads right to left and fits a phone', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const loaded = {
      webhooks: page.getByTestId('webhook-row').or(page.getByTestId('webhooks-empty')),
      keys: page.getByTestId('api-key-row').or(page.getByTestId('api-keys-empty')),
      links: page.getByTestId('help-links-form'),
    };
    for (const tab of ['webhooks', 'keys', 'links'] as const) {
      await page.goto(`/apps/integrations?tab=${tab}`);
      await loaded[tab].first().waitFor();
      await axeClean(`dark-${tab}`);
    }
    // The API reference: the generated document rendered by RapiDoc (its own chunk, this tab only).
    await page.goto('/apps/integrations?tab=reference');
    // Its navigation lists the operations by their summaries (the route table's comments).
    await page.locator('rapi-doc').getByText('One project with its stages and progress').first().waitFor();
    await page.getByRole('heading', { name: 'Verify webhook signatures' }).waitFor();
    await axeClean('dark-reference');
    await page.goto('/apps/integrations');
    await page.getByTestId('webhook-log-link').first().click();
    await page.getByTestId('delivery-row').first().waitFor();
    await axeClean('dark-log');

    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.goto('/apps/integrations');
    await page.getByRole('heading', { level: 1, name: 'التكاملات' }).waitFor();
    await page.getByTestId('webhook-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // The page does not scroll sideways: only the tables do, inside their containers.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await axeClean('ar-phone-webhooks');
    await page.getByRole('tab', { name: 'مفاتيح API' }).click();
    await loaded.keys.first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await axeClean('ar-phone-keys');
  });
});
