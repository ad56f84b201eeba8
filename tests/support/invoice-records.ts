import { PutCommand } from '@aws-sdk/lib-dynamodb';

import { invoiceEntity } from '@orbit/functions/core/billing/entities';
import type { InvoiceRecord } from '@orbit/functions/core/billing/records';
import { db } from '@orbit/functions/core/db';
import { ulid } from '@orbit/functions/core/ids';
import { tableName } from '@orbit/functions/core/table';

/**
 * An invoice as the plans area's drafting and issuing write it, put straight into the running
 * stack's table: for the areas that only read invoices (the PDF) or move an open one to paid
 * (paying online), whose tests need an invoice in a given state, not the whole billing cycle.
 */
export const putInvoice = async (clientId: string, overrides: Partial<InvoiceRecord> = {}): Promise<InvoiceRecord> => {
  const invoice: InvoiceRecord = {
    id: ulid(),
    clientId,
    billedTo: { fullName: 'Maya Rahal', email: 'maya@example.com', language: 'en' },
    number: '2026-0042',
    status: 'open',
    currency: 'EUR',
    lines: [
      {
        kind: 'plan',
        planId: 'growth',
        planName: { en: 'Growth', fr: 'Croissance', ar: 'النمو' },
        interval: 'month',
        periodStart: '2026-11-01T00:00:00.000Z',
        periodEnd: '2026-12-01T00:00:00.000Z',
        amount: 107_900,
      },
      {
        kind: 'proration',
        planId: 'starter',
        planName: { en: 'Starter', fr: 'Essentiel', ar: 'البداية' },
        direction: 'unused',
        days: 10,
        periodDays: 30,
        periodStart: '2026-11-21T00:00:00.000Z',
        periodEnd: '2026-12-01T00:00:00.000Z',
        amount: -967,
      },
    ],
    subtotal: 106_933,
    taxRateBps: 2000,
    tax: 21_387,
    total: 128_320,
    creditApplied: 1_000,
    amountDue: 127_320,
    periodStart: '2026-11-01T00:00:00.000Z',
    periodEnd: '2026-12-01T00:00:00.000Z',
    issuedAt: '2026-11-01T01:00:00.000Z',
    dueAt: '2026-11-15T01:00:00.000Z',
    payment: null,
    voidedAt: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T01:00:00.000Z',
    version: 2,
    ...overrides,
  };
  await db().send(new PutCommand({ TableName: tableName(), Item: invoiceEntity.toItem(invoice) }));
  return invoice;
};
