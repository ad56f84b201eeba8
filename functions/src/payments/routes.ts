import type { APIGatewayProxyEventV2 } from 'aws-lambda';

import type { AreaRouteHandlers } from '../core/handler';
import { json, pathParam } from '../core/http';
import { paymentProvider, receiveStripeEvent, startCheckout } from './service';

/** The body exactly as sent: the signature covers its bytes. */
const rawBody = (event: APIGatewayProxyEventV2): string =>
  event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');

export const paymentRouteHandlers: AreaRouteHandlers<'payments'> = {
  'GET /api/payments/provider': async () => json(200, await paymentProvider()),
  'POST /api/apps/plans/invoices/{id}/checkout': async ({ event, caller }) =>
    json(200, await startCheckout(caller, pathParam(event, 'id'), event.headers.origin ?? event.headers.Origin)),
  'POST /api/payments/stripe/webhook': async ({ event }) => {
    await receiveStripeEvent(rawBody(event), event.headers['stripe-signature'] ?? event.headers['Stripe-Signature']);
    return json(200, { received: true });
  },
};
