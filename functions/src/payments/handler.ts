import { defineAreaHandler } from '../core/handler';
import { paymentsHttpRoutes } from '../routes';

/** Paying invoices online (docs/plans.md, "Paying online"): checkout and the provider's signed webhook. */
export const handler = defineAreaHandler('payments', paymentsHttpRoutes, {});
