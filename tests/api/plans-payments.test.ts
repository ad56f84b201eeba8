import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { invoiceEntity, paymentEventEntity } from '@orbit/functions/core/billing/entities';
import type { InvoiceRecord } from '@orbit/functions/core/billing/records';
import { db } from '@orbit/functions/core/db';
import { jobEntity } from '@orbit/functions/core/jobs/entities';
import { tableName } from '@orbit/functions/core/table';
import type { CheckoutResponse, PaymentProviderResponse } from '@orbit/functions/payments/contract';

import type { LocalStack } from '../../infra/local/stack';
import { signInDemoUsers, startApiStack, type ApiClient } from '../support/api-stack';
import { putInvoice } from '../support/invoice-records';

/**
 * Paying online (docs/plans.md, "Paying online") against a loopback fake of the one Stripe
 * endpoint the checkout calls, written here and recording what it is sent. Webhook events are
 * signed with Stripe's own test helper and the secret this stack is configured with.
 */

interface StripeRequest {
  readonly method: string;
  readonly path: string;
  readonly form: URLSearchParams;
  readonly idempotencyKey: string | undefined;
}

const webhookSecret = 'whsec_test_orbit_payments';
const stripeRequests: StripeRequest[] = [];
let fakeStripe: Server;
let stack: LocalStack;
let admin: ApiClient;
let clientA: ApiClient;
let clientB: ApiClient;
let clientAId: string;

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const configure = () => {
  process.env.STRIPE_SECRET_KEY = 'sk_test_orbit';
  process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
  process.env.STRIPE_API_BASE = `http://127.0.0.1:${(fakeStripe.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  fakeStripe = createServer((request, response) => {
    void readBody(request).then((body) => {
      const header = request.headers['idempotency-key'];
      stripeRequests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        form: new URLSearchParams(body),
        idempotencyKey: typeof header === 'string' ? header : undefined,
      });
      const id = `cs_test_${stripeRequests.length}`;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` }));
    });
  });
  await new Promise<void>((resolve) => fakeStripe.listen(0, '127.0.0.1', resolve));
  configure();
  stack = await startApiStack();
  const signedIn = await signInDemoUsers(stack.url);
  ({ admin, clientA, clientB } = signedIn);
  clientAId = signedIn.ids.clientA;
});

afterEach(configure);

afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => fakeStripe?.close(resolve));
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE']) delete process.env[name];
});

const checkout = (by: ApiClient, invoiceId: string) =>
  by.request<CheckoutResponse & { errors?: Record<string, string[]> }>(
    'POST',
    `/api/apps/plans/invoices/${invoiceId}/checkout`,
    { headers: { origin: 'http://web.example' } },
  );

/** Where the client comes back to: the stack's public address (PUBLIC_BASE_URL) wins over the request's Origin. */
const appOrigin = () => process.env.PUBLIC_BASE_URL ?? 'PUBLIC_BASE_URL unset';

const stored = async (invoiceId: string): Promise<InvoiceRecord> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: invoiceEntity.key(invoiceId) }));
  if (!Item) throw new Error(`no invoice ${invoiceId}`);
  return invoiceEntity.fromItem(Item);
};

const itemExists = async (key: { pk: string; sk: string }) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: key }))).Item !== undefined;

/** A completed, paid checkout of this invoice as Stripe sends it. */
const completedCheckout = (eventId: string, invoiceId: string) =>
  JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_${eventId}`,
        object: 'checkout.session',
        client_reference_id: invoiceId,
        metadata: { invoiceId },
        payment_intent: 'pi_test_orbit_1',
        payment_status: 'paid',
        status: 'complete',
      },
    },
  });

const deliver = (payload: string, signature: string) =>
  fetch(`${stack.url}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });

const signed = (payload: string, secret = webhookSecret) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

describe('paying online', () => {
  it('says it is online when configured, to everyone signed in', async () => {
    const provider = await clientA.request<PaymentProviderResponse>('GET', '/api/payments/provider');
    expect(provider.body).toEqual({ online: true });
  });

  it('opens a checkout session for the amount due of the client’s own open invoice', async () => {
    const invoice = await putInvoice(clientAId);
    const before = stripeRequests.length;
    const response = await checkout(clientA, invoice.id);
    expect(response.status).toBe(200);
    expect(response.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    expect(stripeRequests).toHaveLength(before + 1);
    const sent = stripeRequests.at(-1);
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(sent?.idempotencyKey).toBe(`checkout-${invoice.id}-${invoice.version}`);
    expect(Object.fromEntries(sent?.form ?? [])).toMatchObject({
      mode: 'payment',
      client_reference_id: invoice.id,
      'metadata[invoiceId]': invoice.id,
      customer_email: 'maya@example.com',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': String(invoice.amountDue),
      'line_items[0][price_data][product_data][name]': 'Invoice 2026-0042',
      success_url: `${appOrigin()}/information/plans?invoice=${invoice.id}&checkout=done`,
      cancel_url: `${appOrigin()}/information/plans?invoice=${invoice.id}&checkout=cancelled`,
    });
  });

  it('refuses another client’s invoice (404), the admin (403), and an invoice that is not open (409)', async () => {
    const invoice = await putInvoice(clientAId);
    const before = stripeRequests.length;
    expect((await checkout(clientB, invoice.id)).status).toBe(404);
    expect((await checkout(admin, invoice.id)).status).toBe(403);
    const paid = await putInvoice(clientAId, { status: 'paid' });
    expect((await checkout(clientA, paid.id)).status).toBe(409);
    const draft = await putInvoice(clientAId, { status: 'draft', number: null });
    expect((await checkout(clientA, draft.id)).status).toBe(404);
    expect(stripeRequests).toHaveLength(before);
  });

  it('marks the invoice paid on a signed completed checkout, with the referral step, once per event', async () => {
    const invoice = await putInvoice(clientAId);
    const payload = completedCheckout(`evt_paid_${invoice.id}`, invoice.id);
    const first = await deliver(payload, signed(payload));
    expect(first.status).toBe(200);
    const paid = await stored(invoice.id);
    expect(paid).toMatchObject({
      status: 'paid',
      version: invoice.version + 1,
      payment: { method: 'online', reference: 'pi_test_orbit_1', recordedBy: 'provider' },
    });
    expect(await itemExists(jobEntity.key(`referral-activate#${invoice.id}`))).toBe(true);
    expect(await itemExists(paymentEventEntity.key(`evt_paid_${invoice.id}`))).toBe(true);

    const again = await deliver(payload, signed(payload));
    expect(again.status).toBe(200);
    expect(await stored(invoice.id)).toEqual(paid);
  });

  it('stores nothing for a bad signature, whatever the event says', async () => {
    const invoice = await putInvoice(clientAId);
    const payload = completedCheckout(`evt_forged_${invoice.id}`, invoice.id);
    const forged = await deliver(payload, signed(payload, 'whsec_not_ours'));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ errors: { signature: ['The Stripe-Signature does not verify'] } });
    expect((await deliver(payload, 'nonsense')).status).toBe(400);
    expect(await stored(invoice.id)).toEqual(invoice);
    expect(await itemExists(paymentEventEntity.key(`evt_forged_${invoice.id}`))).toBe(false);
    expect(await itemExists(jobEntity.key(`referral-activate#${invoice.id}`))).toBe(false);
  });

  it('is offline without configuration: online false, checkout 409, and no call to Stripe', async () => {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) delete process.env[name];
    const invoice = await putInvoice(clientAId);
    const before = stripeRequests.length;
    expect((await clientA.request<PaymentProviderResponse>('GET', '/api/payments/provider')).body).toEqual({
      online: false,
    });
    const refused = await checkout(clientA, invoice.id);
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual({ general: ['Online payment is not available'] });
    expect(stripeRequests).toHaveLength(before);
  });
});
