import type { LoginRequest, SignInResponse } from '@orbit/functions/auth/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { updateSession } from '../../../shared/session/session-store';

/** POST /api/auth/login (docs/product.md#calls): 201 with userAbilityRules, accessToken and userData. */
export const signIn = (body: LoginRequest): Promise<SignInResponse> =>
  apiRequest<SignInResponse>('/api/auth/login', { method: 'POST', body, authenticated: false });

/**
 * Signs in and stores the session (docs/product.md#stored-values) before the caller navigates. A plain
 * function, not a query-cache mutation: the sign-in page must not download the server-state library.
 */
export const signInAndStore = async (body: LoginRequest): Promise<SignInResponse> => {
  const response = await signIn(body);
  updateSession(response);
  return response;
};
