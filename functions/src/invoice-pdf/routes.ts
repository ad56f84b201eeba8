import type { AreaRouteHandlers } from '../core/handler';
import { bytes, parseQuery, pathParam } from '../core/http';
import { invoicePdfQuerySchema } from './contract';
import { invoicePdfFor } from './service';

export const invoicePdfRouteHandlers: AreaRouteHandlers<'invoice-pdf'> = {
  'GET /api/apps/plans/invoices/{id}/pdf': async ({ event, caller }) => {
    const { lang } = parseQuery(event, invoicePdfQuerySchema);
    const { fileName, pdf } = await invoicePdfFor(caller, pathParam(event, 'id'), lang);
    return bytes('application/pdf', pdf, { 'content-disposition': `attachment; filename="${fileName}"` });
  },
};
