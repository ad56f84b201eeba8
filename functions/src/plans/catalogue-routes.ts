import type { AreaRouteHandlers } from '../core/handler';
import type { AreaRouteKey } from '../routes';
import type { InvoiceRouteKey } from './invoice-routes';

/** The catalogue's and subscriptions' routes: every plans route but the invoices'. */
type CatalogueRouteKey = Exclude<AreaRouteKey<'plans'>, InvoiceRouteKey>;

export const catalogueRouteHandlers: Pick<AreaRouteHandlers<'plans'>, CatalogueRouteKey> = {};
