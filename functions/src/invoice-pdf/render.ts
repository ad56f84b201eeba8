import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import PDFDocument from 'pdfkit';

import type { InvoiceLine, InvoiceRecord, Language } from '../core/billing/records';
import { invoiceFontFiles } from './font-files';
import { invoiceFormats, type InvoiceFormats } from './formats';
import { invoiceLabels, type InvoiceLabels } from './labels';
import { isolateLeftToRight, visualRuns } from './visual-runs';

/** The agency's name as its invoices print it (the name its mail goes out under). */
export const agencyName = 'Orbit';

let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () => {
  if (!fonts) {
    const resolve = createRequire(import.meta.url).resolve;
    fonts = {
      regular: readFileSync(resolve(invoiceFontFiles.regular)),
      bold: readFileSync(resolve(invoiceFontFiles.bold)),
    };
  }
  return fonts;
};

const pageWidth = 595.28; // A4, points
const margin = 50;
const contentWidth = pageWidth - 2 * margin;
const ink = '#1f2937';
const muted = '#6b7280';
const stampColours = { draft: '#6b7280', paid: '#15803d', void: '#b91c1c' } as const;

interface Writer {
  readonly doc: PDFKit.PDFDocument;
  readonly direction: 'ltr' | 'rtl';
}

interface Placement {
  /** From the start edge of the content box (left in English, right in Arabic). */
  readonly offset: number;
  readonly width: number;
  readonly y: number;
  readonly align?: 'start' | 'end';
  readonly bold?: boolean;
  readonly size?: number;
  readonly colour?: string;
}

/**
 * Given features (the font's defaults, none added), PDFKit lays a run out whole; without, it lays
 * out each word apart and joins them left to right, which puts a right-to-left run's words in
 * the wrong order and its spaces at the wrong ends.
 */
const wholeRun = { features: [] };

/** One line of text in a box, runs in drawing order (visual-runs.ts), mirrored for right-to-left. */
const write = ({ doc, direction }: Writer, text: string, place: Placement) => {
  doc
    .font(place.bold ? 'bold' : 'regular')
    .fontSize(place.size ?? 10)
    .fillColor(place.colour ?? ink);
  const runs = visualRuns(text, direction);
  const widths = runs.map((run) => doc.widthOfString(run.text, wholeRun));
  const textWidth = widths.reduce((sum, width) => sum + width, 0);
  const boxLeft = direction === 'ltr' ? margin + place.offset : pageWidth - margin - place.offset - place.width;
  const alignLeft = (place.align ?? 'start') === 'start' ? direction === 'ltr' : direction === 'rtl';
  let x = alignLeft ? boxLeft : boxLeft + place.width - textWidth;
  runs.forEach((run, index) => {
    doc.text(run.text, x, place.y, { ...wholeRun, lineBreak: false });
    x += widths[index] ?? 0;
  });
};

const lineText = (line: InvoiceLine, language: Language, labels: InvoiceLabels, format: InvoiceFormats) => {
  const period = format.period(line.periodStart, line.periodEnd);
  const plan = line.planName[language];
  if (line.kind === 'plan') return labels.planLine(plan, line.interval, period);
  return labels.prorationLine(plan, line.direction, format.count(line.days), format.count(line.periodDays), period);
};

const rule = (doc: PDFKit.PDFDocument, y: number) =>
  doc
    .moveTo(margin, y)
    .lineTo(pageWidth - margin, y)
    .lineWidth(0.5)
    .strokeColor('#d1d5db')
    .stroke();

/** The invoice as a one-page A4 PDF in `language` (docs/plans.md, "Invoice PDF"). */
export const renderInvoicePdf = (invoice: InvoiceRecord, language: Language): Promise<Buffer> => {
  const labels = invoiceLabels[language];
  const format = invoiceFormats(language, invoice.currency);
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    // The constructor would otherwise load Helvetica from PDFKit's files, which no bundle carries;
    // it takes a font's bytes as well as a name, whatever its types say.
    font: regular as unknown as string,
    lang: language,
    info: { Title: `${labels.invoice} ${invoice.number ?? ''}`.trim(), Author: agencyName },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const writer: Writer = { doc, direction: language === 'ar' ? 'rtl' : 'ltr' };
  // Numbers in Latin digits stay one left-to-right piece inside Arabic.
  const number = invoice.number ? isolateLeftToRight(invoice.number) : labels.notIssued;
  const half = contentWidth / 2;

  write(writer, agencyName, { offset: 0, width: half, y: margin, bold: true, size: 20 });
  write(writer, labels.invoice, { offset: half, width: half, y: margin, align: 'end', bold: true, size: 20 });
  write(writer, number, { offset: half, width: half, y: margin + 28, align: 'end', size: 12, colour: muted });

  let y = margin + 70;
  const facts: [string, string][] = [
    [labels.number, number],
    [labels.issuedOn, invoice.issuedAt ? format.date(invoice.issuedAt) : labels.notIssued],
    [labels.dueOn, invoice.dueAt ? format.date(invoice.dueAt) : labels.notIssued],
  ];
  write(writer, labels.billedTo, { offset: 0, width: half, y, bold: true });
  write(writer, invoice.billedTo.fullName, { offset: 0, width: half, y: y + 16 });
  write(writer, invoice.billedTo.email, { offset: 0, width: half, y: y + 32, colour: muted });
  for (const [index, [label, value]] of facts.entries()) {
    write(writer, label, { offset: half, width: half / 2, y: y + index * 16, colour: muted });
    write(writer, value, { offset: half + half / 2, width: half / 2, y: y + index * 16, align: 'end' });
  }

  y += 80;
  const amountWidth = 120;
  const descriptionWidth = contentWidth - amountWidth;
  write(writer, labels.description, { offset: 0, width: descriptionWidth, y, bold: true });
  write(writer, labels.amount, { offset: descriptionWidth, width: amountWidth, y, align: 'end', bold: true });
  rule(doc, y + 16);
  y += 24;
  for (const line of invoice.lines) {
    write(writer, lineText(line, language, labels, format), { offset: 0, width: descriptionWidth, y, size: 9 });
    write(writer, format.money(line.amount), { offset: descriptionWidth, width: amountWidth, y, align: 'end' });
    y += 20;
  }
  rule(doc, y);
  y += 10;

  const totals: [string, string, boolean][] = [
    [labels.subtotal, format.money(invoice.subtotal), false],
    [labels.tax(format.percent(invoice.taxRateBps)), format.money(invoice.tax), false],
    [labels.total, format.money(invoice.total), true],
    [labels.creditApplied, format.money(-invoice.creditApplied), false],
    [labels.amountDue, format.money(invoice.amountDue), true],
  ];
  for (const [label, value, strong] of totals) {
    write(writer, label, { offset: half, width: half - amountWidth, y, bold: strong });
    write(writer, value, { offset: contentWidth - amountWidth, width: amountWidth, y, align: 'end', bold: strong });
    y += 18;
  }

  const stamp = invoice.status === 'open' ? undefined : invoice.status;
  if (stamp) {
    y += 30;
    write(writer, labels.stamp[stamp], {
      offset: 0,
      width: half,
      y,
      bold: true,
      size: 28,
      colour: stampColours[stamp],
    });
    if (stamp === 'paid' && invoice.payment) {
      write(writer, labels.paidOn(format.date(invoice.payment.paidOn)), {
        offset: 0,
        width: half,
        y: y + 40,
        colour: muted,
      });
    }
  }

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
};
