import type { ForgotPasswordRequest, ResetPasswordRequest } from '@orbit/functions/auth/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** POST /api/auth/forgot-password: always 202, whether or not the phone has an account. */
export const requestPasswordResetCode = (body: ForgotPasswordRequest): Promise<void> =>
  apiRequest<void>('/api/auth/forgot-password', { method: 'POST', body, authenticated: false });

/** POST /api/auth/reset-password: 204, and every session of that user is revoked. */
export const resetPassword = (body: ResetPasswordRequest): Promise<void> =>
  apiRequest<void>('/api/auth/reset-password', { method: 'POST', body, authenticated: false });
