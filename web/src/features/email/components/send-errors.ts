import type { TFunction } from 'i18next';
import { ApiError } from '../../../shared/api/api-error';
import { inAWhile } from '../../../shared/i18n/retry-after';

/**
 * Where a failed send's reason goes: under the recipients (the server's message about them), or
 * above the form — too many outside recipients for now (429: the draft stays, to send once the
 * wait is over), or that the mail could not be sent.
 */
export const sendErrorOf = (
  error: unknown,
  t: TFunction,
  language: string,
): { readonly recipients: string } | { readonly problem: string } => {
  const fieldErrors = error instanceof ApiError ? error.errors : {};
  const first = ['to', 'cc', 'bcc'].map((name) => fieldErrors[name]?.[0]).find(Boolean);
  if (first) return { recipients: first };
  if (error instanceof ApiError && error.status === 429) {
    return { problem: t('email.composer.throttled', { when: inAWhile(error.retryAfterSeconds ?? 60, language) }) };
  }
  return { problem: t('email.composer.sendFailed') };
};
