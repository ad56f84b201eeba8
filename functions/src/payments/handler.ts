import { defineAreaHandler } from '../core/handler';
import { paymentsHttpRoutes } from '../routes';
import { paymentRouteHandlers } from './routes';

/**
 * Paying invoices online (docs/plans.md, "Paying online"): checkout and the provider's signed
 * webhook. A function of its own: it carries Stripe's SDK.
 */
export const handler = defineAreaHandler('payments', paymentsHttpRoutes, paymentRouteHandlers);
