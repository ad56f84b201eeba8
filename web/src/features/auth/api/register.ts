import type { registerRequest, SignInResponse } from '@orbit/functions/auth/contract';
import type * as v from 'valibot';
import { apiRequest } from '../../../shared/api/api-client';
import { updateSession } from '../../../shared/session/session-store';

export type RegisterBody = v.InferOutput<typeof registerRequest>;

/** POST /api/auth/register: creates a client and signs them in (same answer as sign-in). */
export const register = (body: RegisterBody): Promise<SignInResponse> =>
  apiRequest<SignInResponse>('/api/auth/register', { method: 'POST', body, authenticated: false });

/** Registers and stores the session before the caller navigates. */
export const registerAndStore = async (body: RegisterBody): Promise<SignInResponse> => {
  const response = await register(body);
  updateSession(response);
  return response;
};
