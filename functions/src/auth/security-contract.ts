import * as v from 'valibot';

import { object } from '../core/schema';
import { newPassword, signInResponse } from './contract';

/**
 * The security contract (docs/user-view.md, "Security, two-step sign-in and sessions"): change
 * password, two-step verification, the second step of a sign-in, sessions and the security log.
 * Imported by the web app's Security and Activity tabs and its sign-in page.
 */

const code = v.pipe(v.string('Enter the 6-digit code'), v.regex(/^\d{6}$/, 'Enter the 6-digit code'));
const recoveryCode = v.pipe(
  v.string('Enter a recovery code'),
  v.minLength(1, 'Enter a recovery code'),
  v.maxLength(64, 'Enter a recovery code'),
);

export const changePasswordRequest = object({
  currentPassword: v.pipe(
    v.string('Enter your current password'),
    v.minLength(1, 'Enter your current password'),
    v.maxLength(128, 'Enter your current password'),
  ),
  newPassword,
});
export type ChangePasswordRequest = v.InferOutput<typeof changePasswordRequest>;

/** Turning two-step verification on: the first code from the app. */
export const confirmTwoStepRequest = object({ code });
export type ConfirmTwoStepRequest = v.InferOutput<typeof confirmTwoStepRequest>;

/**
 * Turning it off, or new recovery codes: proof that the owner is there, not only their open
 * session: the password or a current code.
 */
export const reauthenticateRequest = v.pipe(
  object({
    password: v.optional(v.pipe(v.string(), v.maxLength(128))),
    code: v.optional(code),
  }),
  v.forward(
    v.check((input) => Boolean(input.password) || Boolean(input.code), 'Enter your password or a code'),
    ['password'],
  ),
);
export type ReauthenticateRequest = v.InferOutput<typeof reauthenticateRequest>;

/** The second step of a sign-in: the challenge the password step gave, and a code or a recovery code. */
export const twoStepSignInRequest = v.pipe(
  object({
    challenge: v.pipe(v.string('The sign-in has expired'), v.regex(/^[\w-]{20,64}$/, 'The sign-in has expired')),
    code: v.optional(code),
    recoveryCode: v.optional(recoveryCode),
  }),
  v.forward(
    v.check((input) => (input.code === undefined) !== (input.recoveryCode === undefined), 'Enter the 6-digit code'),
    ['code'],
  ),
);
export type TwoStepSignInRequest = v.InferOutput<typeof twoStepSignInRequest>;

export const twoStepMethods = ['totp', 'recovery'] as const;
export type TwoStepMethod = (typeof twoStepMethods)[number];

/**
 * What `POST /api/auth/login` answers (200) instead of signing in when the account has two-step
 * verification on: no session and no token yet, a challenge for the second step.
 */
export const twoStepDueResponse = object({
  twoStep: object({ challenge: v.string(), methods: v.array(v.picklist(twoStepMethods)) }),
});
export type TwoStepDueResponse = v.InferOutput<typeof twoStepDueResponse>;

/** The second step's answer: the spec's sign-in response, plus the saved language to apply. */
export const twoStepSignInResponse = object({
  ...signInResponse.entries,
  language: v.optional(v.picklist(['en', 'fr', 'ar'])),
});
export type TwoStepSignInResponse = v.InferOutput<typeof twoStepSignInResponse>;

export const twoStepStatus = object({
  enabled: v.boolean(),
  /** Recovery codes not used yet (0 when off). */
  recoveryCodesLeft: v.number(),
  enabledAt: v.nullable(v.string()),
});
export type TwoStepStatus = v.InferOutput<typeof twoStepStatus>;

/** An enrolment: the QR code's URI and the same secret as text, for typing it in. */
export const twoStepEnrolment = object({ uri: v.string(), secret: v.string() });
export type TwoStepEnrolment = v.InferOutput<typeof twoStepEnrolment>;

/** New recovery codes, shown this once. */
export const recoveryCodesResponse = object({ recoveryCodes: v.array(v.string()) });
export type RecoveryCodesResponse = v.InferOutput<typeof recoveryCodesResponse>;

/**
 * Browser and operating system are the user agent as stored: the web app names them (bowser, in the
 * Security tab's chunk), so the auth function does not carry a parser (docs/decisions.md).
 */
export const sessionSummary = object({
  id: v.string(),
  userAgent: v.string(),
  ip: v.nullable(v.string()),
  createdAt: v.string(),
  lastUsedAt: v.string(),
  current: v.boolean(),
});
export type SessionSummary = v.InferOutput<typeof sessionSummary>;

/** `GET /api/users/{id}/sessions`: the live sessions, most recently used first. */
export const sessionsResponse = object({ sessions: v.array(sessionSummary) });
export type SessionsResponse = v.InferOutput<typeof sessionsResponse>;

export const securityEventNames = [
  'sign-in',
  'sign-in-failed',
  'two-step-failed',
  'password-changed',
  'password-reset',
  'two-step-enabled',
  'two-step-disabled',
  'recovery-codes-regenerated',
  'recovery-code-used',
  'session-revoked',
  'other-sessions-revoked',
  // The sign-in email or phone changed, and such a change undone by the old one's link (users area).
  'email-changed',
  'phone-changed',
  'contact-change-undone',
] as const;
export type SecurityEventName = (typeof securityEventNames)[number];

export const securityLogEntry = object({
  id: v.string(),
  event: v.picklist(securityEventNames),
  at: v.string(),
  ip: v.nullable(v.string()),
  userAgent: v.string(),
  /** An admin did it (a session revoked for the user). */
  byAdmin: v.boolean(),
  count: v.nullable(v.number()),
});
export type SecurityLogEntry = v.InferOutput<typeof securityLogEntry>;

export const securityLogPageSize = 20;
export const securityLogQuery = object({
  cursor: v.optional(v.pipe(v.string(), v.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'The cursor is not valid'))),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, 'limit is 1 to 50'),
      v.transform(Number),
      v.minValue(1, 'limit is 1 to 50'),
      v.maxValue(50, 'limit is 1 to 50'),
    ),
  ),
});

export const securityLogResponse = object({ entries: v.array(securityLogEntry), nextCursor: v.nullable(v.string()) });
export type SecurityLogResponse = v.InferOutput<typeof securityLogResponse>;
