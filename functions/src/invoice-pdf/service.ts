import { readInvoiceAs } from '../core/billing/invoice-read';
import type { Language } from '../core/billing/records';
import type { Caller } from '../core/caller';
import { renderInvoicePdf } from './render';

export interface InvoicePdf {
  readonly fileName: string;
  readonly pdf: Buffer;
}

/** The invoice as PDF for someone who may read it: a client their own issued ones, staff by their rights. */
export const invoicePdfFor = async (caller: Caller, invoiceId: string, language?: Language): Promise<InvoicePdf> => {
  const invoice = await readInvoiceAs(caller, invoiceId);
  return {
    fileName: `invoice-${invoice.number ?? `draft-${invoice.id}`}.pdf`,
    pdf: await renderInvoicePdf(invoice, language ?? invoice.billedTo.language),
  };
};
