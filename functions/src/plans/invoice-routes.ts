import type { AreaRouteHandlers } from '../core/handler';
import type { AreaRouteKey } from '../routes';

export type InvoiceRouteKey = Extract<AreaRouteKey<'plans'>, `${string} /api/apps/plans/invoices${string}`>;

export const invoiceRouteHandlers: Pick<AreaRouteHandlers<'plans'>, InvoiceRouteKey> = {};
