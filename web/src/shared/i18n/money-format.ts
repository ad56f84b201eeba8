import { currencies, type Currency } from '@orbit/functions/referrals/contract';

/**
 * Money, percentages and days as the reader's language writes them (Intl), and typed amounts read
 * back into minor units: the plans and referrals pages both show and take money.
 */

/** One formatter per language and currency: building an Intl formatter costs far more than using one. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in minor units (cents) as the reader's language writes money: "20,00 €", "€20.00". */
export const formatMoney = (minor: number, currency: Currency, language: string): string => {
  const key = `${language}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(minor / 10 ** currencies[currency]);
};

/** Basis points as a percentage in the reader's language: 1000 → "10 %", "10%", "‏10‏٪". */
export const formatPercent = (bps: number, language: string): string =>
  new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);

/**
 * What a person typed as an amount of money ("20", "20.5", "20,50"), in minor units; null when it
 * is not a plain positive number with at most the currency's decimals.
 */
export const parseMoney = (text: string, currency: Currency): number | null => {
  const decimals = currencies[currency];
  const normalised = text.trim().replace(',', '.');
  const pattern = decimals > 0 ? new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`) : /^\d+$/;
  if (!pattern.test(normalised)) return null;
  const [whole = '0', fraction = ''] = normalised.split('.');
  return Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
};

/** Minor units as the form shows them again ("20.00" for 2000 cents). */
export const moneyInput = (minor: number, currency: Currency): string =>
  (minor / 10 ** currencies[currency]).toFixed(currencies[currency]);

/** What a person typed as a percentage ("10", "12.5"), in basis points; null beyond two decimals. */
export const parsePercent = (text: string): number | null => {
  const normalised = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100);
};

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment (ISO 8601) as a day in the reader's language: "25 Nov 2026", "25 nov. 2026". */
export const formatDay = (iso: string, language: string): string => {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    dayFormats.set(language, format);
  }
  return format.format(new Date(iso));
};
