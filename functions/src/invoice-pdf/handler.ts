import { defineAreaHandler } from '../core/handler';
import { invoicePdfHttpRoutes } from '../routes';
import { invoicePdfRouteHandlers } from './routes';

/**
 * An invoice as PDF (docs/plans.md, "Invoice PDF"). A function of its own: the PDF writer and
 * its font would otherwise load with every plans request.
 */
export const handler = defineAreaHandler('invoice-pdf', invoicePdfHttpRoutes, invoicePdfRouteHandlers);
