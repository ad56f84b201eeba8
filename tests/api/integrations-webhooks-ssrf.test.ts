import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { ChannelResponse, ConnectChannelResponse } from '@orbit/functions/channels/contract';
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
    ['http://127.0.0.1:9/hook', /^Address not allowed: 127\.0\.0\.1 is loopback$/],
    ['http://169.254.169.254/latest/meta-data/', /^Address not allowed: 169\.254\.169\.254 is link-local$/],
    ['http://[fd00:ec2::254]/', /unique local/],
    ['http://10.0.0.1/hook', /^Address not allowed: 10\.0\.0\.1 is private$/],
    ['http://192.168.1.20/hook', /private/],
    ['http://100.64.1.1/hook', /carrier-grade NAT/],
    ['http://[::ffff:127.0.0.1]/hook', /loopback/],
    // IPv4-compatible and NAT64 literals carry an IPv4 address too: refused whatever it is.
    ['http://[::127.0.0.1]/hook', /IPv4-compatible/],
    ['http://[::169.254.169.254]/hook', /IPv4-compatible/],
    ['http://[64:ff9b::a9fe:a9fe]/hook', /NAT64/],
    ['http://0.0.0.0/hook', /unspecified/],
    // A name that resolves to loopback (the system resolver: localhost is 127.0.0.1 and ::1):
    // the answer does not say what it resolved to, so the server's DNS is no oracle.
    ['http://localhost:9/hook', /^Address not allowed: localhost does not resolve to a public address$/],
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
    expect(attempt.error).toBe('Address not allowed: 127.0.0.1 is loopback');
    expect(attempt.nextAttemptAt).toEqual(expect.any(String));
    expect(receiver.received.filter((item) => item.headers['webhook-id'] === test.body.delivery.id)).toEqual([]);
    // Its retries would reach the receiver once the next case allows loopback again: stop them.
    expect((await admin.request('DELETE', `${base}/${webhook.id}`)).status).toBe(204);
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

/**
 * A webhook channel's outbound URL goes through the same guard (core/safe-outbound.ts): refused
 * on save, refused again when a message or a test goes out, and the channel's lastTest says
 * only "not allowed": the same words for a port that answers and one that does not, so it is no
 * port scanner.
 */
describe('addresses a webhook channel may not reach', () => {
  const channels = '/api/apps/channels';

  it('refuses them on save with 400 on outboundUrl', async () => {
    for (const [url, message] of [
      ['http://169.254.169.254/', 'Address not allowed: 169.254.169.254 is link-local'],
      ['http://10.0.0.1/hook', 'Address not allowed: 10.0.0.1 is private'],
      ['http://127.0.0.1:9/hook', 'Address not allowed: 127.0.0.1 is loopback'],
    ]) {
      const response = await admin.request('POST', channels, {
        body: { type: 'webhook', name: 'Inside', outboundUrl: url },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ errors: { outboundUrl: [message] } });
    }
  });

  it('refuses them when a test goes out, and lastTest tells an open port from a closed one by nothing', async () => {
    process.env.WEBHOOK_ALLOW_LOOPBACK = '1';
    const saved: string[] = [];
    for (const url of [`${receiver.url}/channel`, 'http://127.0.0.1:9/closed']) {
      const response = await admin.request<ConnectChannelResponse>('POST', channels, {
        body: { type: 'webhook', name: `Saved before ${saved.length}`, outboundUrl: url },
      });
      expect(response.status).toBe(201);
      saved.push(response.body.channel.id);
    }
    delete process.env.WEBHOOK_ALLOW_LOOPBACK;
    for (const id of saved)
      expect((await admin.request('POST', `${channels}/${id}/test`, { body: {} })).status).toBe(202);
    const errors = await vi.waitFor(async () => {
      const tests = await Promise.all(
        saved.map(
          async (id) => (await admin.request<ChannelResponse>('GET', `${channels}/${id}`)).body.channel.lastTest,
        ),
      );
      expect(tests.map((test) => test?.status)).toEqual(['failed', 'failed']);
      return tests.map((test) => test?.error);
    }, patience);
    expect(errors).toEqual([
      'The outbound URL: Address not allowed: 127.0.0.1 is loopback',
      'The outbound URL: Address not allowed: 127.0.0.1 is loopback',
    ]);
    expect(
      receiver.received.filter((item) => saved.includes((item.body as { channelId?: string }).channelId ?? '')),
    ).toEqual([]);
  });
});
