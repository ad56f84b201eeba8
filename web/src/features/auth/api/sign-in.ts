import type { LoginRequest, SignInResponse } from '@orbit/functions/auth/contract';
import type { TwoStepDueResponse, TwoStepSignInResponse } from '@orbit/functions/auth/security-contract';
import { apiRequest } from '../../../shared/api/api-client';
import { isLanguage } from '../../../shared/i18n/languages';
import { currentLanguage, setLanguage } from '../../../shared/i18n/language-store';
import { updateSession } from '../../../shared/session/session-store';

/**
 * POST /api/auth/login (docs/product.md#calls): 201 with userAbilityRules, accessToken and userData; with
 * two-step verification on, 200 with a challenge for the second step instead (docs/user-view.md).
 */
export const signIn = (body: LoginRequest): Promise<SignInResponse | TwoStepDueResponse> =>
  apiRequest<SignInResponse | TwoStepDueResponse>('/api/auth/login', { method: 'POST', body, authenticated: false });

export const isTwoStepDue = (response: SignInResponse | TwoStepDueResponse): response is TwoStepDueResponse =>
  'twoStep' in response;

/** The language saved on the account, if it differs from the one shown: applied and remembered. */
const applyLanguage = async (language: unknown): Promise<void> => {
  if (isLanguage(language) && language !== currentLanguage()) await setLanguage(language);
};

/**
 * The saved language after a one-step sign-in: the sign-in response stays the spec's, so it is
 * asked of GET /api/auth/me. A failure leaves the language as it is; the sign-in stands.
 */
const applySavedLanguage = async (): Promise<void> => {
  try {
    await applyLanguage((await apiRequest<{ language?: string }>('/api/auth/me')).language);
  } catch {
    // The language is a preference: the signed-in page works in the current one.
  }
};

/**
 * Signs in and stores the session (docs/product.md#stored-values) before the caller navigates, or
 * returns the challenge when a code is due. A plain function, not a query-cache mutation: the
 * sign-in page must not download the server-state library.
 */
export const signInAndStore = async (body: LoginRequest): Promise<SignInResponse | TwoStepDueResponse> => {
  const response = await signIn(body);
  if (isTwoStepDue(response)) return response;
  updateSession(response);
  await applySavedLanguage();
  return response;
};

export type TwoStepInput = { readonly challenge: string } & (
  { readonly code: string } | { readonly recoveryCode: string }
);

/** POST /api/auth/login/two-step: the second step; stores the session and applies the saved language. */
export const completeTwoStepAndStore = async (body: TwoStepInput): Promise<TwoStepSignInResponse> => {
  const response = await apiRequest<TwoStepSignInResponse>('/api/auth/login/two-step', {
    method: 'POST',
    body,
    authenticated: false,
  });
  const { language, ...session } = response;
  updateSession(session);
  await applyLanguage(language);
  return response;
};
