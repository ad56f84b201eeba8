import type Stripe from 'stripe';

import { paymentEventEntity, type PaymentEventRecord } from '../core/billing/entities';
import { markInvoicePaid } from '../core/billing/invoice-payment';
import { readInvoice, readInvoiceAs } from '../core/billing/invoice-read';
import type { InvoiceRecord } from '../core/billing/records';
import type { Caller } from '../core/caller';
import { ConditionFailed, putPart, transactWrite } from '../core/db';
import { ConflictError, ForbiddenError, ValidationError } from '../core/errors';
import { logger } from '../core/logger';
import type { CheckoutResponse, PaymentProviderResponse } from './contract';
import { stripeSetup } from './stripe-client';

export const paymentProvider = async (): Promise<PaymentProviderResponse> => ({
  online: (await stripeSetup()) !== undefined,
});

/**
 * Where the client comes back after paying: the deployment's public address when it has one
 * (PUBLIC_BASE_URL), else the web app the request came from (its Origin header).
 */
const appOriginOf = (requestOrigin: string | undefined): string => {
  const origin = process.env.PUBLIC_BASE_URL || requestOrigin;
  if (!origin || !/^https?:\/\/[^/\s]+$/.test(origin)) {
    throw new ValidationError({ general: ['The app’s address is unknown: no way back from the payment page'] });
  }
  return origin.replace(/\/+$/, '');
};

/**
 * A Stripe Checkout session for the amount due of the client's own open invoice. Only the
 * client themself pays (staff record payments instead); another's invoice is a 404.
 */
export const startCheckout = async (
  caller: Caller,
  invoiceId: string,
  requestOrigin: string | undefined,
): Promise<CheckoutResponse> => {
  const invoice = await readInvoiceAs(caller, invoiceId);
  if (caller.principal.role !== 'client' || caller.principal.userId !== invoice.clientId) throw new ForbiddenError();
  const setup = await stripeSetup();
  if (!setup) throw new ConflictError({ general: ['Online payment is not available'] });
  if (invoice.status !== 'open') throw new ConflictError({ status: ['Only an open invoice can be paid'] });
  const back = `${appOriginOf(requestOrigin)}/information/plans?invoice=${encodeURIComponent(invoice.id)}`;
  const session = await setup.stripe.checkout.sessions.create(
    {
      mode: 'payment',
      client_reference_id: invoice.id,
      metadata: { invoiceId: invoice.id },
      payment_intent_data: { metadata: { invoiceId: invoice.id } },
      customer_email: invoice.billedTo.email,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: invoice.currency.toLowerCase(),
            unit_amount: invoice.amountDue,
            product_data: { name: `Invoice ${invoice.number ?? invoice.id}` },
          },
        },
      ],
      success_url: `${back}&checkout=done`,
      cancel_url: `${back}&checkout=cancelled`,
    },
    // One session per version of the invoice: a double click does not open two.
    { idempotencyKey: `checkout-${invoice.id}-${invoice.version}` },
  );
  if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
  return { url: session.url };
};

const claimPart = (event: Stripe.Event, invoiceId: string, outcome: PaymentEventRecord['outcome'], now: Date) =>
  putPart(
    'event',
    paymentEventEntity.toItem({
      eventId: event.id,
      type: event.type,
      invoiceId,
      outcome,
      receivedAt: now.toISOString(),
    }),
    'attribute_not_exists(pk)',
  );

/** The invoice paid online, with the event's claim; an event seen before changes nothing. */
const payInvoice = async (event: Stripe.Event, session: Stripe.Checkout.Session, now: Date): Promise<void> => {
  const invoiceId = session.metadata?.invoiceId ?? session.client_reference_id;
  if (!invoiceId) {
    logger.warn('stripe checkout without an invoice id', { eventId: event.id });
    return;
  }
  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  // A newer version of the invoice read between two attempts (an admin's edit) is read again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const invoice: InvoiceRecord | undefined = await readInvoice(invoiceId);
    try {
      if (invoice?.status !== 'open') {
        logger.warn('stripe payment for an invoice that is not open', { eventId: event.id, invoiceId });
        await transactWrite([claimPart(event, invoiceId, 'ignored', now)]);
        return;
      }
      const payment = {
        method: 'online',
        paidOn: now.toISOString().slice(0, 10),
        reference: paymentIntent ?? session.id,
        recordedBy: 'provider',
        recordedAt: now.toISOString(),
      } as const;
      await markInvoicePaid(invoice, payment, now, [claimPart(event, invoiceId, 'paid', now)]);
      return;
    } catch (error) {
      if (error instanceof ConditionFailed && error.failed('event')) return;
      if (!(error instanceof ConditionFailed && error.failed('invoice'))) throw error;
    }
  }
  throw new Error(`Invoice ${invoiceId} kept changing while an online payment was recorded`);
};

const badSignature = () => new ValidationError({ signature: ['The Stripe-Signature does not verify'] });

/**
 * The provider's webhook: verified with Stripe's own `constructEvent` on the raw body (never a
 * hand-made check), else 400 (as Stripe's own guide answers) and nothing stored. A paid,
 * completed checkout marks its invoice paid; other events are acknowledged and left alone.
 */
export const receiveStripeEvent = async (rawBody: string, signature: string | undefined): Promise<void> => {
  const setup = await stripeSetup();
  // Unconfigured, nothing can verify: the same refusal as a bad signature.
  if (!setup) throw badSignature();
  let event: Stripe.Event;
  try {
    event = setup.stripe.webhooks.constructEvent(rawBody, signature ?? '', setup.webhookSecret);
  } catch {
    throw badSignature();
  }
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') return;
  const session = event.data.object;
  if (session.payment_status !== 'paid') return;
  await payInvoice(event, session, new Date());
};
