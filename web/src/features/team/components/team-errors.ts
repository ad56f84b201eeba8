import type { ParseKeys, TFunction } from 'i18next';
import { isApiError } from '../../../shared/api/api-error';
import { inAWhile } from '../../../shared/i18n/retry-after';

/** What a failed team action says, in the caller's language (the server's reasons, functions/src/team/messages.ts). */
export const teamErrorKey = (error: unknown): ParseKeys => {
  if (!isApiError(error)) return 'team.errors.generic';
  if (error.code === 'network') return 'errors.network';
  if (error.status === 409 && error.fieldError('role')) return 'team.errors.lastAdmin';
  if (error.status === 409 && error.fieldError('version')) return 'team.errors.stale';
  if (error.status === 409 && error.fieldError('email')) return 'team.errors.emailTaken';
  if (error.status === 409 && error.fieldError('phone')) return 'team.errors.phoneTaken';
  if (error.status === 400 && error.fieldError('phone')) return 'team.errors.phone';
  if (error.status === 400 && error.fieldError('email')) return 'team.errors.email';
  if (error.status === 403) return 'team.errors.adminOnly';
  return 'team.errors.generic';
};

/**
 * What a failed team action says, as text: invitations sent too often (429, the API's limits per
 * member and per invitation) say when to try again; anything else is its key's message.
 */
export const teamErrorText = (error: unknown, t: TFunction, language: string): string =>
  isApiError(error) && error.status === 429
    ? t('team.errors.throttled', { when: inAWhile(error.retryAfterSeconds ?? 60, language) })
    : t(teamErrorKey(error));
