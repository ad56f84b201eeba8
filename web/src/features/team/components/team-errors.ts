import type { ParseKeys } from 'i18next';
import { isApiError } from '../../../shared/api/api-error';

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
