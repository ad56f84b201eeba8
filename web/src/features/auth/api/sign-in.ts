import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, SignInResponse } from '@orbit/functions/auth/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { updateSession } from '../../../shared/session/session-store';

/** POST /api/auth/login (spec §7): 201 with userAbilityRules, accessToken and userData. */
export const signIn = (body: LoginRequest): Promise<SignInResponse> =>
  apiRequest<SignInResponse>('/api/auth/login', { method: 'POST', body, authenticated: false });

/** Signs in and stores the session (spec §3) before the caller navigates. */
export const useSignIn = () =>
  useMutation({
    mutationFn: signIn,
    onSuccess: (response) => updateSession(response),
  });
