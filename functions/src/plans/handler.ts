import { defineAreaHandler } from '../core/handler';
import { plansHttpRoutes } from '../routes';
import { catalogueRouteHandlers } from './catalogue-routes';
import { invoiceRouteHandlers } from './invoice-routes';

/** The plans' API (docs/plans.md): the catalogue, clients' subscriptions, invoices. */
export const handler = defineAreaHandler('plans', plansHttpRoutes, {
  ...catalogueRouteHandlers,
  ...invoiceRouteHandlers,
});
