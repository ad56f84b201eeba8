import { currencies, type Currency, type Language } from '../core/billing/records';

/**
 * Numbers, money and dates as the language writes them (Intl), for the PDF's font: it has
 * neither the narrow no-break space (French groups digits with one) nor the thin space (around
 * the dash of an English date range), so a no-break space and a space stand in.
 */
const drawable = (text: string) => text.replace(/\u202f/g, '\u00a0').replace(/\u2009/g, ' ');

const dayInMs = 86_400_000;

export interface InvoiceFormats {
  readonly money: (minorUnits: number) => string;
  readonly date: (iso: string) => string;
  /** A period [start, end) shown by its first and last day. */
  readonly period: (start: string, end: string) => string;
  readonly percent: (basisPoints: number) => string;
  readonly count: (value: number) => string;
}

export const invoiceFormats = (language: Language, currency: Currency): InvoiceFormats => {
  const money = new Intl.NumberFormat(language, { style: 'currency', currency });
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 });
  const count = new Intl.NumberFormat(language);
  return {
    money: (minorUnits) => drawable(money.format(minorUnits / 10 ** currencies[currency])),
    date: (iso) => drawable(day.format(new Date(iso))),
    period: (start, end) =>
      drawable(day.formatRange(new Date(start), new Date(Math.max(Date.parse(start), Date.parse(end) - dayInMs)))),
    percent: (basisPoints) => drawable(percent.format(basisPoints / 10_000)),
    count: (value) => drawable(count.format(value)),
  };
};
