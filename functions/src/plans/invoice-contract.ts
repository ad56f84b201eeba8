import * as v from 'valibot';

import type {
  Currency,
  InvoiceLine,
  InvoicePayment,
  InvoiceRecord,
  InvoiceStatus,
  Language,
  PaymentMethod,
} from '../core/billing/records';
import { object, queryLimit, recordId } from '../core/schema';

/**
 * Invoices' contract (docs/plans.md, "Invoices"), imported by the web app too: the list and one
 * invoice with its lines and sums, and the admin's issue, void and recorded payment.
 */

export type { Currency, InvoiceLine, InvoicePayment, InvoiceStatus, Language, PaymentMethod };

export const invoiceLimits = {
  referenceMaxLength: 100,
  pageSizeDefault: 25,
  pageSizeMax: 100,
  /** Days from issue to the due date; open past it is overdue. */
  paymentTermDays: 14,
} as const;

export const invoiceStatuses = ['draft', 'open', 'paid', 'void'] as const satisfies readonly InvoiceStatus[];
/** A list filter: `overdue` is open invoices past their due date. */
export const invoiceStatusFilters = [...invoiceStatuses, 'overdue'] as const;
export type InvoiceStatusFilter = (typeof invoiceStatusFilters)[number];

/** An admin records these; `online` is written by the payment provider's webhook only. */
export const recordedPaymentMethods = [
  'bank_transfer',
  'card',
  'cash',
  'other',
] as const satisfies readonly PaymentMethod[];

/** An invoice as the API answers it: the record, with whether it is overdue now. */
export interface InvoiceView {
  readonly id: string;
  readonly clientId: string;
  readonly billedTo: InvoiceRecord['billedTo'];
  /** `2026-0001`; null while a draft. */
  readonly number: string | null;
  readonly status: InvoiceStatus;
  /** Open and past its due date (computed at answer time). */
  readonly overdue: boolean;
  readonly currency: Currency;
  readonly lines: readonly InvoiceLine[];
  readonly subtotal: number;
  readonly taxRateBps: number;
  readonly tax: number;
  readonly total: number;
  readonly creditApplied: number;
  readonly amountDue: number;
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly issuedAt: string | null;
  readonly dueAt: string | null;
  readonly payment: InvoicePayment | null;
  readonly voidedAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly version: number;
}

/** GET /api/apps/plans/invoices/{id}, and the answer of issue, void and payments. */
export interface InvoiceResponse {
  readonly invoice: InvoiceView;
}

/** GET /api/apps/plans/invoices: newest first for a client's own; by due date for a status. */
export interface InvoiceListResponse {
  readonly invoices: readonly InvoiceView[];
  readonly nextCursor?: string;
}

/**
 * GET /api/apps/plans/invoices: a client always gets their own (the filters are an admin's);
 * an admin filters by status or by client, not both (each is one index).
 */
export const invoiceListQuerySchema = v.pipe(
  object({
    status: v.optional(v.picklist(invoiceStatusFilters, 'Unknown status')),
    clientId: v.optional(recordId('clientId is not valid')),
    cursor: v.optional(v.pipe(v.string(), v.maxLength(500, 'cursor is not valid'))),
    limit: v.optional(queryLimit(invoiceLimits.pageSizeMax)),
  }),
  v.forward(
    v.check((query) => query.status === undefined || query.clientId === undefined, 'Filter by status or by client'),
    ['status'],
  ),
);
export type InvoiceListQuery = v.InferOutput<typeof invoiceListQuerySchema>;

const isCalendarDay = (value: string): boolean => {
  const day = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
};

/** POST /api/apps/plans/invoices/{id}/payments: the whole amount due, received on a day (full payment only). */
export const recordPaymentSchema = object({
  method: v.picklist(recordedPaymentMethods, 'Choose how it was paid'),
  paidOn: v.pipe(
    v.string('Give the day it was paid'),
    v.regex(/^\d{4}-\d{2}-\d{2}$/u, 'Give the day as YYYY-MM-DD'),
    v.check(isCalendarDay, 'Give a real day'),
  ),
  reference: v.optional(
    v.pipe(
      v.string('reference must be text'),
      v.trim(),
      v.maxLength(invoiceLimits.referenceMaxLength, `At most ${invoiceLimits.referenceMaxLength} characters`),
    ),
    '',
  ),
});
export type RecordPayment = v.InferOutput<typeof recordPaymentSchema>;
