import type { InvoiceRecord, Language } from '../core/billing/records';

/**
 * The invoice mail's words (docs/plans.md, "Invoices"), in the client's language as billed
 * (English, French, Arabic): the number, the period, the total, the credit applied, what is due
 * and by when, and where to see it (the PDF is downloaded there, signed in; nothing attached).
 * Money and dates are formatted by Intl in that language.
 */

interface Words {
  readonly subject: (number: string) => string;
  readonly greeting: (name: string) => string;
  readonly intro: (number: string) => string;
  readonly period: string;
  readonly total: string;
  readonly credit: string;
  readonly due: string;
  readonly dueDate: string;
  readonly view: string;
  readonly thanks: string;
}

const words: Record<Language, Words> = {
  en: {
    subject: (number) => `Invoice ${number} from Orbit`,
    greeting: (name) => `Hello ${name},`,
    intro: (number) => `Your invoice ${number} is ready.`,
    period: 'Period',
    total: 'Total (tax included)',
    credit: 'Referral credit applied',
    due: 'Amount due',
    dueDate: 'Due date',
    view: 'See it and download the PDF',
    thanks: 'Thank you for working with us.',
  },
  fr: {
    subject: (number) => `Facture ${number} d’Orbit`,
    greeting: (name) => `Bonjour ${name},`,
    intro: (number) => `Votre facture ${number} est disponible.`,
    period: 'Période',
    total: 'Total TTC',
    credit: 'Crédit de parrainage déduit',
    due: 'Montant à payer',
    dueDate: 'Échéance',
    view: 'La consulter et télécharger le PDF',
    thanks: 'Merci de votre confiance.',
  },
  ar: {
    subject: (number) => `الفاتورة ${number} من Orbit`,
    greeting: (name) => `مرحبًا ${name}،`,
    intro: (number) => `فاتورتك ${number} جاهزة.`,
    period: 'الفترة',
    total: 'الإجمالي (شامل الضريبة)',
    credit: 'رصيد الإحالة المخصوم',
    due: 'المبلغ المستحق',
    dueDate: 'تاريخ الاستحقاق',
    view: 'اعرضها ونزّل ملف PDF',
    thanks: 'شكرًا لتعاملك معنا.',
  },
};

/** Minor units as the currency is written in the language (Intl knows each currency's decimals). */
export const formatMoney = (language: Language, currency: string, minor: number): string => {
  const format = new Intl.NumberFormat(language, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
};

const formatDay = (language: Language, iso: string): string =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/** The last day a period covers: periods end at the next one's first midnight. */
const lastDayOf = (periodEnd: string): string => new Date(Date.parse(periodEnd) - 1).toISOString();

export const invoicePath = (invoiceId: string): string => `/information/plans?invoice=${encodeURIComponent(invoiceId)}`;

export const invoiceEmail = (
  invoice: InvoiceRecord,
  baseUrl: string | undefined,
): { readonly subject: string; readonly text: string } => {
  const language = invoice.billedTo.language;
  const w = words[language];
  const number = invoice.number ?? '';
  const money = (minor: number) => formatMoney(language, invoice.currency, minor);
  // French sets a space before the colon.
  const field = (label: string, value: string) => `${label}${language === 'fr' ? '\u00a0:' : ':'} ${value}`;
  const lines = [
    w.greeting(invoice.billedTo.fullName),
    '',
    w.intro(number),
    '',
    field(
      w.period,
      `${formatDay(language, invoice.periodStart)} – ${formatDay(language, lastDayOf(invoice.periodEnd))}`,
    ),
    field(w.total, money(invoice.total)),
    ...(invoice.creditApplied > 0 ? [field(w.credit, `−${money(invoice.creditApplied)}`)] : []),
    field(w.due, money(invoice.amountDue)),
    ...(invoice.dueAt ? [field(w.dueDate, formatDay(language, invoice.dueAt))] : []),
    '',
    field(w.view, `${baseUrl ?? ''}${invoicePath(invoice.id)}`),
    '',
    w.thanks,
  ];
  return { subject: w.subject(number), text: lines.join('\n') };
};
