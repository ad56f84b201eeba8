import { authorize, authorizeResource, can, listScope, scopeValue } from '../core/authorize';
import { markInvoicePaid } from '../core/billing/invoice-payment';
import type { InvoiceRecord } from '../core/billing/records';
import type { Caller } from '../core/caller';
import { ConditionFailed } from '../core/db';
import { ConflictError, NotFoundError } from '../core/errors';
import {
  invoiceLimits,
  type InvoiceListQuery,
  type InvoiceListResponse,
  type InvoiceView,
  type RecordPayment,
} from './invoice-contract';
import { issueInvoice, voidInvoice } from './invoice-issuing';
import { getInvoice, listClientInvoices, listInvoicesByStatus, type InvoicePage } from './invoice-repository';

/**
 * Invoices over HTTP (docs/plans.md, "Invoices"): a client reads their own (never drafts:
 * those are the agency's work in progress); admins, and staff granted Invoice, read every one
 * and issue, void or record a payment.
 */

export const toInvoiceView = (invoice: InvoiceRecord, now: Date): InvoiceView => ({
  ...invoice,
  overdue: invoice.status === 'open' && invoice.dueAt !== null && Date.parse(invoice.dueAt) < now.getTime(),
});

/** What the rules look at: the client it bills. */
const fieldsOf = (invoice: InvoiceRecord) => ({ clientId: invoice.clientId });

const readable = async (caller: Caller, invoiceId: string): Promise<InvoiceRecord> => {
  const invoice = await getInvoice(invoiceId);
  if (!invoice) throw new NotFoundError('Invoice not found');
  authorizeResource(caller.ability, 'read', 'Invoice', fieldsOf(invoice), 'Invoice not found');
  // Drafts are hidden from whoever may not change invoices: to them a draft does not exist yet.
  if (invoice.status === 'draft' && !can(caller.ability, 'update', 'Invoice', fieldsOf(invoice))) {
    throw new NotFoundError('Invoice not found');
  }
  return invoice;
};

/** Readable by the caller, then the change's own check (403 for a client, who may read it). */
const changeable = async (caller: Caller, invoiceId: string): Promise<InvoiceRecord> => {
  const invoice = await readable(caller, invoiceId);
  authorize(caller.ability, 'update', 'Invoice', fieldsOf(invoice));
  return invoice;
};

const notInStatus = (invoice: InvoiceRecord | undefined, expected: string): ConflictError =>
  new ConflictError(
    { status: [`The invoice is ${invoice?.status ?? 'gone'}; it must be ${expected}`] },
    invoice ? { invoice: toInvoiceView(invoice, new Date()) } : undefined,
  );

export const readInvoice = async (caller: Caller, invoiceId: string, now = new Date()): Promise<InvoiceView> =>
  toInvoiceView(await readable(caller, invoiceId), now);

export const listInvoices = async (
  caller: Caller,
  query: InvoiceListQuery,
  now = new Date(),
): Promise<InvoiceListResponse> => {
  const scope = listScope(caller.ability, 'read', 'Invoice');
  const own = scopeValue(scope, 'clientId');
  const limit = query.limit ?? invoiceLimits.pageSizeDefault;
  const page: InvoicePage = await (() => {
    // A client's filters cannot widen their scope: they always list their own.
    if (typeof own === 'string') return listClientInvoices(own, { withDrafts: false, limit, cursor: query.cursor });
    if (query.clientId) return listClientInvoices(query.clientId, { withDrafts: true, limit, cursor: query.cursor });
    const status = query.status ?? 'open';
    return status === 'overdue'
      ? listInvoicesByStatus('open', { dueBefore: now.toISOString(), limit, cursor: query.cursor })
      : listInvoicesByStatus(status, { limit, cursor: query.cursor });
  })();
  return {
    invoices: page.invoices.map((invoice) => toInvoiceView(invoice, now)),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
};

export const issueNow = async (caller: Caller, invoiceId: string, now = new Date()): Promise<InvoiceView> => {
  await changeable(caller, invoiceId);
  const outcome = await issueInvoice(invoiceId, now);
  if ('notDraft' in outcome) throw notInStatus(outcome.notDraft, 'a draft');
  return toInvoiceView(outcome.issued, now);
};

export const voidNow = async (caller: Caller, invoiceId: string, now = new Date()): Promise<InvoiceView> => {
  const invoice = await changeable(caller, invoiceId);
  if (invoice.status !== 'draft' && invoice.status !== 'open') throw notInStatus(invoice, 'a draft or open');
  try {
    return toInvoiceView(await voidInvoice(invoice, now), now);
  } catch (error) {
    if (error instanceof ConditionFailed && error.failed('invoice')) {
      throw notInStatus(await getInvoice(invoiceId), 'a draft or open');
    }
    throw error;
  }
};

/**
 * The whole amount due, received (partial payments are not kept: docs/decisions.md). The body is
 * read once the caller may update this invoice: who may not learns nothing of its fields.
 */
export const recordPayment = async (
  caller: Caller,
  invoiceId: string,
  body: () => RecordPayment,
  now = new Date(),
): Promise<InvoiceView> => {
  const invoice = await changeable(caller, invoiceId);
  const input = body();
  if (invoice.status !== 'open') throw notInStatus(invoice, 'open');
  const payment = {
    method: input.method,
    paidOn: input.paidOn,
    reference: input.reference,
    recordedBy: caller.principal.userId,
    recordedAt: now.toISOString(),
  };
  try {
    return toInvoiceView(await markInvoicePaid(invoice, payment, now), now);
  } catch (error) {
    if (error instanceof ConditionFailed && error.failed('invoice'))
      throw notInStatus(await getInvoice(invoiceId), 'open');
    throw error;
  }
};
