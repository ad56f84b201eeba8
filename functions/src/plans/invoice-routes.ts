import type { AreaRouteHandlers } from '../core/handler';
import { json, parseBody, parseQuery, pathParam } from '../core/http';
import type { AreaRouteKey } from '../routes';
import { invoiceListQuerySchema, recordPaymentSchema } from './invoice-contract';
import { issueNow, listInvoices, readInvoice, recordPayment, voidNow } from './invoice-service';

/** Invoices' routes (docs/plans.md, "Invoices"): thin, the rules are the service's. */
export type InvoiceRouteKey = Extract<AreaRouteKey<'plans'>, `${string} /api/apps/plans/invoices${string}`>;

export const invoiceRouteHandlers: Pick<AreaRouteHandlers<'plans'>, InvoiceRouteKey> = {
  'GET /api/apps/plans/invoices': async ({ event, caller }) =>
    json(200, await listInvoices(caller, parseQuery(event, invoiceListQuerySchema))),
  'GET /api/apps/plans/invoices/{id}': async ({ event, caller }) =>
    json(200, { invoice: await readInvoice(caller, pathParam(event, 'id')) }),
  'POST /api/apps/plans/invoices/{id}/issue': async ({ event, caller }) =>
    json(200, { invoice: await issueNow(caller, pathParam(event, 'id')) }),
  'POST /api/apps/plans/invoices/{id}/void': async ({ event, caller }) =>
    json(200, { invoice: await voidNow(caller, pathParam(event, 'id')) }),
  'POST /api/apps/plans/invoices/{id}/payments': async ({ event, caller }) =>
    json(200, {
      invoice: await recordPayment(caller, pathParam(event, 'id'), () => parseBody(event, recordPaymentSchema)),
    }),
};
