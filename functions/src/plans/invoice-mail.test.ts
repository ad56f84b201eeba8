import { describe, expect, it } from 'vitest';

import type { InvoiceRecord, Language } from '../core/billing/records';
import { invoiceNumber } from './invoice-issuing';
import { formatMoney, invoiceEmail } from './invoice-mail';

const invoice = (language: Language, creditApplied = 2_000): InvoiceRecord => ({
  id: '01JINVOICE',
  clientId: 'client-1',
  billedTo: { fullName: 'Maya Rahal', email: 'maya@example.com', language },
  number: '2026-0042',
  status: 'open',
  currency: 'EUR',
  lines: [],
  subtotal: 7_900,
  taxRateBps: 2_000,
  tax: 1_580,
  total: 9_480,
  creditApplied,
  amountDue: 9_480 - creditApplied,
  periodStart: '2026-03-01T00:00:00.000Z',
  periodEnd: '2026-04-01T00:00:00.000Z',
  issuedAt: '2026-03-01T01:00:00.000Z',
  dueAt: '2026-03-15T01:00:00.000Z',
  payment: null,
  voidedAt: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T01:00:00.000Z',
  version: 2,
});

/** Intl separates with narrow and non-breaking spaces; compare with plain ones. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('the invoice mail', () => {
  it('says the number, the period to its last day, the sums, the due date and the link', () => {
    expect(invoiceEmail(invoice('en'), 'https://orbit.example')).toEqual({
      subject: 'Invoice 2026-0042 from Orbit',
      text: [
        'Hello Maya Rahal,',
        '',
        'Your invoice 2026-0042 is ready.',
        '',
        'Period: March 1, 2026 – March 31, 2026',
        'Total (tax included): €94.80',
        'Referral credit applied: −€20.00',
        'Amount due: €74.80',
        'Due date: March 15, 2026',
        '',
        'See it and download the PDF: https://orbit.example/information/plans?invoice=01JINVOICE',
        '',
        'Thank you for working with us.',
      ].join('\n'),
    });
  });

  it('leaves the credit line out when none was applied', () => {
    expect(invoiceEmail(invoice('en', 0), undefined).text).not.toContain('Referral credit');
  });

  it('speaks French and Arabic, with their number and date formats', () => {
    const french = plain(invoiceEmail(invoice('fr'), 'https://orbit.example').text);
    expect(french).toContain('Période : 1 mars 2026 – 31 mars 2026');
    expect(french).toContain('Montant à payer : 74,80 €');
    expect(french).toContain('Échéance : 15 mars 2026');
    const arabic = invoiceEmail(invoice('ar'), 'https://orbit.example');
    expect(arabic.subject).toBe('الفاتورة 2026-0042 من Orbit');
    expect(arabic.text).toContain(`المبلغ المستحق: ${formatMoney('ar', 'EUR', 7_480)}`);
  });

  it('formats minor units by the currency’s own decimals', () => {
    expect(formatMoney('en', 'JPY', 1_200)).toBe('¥1,200');
    expect(formatMoney('en', 'EUR', -935)).toBe('-€9.35');
  });
});

describe('invoice numbers', () => {
  it('are the year and four digits at least', () => {
    expect(invoiceNumber(2026, 7)).toBe('2026-0007');
    expect(invoiceNumber(2026, 12_345)).toBe('2026-12345');
  });
});
