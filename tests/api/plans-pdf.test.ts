import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LocalStack } from '../../infra/local/stack';
import { signInDemoUsers, startApiStack, type ApiClient } from '../support/api-stack';
import { putInvoice } from '../support/invoice-records';

/**
 * An invoice as PDF (docs/plans.md, "Invoice PDF"): the document parses and its text, extracted
 * here with PDF.js, holds the invoice's number and sums as the language writes them; Arabic
 * comes out in logical order (drawn right to left, letters joined); a client gets only their
 * own issued invoices.
 */

let stack: LocalStack;
let admin: ApiClient;
let clientA: ApiClient;
let clientB: ApiClient;
let clientAId: string;

beforeAll(async () => {
  stack = await startApiStack();
  const signedIn = await signInDemoUsers(stack.url);
  ({ admin, clientA, clientB } = signedIn);
  clientAId = signedIn.ids.clientA;
});

afterAll(async () => {
  await stack?.stop();
});

const download = (by: ApiClient, invoiceId: string, query = '') =>
  fetch(`${stack.url}/api/apps/plans/invoices/${invoiceId}/pdf${query}`, {
    headers: { authorization: `Bearer ${by.accessToken ?? ''}` },
  });

/** The page's text: PDF.js joins each drawn piece; spaces of every kind become one. */
const textOf = async (response: Response): Promise<string> => {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  const document = await getDocument({ data: bytes, useSystemFonts: false }).promise;
  expect(document.numPages).toBe(1);
  const content = await (await document.getPage(1)).getTextContent();
  return content.items
    .map((item) => ('str' in item ? item.str : ''))
    .join(' ')
    .replace(/\s+/gu, ' ');
};

/** What Intl writes, with the same spaces and without the direction marks no glyph draws. */
const plain = (text: string) => text.replace(/[\u061c\u200e\u200f]/g, '').replace(/\s+/gu, ' ');
const money = (language: string, minorUnits: number) =>
  plain(new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(minorUnits / 100));

describe('the invoice PDF', () => {
  it("is the client's invoice in their language by default, with its number, lines and sums", async () => {
    const invoice = await putInvoice(clientAId);
    const response = await download(clientA, invoice.id);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="invoice-2026-0042.pdf"');
    const text = await textOf(response);
    expect(text).toContain('Invoice');
    expect(text).toContain('2026-0042');
    expect(text).toContain('Maya Rahal');
    expect(text).toContain('Growth plan, monthly: Nov 1 – 30, 2026');
    expect(text).toContain('Unused time on Starter (10 of 30 days): Nov 21 – 30, 2026');
    expect(text).toContain('Tax (20%)');
    expect(text).toContain(`Total ${money('en', 128_320)}`);
    expect(text).toContain('€1,283.20');
    expect(text).toContain(`Amount due ${money('en', 127_320)}`);
    expect(text).toContain('Due date Nov 15, 2026');
  });

  it('writes French numbers, money and dates for ?lang=fr, and stamps a paid invoice', async () => {
    const invoice = await putInvoice(clientAId, {
      status: 'paid',
      payment: {
        method: 'online',
        paidOn: '2026-11-03',
        reference: 'pi_123',
        recordedBy: 'provider',
        recordedAt: '2026-11-03T10:00:00.000Z',
      },
    });
    const text = await textOf(await download(clientA, invoice.id, '?lang=fr'));
    expect(text).toContain('Facture');
    expect(text).toContain('Forfait Croissance, mensuel : 1–30 nov. 2026');
    expect(text).toContain('TVA (20 %)');
    expect(text).toContain(`Total ${money('fr', 128_320)}`);
    expect(text).toContain('1 283,20 €');
    expect(text).toContain('PAYÉE');
    expect(text).toContain('Payée le 3 nov. 2026');
  });

  it('draws Arabic right to left with joined letters: extracted, the words read in logical order', async () => {
    const invoice = await putInvoice(clientAId, {
      billedTo: { fullName: 'مايا رحال', email: 'maya@example.com', language: 'ar' },
      status: 'void',
      voidedAt: '2026-11-04T00:00:00.000Z',
    });
    const text = await textOf(await download(admin, invoice.id));
    // Words of one label come out in reading order, spaced, and joined letters map back to theirs.
    for (const label of ['فاتورة', 'الوصف', 'المجموع الفرعي', 'المبلغ المستحق', 'مايا رحال', 'ملغاة']) {
      expect(text).toContain(label);
    }
    expect(text).toContain('2026-0042');
    const total = new Intl.NumberFormat('ar', { style: 'currency', currency: 'EUR' })
      .formatToParts(1283.2)
      .filter((part) => !['currency', 'literal'].includes(part.type))
      .map((part) => part.value)
      .join('');
    expect(text).toContain(total);
  });

  it("is a 404 for another client's invoice, and for a client's own draft; admins see drafts", async () => {
    const issued = await putInvoice(clientAId);
    expect((await download(clientB, issued.id)).status).toBe(404);
    const draft = await putInvoice(clientAId, { status: 'draft', number: null, issuedAt: null, dueAt: null });
    expect((await download(clientA, draft.id)).status).toBe(404);
    const adminsCopy = await download(admin, draft.id);
    expect(adminsCopy.headers.get('content-disposition')).toBe(`attachment; filename="invoice-draft-${draft.id}.pdf"`);
    expect(await textOf(adminsCopy)).toContain('DRAFT');
    expect((await download(admin, 'no-such-invoice')).status).toBe(404);
  });

  it('refuses a language it does not write', async () => {
    const invoice = await putInvoice(clientAId);
    const response = await download(clientA, invoice.id, '?lang=de');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: { lang: ['lang must be en, fr or ar'] } });
  });
});
