import type { i18n as I18n, ParseKeys, TFunction } from 'i18next';

/**
 * Form errors hold either a translation key (so they follow language changes) or, for messages
 * the app does not know, the server's own text.
 */
export const translateMessage = (i18n: I18n, t: TFunction, message: string): string =>
  i18n.exists(message) ? t(message as ParseKeys) : message;

/** Messages the API sends for sign-in (spec §8), by their English text. */
const knownServerMessages: Readonly<Record<string, ParseKeys>> = {
  'Invalid email or password': 'auth.errors.invalidCredentials',
};

export const keyForServerMessage = (message: string | undefined): string | undefined =>
  message === undefined ? undefined : (knownServerMessages[message] ?? message);

/** "in 15 minutes" / "dans 15 minutes" / "خلال 15 دقيقة", for a wait given in seconds. */
export const formatRetryAfter = (seconds: number, language: string): string => {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  return seconds < 60
    ? format.format(Math.max(1, Math.ceil(seconds)), 'second')
    : format.format(Math.ceil(seconds / 60), 'minute');
};
