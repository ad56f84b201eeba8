import { loginMessages } from '@orbit/functions/auth/messages';
import type { TranslationKey, Text } from '../../../shared/i18n/translate';

/**
 * Form errors hold either a translation key (so they follow language changes) or, for messages
 * the app does not know, the server's own text.
 */
export const translateMessage = (text: Pick<Text, 't' | 'exists'>, message: string): string =>
  text.exists(message) ? text.t(message as TranslationKey) : message;

/** Messages the API sends for sign-in (docs/product.md#errors), by their English text (valibot-free import). */
const knownServerMessages: Readonly<Record<string, TranslationKey>> = {
  [loginMessages.invalid]: 'auth.errors.invalidCredentials',
  // docs/roles.md: an administrator suspended the account.
  [loginMessages.suspended]: 'auth.errors.suspended',
};

export const keyForServerMessage = (message: string | undefined): string | undefined =>
  message === undefined ? undefined : (knownServerMessages[message] ?? message);
