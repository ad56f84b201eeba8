import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { OutboundRefused } from '../core/outbound-address';
import { stripeSetup } from './stripe-client';

/**
 * Stripe's calls go through the guarded outbound client (core/safe-outbound.ts): a loopback fake
 * of its API is reached on one machine only, a base on a private or metadata address never.
 */
let fake: Server;
let fakeBase: string;
let calls = 0;

beforeAll(async () => {
  fake = createServer((request, response) => {
    calls += 1;
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: `cs_${calls}`, object: 'checkout.session', url: 'https://checkout.test/c' }));
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeBase = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  process.env.STRIPE_SECRET_KEY = 'sk_test_orbit';
  process.env.STRIPE_WEBHOOK_SECRET = 'whsec_test';
});

afterEach(() => {
  process.env.ORBIT_DEVELOPMENT = '1';
});

afterAll(async () => {
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'ORBIT_DEVELOPMENT'])
    delete process.env[name];
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});

const createSession = async () => {
  const setup = await stripeSetup();
  return setup!.stripe.checkout.sessions.create({ mode: 'payment', success_url: 'https://example.com/done' });
};

/** What the guard said, under the SDK's connection error (Stripe keeps the cause as `detail`). */
const causeOf = (error: unknown): unknown => (error as { detail?: unknown }).detail;

describe("Stripe's API through the guarded client", () => {
  it('reaches a loopback fake on one machine (ORBIT_DEVELOPMENT), and only there', async () => {
    process.env.STRIPE_API_BASE = fakeBase;
    process.env.ORBIT_DEVELOPMENT = '1';
    const reached = calls;
    await expect(createSession()).resolves.toMatchObject({ id: `cs_${reached + 1}` });
    const before = calls;
    delete process.env.ORBIT_DEVELOPMENT;
    const refused = await createSession().catch((error: unknown) => error);
    expect(causeOf(refused)).toBeInstanceOf(OutboundRefused);
    expect(calls).toBe(before);
  });

  it('never calls a base on the metadata address, even on one machine', async () => {
    process.env.STRIPE_API_BASE = 'http://169.254.169.254';
    const refused = await createSession().catch((error: unknown) => error);
    expect(causeOf(refused)).toBeInstanceOf(OutboundRefused);
    expect((causeOf(refused) as Error).message).toBe('Address not allowed: 169.254.169.254 is link-local');
  });
});
