import { defineAreaHandler } from '../core/handler';
import { invoicePdfHttpRoutes } from '../routes';

/** An invoice as PDF (docs/plans.md, "Invoice PDF"). */
export const handler = defineAreaHandler('invoice-pdf', invoicePdfHttpRoutes, {});
