import * as v from 'valibot';

import { defineAreaHandler } from '../core/handler';
import { authHttpRoutes } from '../routes';
import { bearerToken, json, noContent, parseBody, pathParam, readCookie, readJson } from '../core/http';
import { refreshCookieName } from '../core/auth/tokens';
import {
  acceptInvitationRequest,
  forgotPasswordRequest,
  loginRequest,
  registerRequest,
  resetPasswordRequest,
  loginMessages,
} from './contract';
import {
  describeSignedInUser,
  refresh,
  register,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
} from './service';
import { ValidationError } from '../core/errors';
import { requestSource } from './request-source';
import { originOf, readWithSessionForSecurity, securityHandlers } from './security-handlers';
import { acceptInvitation, resetMemberTwoStep } from './team-accounts';

const cookiesOf = (cookie: string | undefined) => (cookie ? { cookies: [cookie] } : {});

export const handler = defineAreaHandler(
  'auth',
  authHttpRoutes,
  {
    'POST /api/auth/login': async ({ event }) => {
      // docs/product.md#errors: any mismatch, including a body of the wrong shape, is the one sign-in error.
      let input: unknown;
      try {
        input = readJson(event);
      } catch {
        input = undefined;
      }
      const parsed = v.safeParse(loginRequest, input);
      if (!parsed.success) throw new ValidationError({ phone: [loginMessages.invalid] });
      const outcome = await signIn(parsed.output, originOf(event), requestSource(event));
      // Two-step verification on: no session yet, the challenge for POST /api/auth/login/two-step (docs/user-view.md).
      if ('twoStep' in outcome) return json(200, { twoStep: outcome.twoStep });
      return json(201, outcome.body, cookiesOf(outcome.cookie));
    },
    'POST /api/auth/register': async ({ event }) => {
      const { body, cookie } = await register(parseBody(event, registerRequest), originOf(event), requestSource(event));
      return json(201, body, cookiesOf(cookie));
    },
    'POST /api/auth/refresh': async ({ event }) => {
      const { body, cookie } = await refresh(readCookie(event, refreshCookieName), new Date(), originOf(event).ip);
      return json(200, body, cookiesOf(cookie));
    },
    'POST /api/auth/logout': async ({ event }) => {
      const cleared = await signOut(readCookie(event, refreshCookieName), bearerToken(event));
      return noContent({ cookies: [cleared] });
    },
    'POST /api/auth/forgot-password': async ({ event }) => {
      await requestPasswordReset(parseBody(event, forgotPasswordRequest), requestSource(event));
      return json(202, { message: 'If this phone is registered, a code is on its way.' });
    },
    'POST /api/auth/reset-password': async ({ event }) => {
      await resetPassword(parseBody(event, resetPasswordRequest), Date.now(), originOf(event));
      return noContent();
    },
    'GET /api/auth/me': async ({ caller }) => json(200, await describeSignedInUser(caller.principal.userId)),
    ...securityHandlers,
    // Team (docs/roles.md, "Team and invitations")
    'POST /api/auth/accept-invitation': async ({ event }) => {
      const { body, cookie } = await acceptInvitation(parseBody(event, acceptInvitationRequest), originOf(event));
      return json(201, body, cookiesOf(cookie));
    },
    'POST /api/team/members/{id}/two-step/reset': async ({ event, caller }) => {
      await resetMemberTwoStep(caller, pathParam(event, 'id'), originOf(event));
      return noContent();
    },
  },
  { readWithSession: (_routeKey, event) => readWithSessionForSecurity(event) },
);
