import { can } from '../core/authorize';
import { readInvoiceAs } from '../core/billing/invoice-read';
import type { Language } from '../core/billing/records';
import type { Caller } from '../core/caller';
import { NotFoundError } from '../core/errors';
import { renderInvoicePdf } from './render';

export interface InvoicePdf {
  readonly fileName: string;
  readonly pdf: Buffer;
}

/**
 * The invoice as PDF for someone who may read it: a client their own, staff by their rights. A
 * draft is the agency's working copy, not yet the client's: only those who may change invoices
 * (who issue it) see it; for anyone else it does not exist yet (404, like another's invoice).
 */
export const invoicePdfFor = async (caller: Caller, invoiceId: string, language?: Language): Promise<InvoicePdf> => {
  const invoice = await readInvoiceAs(caller, invoiceId);
  if (invoice.status === 'draft' && !can(caller.ability, 'update', 'Invoice', { clientId: invoice.clientId })) {
    throw new NotFoundError('Invoice not found');
  }
  return {
    fileName: `invoice-${invoice.number ?? `draft-${invoice.id}`}.pdf`,
    pdf: await renderInvoicePdf(invoice, language ?? invoice.billedTo.language),
  };
};
