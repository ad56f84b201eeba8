import { isApiError } from '../../../shared/api/api-error';
import { inAWhile } from '../../../shared/i18n/retry-after';
import type { Text } from '../../../shared/i18n/translate';

/**
 * What a failed security call tells the user, and under which field: a wrong password or code
 * under its field, too many tries (429), anything else as a general message.
 */
export const securityErrorOf = (
  error: unknown,
  { t, language }: Pick<Text, 't' | 'language'>,
): { readonly field?: string; readonly message: string } => {
  if (!isApiError(error)) return { message: t('userSecurity.errors.generic') };
  if (error.status === 429) {
    return {
      message: t('userSecurity.errors.throttled', { when: inAWhile(error.retryAfterSeconds ?? 900, language) }),
    };
  }
  if (error.status === 400) {
    for (const field of ['currentPassword', 'password']) {
      if (error.fieldError(field)) return { field, message: t('userSecurity.errors.wrongPassword') };
    }
    if (error.fieldError('code')) return { field: 'code', message: t('userSecurity.errors.wrongCode') };
    if (error.fieldError('newPassword')) {
      return { field: 'newPassword', message: t('userSecurity.errors.newPasswordLength') };
    }
  }
  return { message: t('userSecurity.errors.generic') };
};
