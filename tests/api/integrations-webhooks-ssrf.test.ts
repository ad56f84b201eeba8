import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type {
  Webhook as WebhookView,
  WebhookDelivery,
  WebhookWithSecret,
} from '@orbit/functions/integrations/webhook-contract';

import type { LocalStack } from '../../infra/local/stack';
import { signInDemoUsers, startApiStack, type ApiClient } from '../support/api-stack';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * Safe outbound (docs/integrations.md, "Webhooks"): this stack runs WITHOUT the loopback
 * allowance the other webhook tests use, as a deployed one does, so loopback, link-local
 * (metadata), private addresses and names resolving to them are refused on save (400, nothing
 * stored) and again at delivery; a redirect is never followed. Where a case needs a loopback
 * receiver to exist at all (a subscription saved before the rule applies, a receiver that
 * redirects), the test turns the allowance on for that step only: the handlers read it at
 * each call.
 */
process.env.WEBHOOK_RETRY_BASE_MS = '200';
process.env.WEBHOOK_RETRY_CAP_MS = '1000';
process.env.JOB_TICK_INTERVAL_MS = '100';
delete process.env.WEBHOOK_ALLOW_LOOPBACK;

let stack: LocalStack;
let admin: ApiClient;
let receiver: WebhookReceiver;
const patience = { timeout: 60_000, interval: 100 } as const;
const base = '/api/apps/integrations/webhooks';

beforeAll(async () => {
  stack = await startApiStack();
  admin = (await signInDemoUsers(stack.url)).admin;
  receiver = await WebhookReceiver.start();
});

afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_LOOPBACK;
  process.env.ORBIT_DEVELOPMENT = '1';
});

afterAll(async () => {
  await receiver?.stop();
  await stack?.stop();
});

const listed = async () => (await admin.request<{ webhooks: WebhookView[] }>('GET', base)).body.webhooks;

/** Saved while the allowance is on, so the delivery-time check can be seen refusing it. */
const savedWithLoopback = async (url: string): Promise<WebhookView> => {
  process.env.WEBHOOK_ALLOW_LOOPBACK = '1';
  const created = await admin.request<WebhookWithSecret>('POST', base, { body: { url, events: ['task.moved'] } });
  expect(created.status).toBe(201);
  return created.body.webhook;
};

const firstAttempt = (webhookId: string, deliveryId: string) =>
  vi.waitFor(async () => {
    const { delivery } = (
      await admin.request<{ delivery: WebhookDelivery }>('GET', `${base}/${webhookId}/deliveries/${deliveryId}`)
    ).body;
    expect(delivery.attemptLog.length).toBeGreaterThan(0);
    return delivery.attemptLog[0]!;
  }, patience);

describe('addresses a webhook may not reach', () => {
  it.each([
    ['http://127.0.0.1:9/hook', /127\.0\.0\.1 is a loopback address/],
    ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is a linkLocal address/],
    ['http://[fd00:ec2::254]/', /uniqueLocal/],
    ['http://10.0.0.1/hook', /10\.0\.0\.1 is a private address/],
    ['http://192.168.1.20/hook', /private/],
    ['http://100.64.1.1/hook', /carrierGradeNat/],
    ['http://[::ffff:127.0.0.1]/hook', /loopback/],
    ['http://0.0.0.0/hook', /unspecified/],
    // A name that resolves to loopback (the system resolver: localhost is 127.0.0.1 and ::1).
    ['http://localhost:9/hook', /localhost resolves to .* loopback address/],
  ])('refuses %s on save with 400, storing nothing', async (url, message) => {
    const before = (await listed()).length;
    const response = await admin.request<{ errors: { url: string[] } }>('POST', base, {
      body: { url, events: ['project.created'] },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.url.join(' ')).toMatch(message);
    expect(await listed()).toHaveLength(before);
  });

  it('refuses the same on edit', async () => {
    const webhook = await savedWithLoopback(`${receiver.url}/edit`);
    delete process.env.WEBHOOK_ALLOW_LOOPBACK;
    const response = await admin.request('PATCH', `${base}/${webhook.id}`, {
      body: { version: webhook.version, url: 'http://169.254.169.254/' },
    });
    expect(response.status).toBe(400);
    expect((await admin.request<{ webhook: WebhookView }>('GET', `${base}/${webhook.id}`)).body.webhook.url).toBe(
      webhook.url,
    );
  });

  it('refuses plain http outside development', async () => {
    delete process.env.ORBIT_DEVELOPMENT;
    const response = await admin.request<{ errors: { url: string[] } }>('POST', base, {
      body: { url: 'http://93.184.215.14/hook', events: ['project.created'] },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.url).toEqual(['Use an https URL']);
  });

  it('checks again at delivery: an address refused by then is an attempt with no request sent', async () => {
    const webhook = await savedWithLoopback(`${receiver.url}/later`);
    delete process.env.WEBHOOK_ALLOW_LOOPBACK;
    const test = await admin.request<{ delivery: { id: string } }>('POST', `${base}/${webhook.id}/test`);
    expect(test.status).toBe(202);
    const attempt = await firstAttempt(webhook.id, test.body.delivery.id);
    expect(attempt.statusCode).toBeUndefined();
    expect(attempt.error).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(attempt.nextAttemptAt).toEqual(expect.any(String));
    expect(receiver.received.filter((item) => item.headers['webhook-id'] === test.body.delivery.id)).toEqual([]);
  });

  it('never follows a redirect, to the metadata address or anywhere: a 3xx is a failed attempt', async () => {
    const webhook = await savedWithLoopback(`${receiver.url}/redirect`);
    receiver.respondWith(302, 1, { location: 'http://169.254.169.254/latest/meta-data/' });
    const test = await admin.request<{ delivery: { id: string } }>('POST', `${base}/${webhook.id}/test`);
    const attempt = await firstAttempt(webhook.id, test.body.delivery.id);
    expect(attempt).toMatchObject({
      statusCode: 302,
      error: 'Redirect not followed (to http://169.254.169.254/latest/meta-data/)',
      nextAttemptAt: expect.any(String),
    });
    expect(receiver.received.filter((item) => item.headers['webhook-id'] === test.body.delivery.id)).toHaveLength(1);
  });
});
