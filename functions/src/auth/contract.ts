import * as v from 'valibot';

import { object, trimInvisible } from '../core/schema';

/**
 * The auth contract, imported by the web app too: one set of rules for both sides. Contracts
 * use valibot, whose schemas and checks are separate functions that tree-shake: a Lambda bundle
 * or a page carries only the ones it uses (a few KB).
 */

export const e164Phone = v.pipe(
  v.string(),
  v.regex(/^\+[1-9]\d{7,14}$/, 'Enter the phone in international format, e.g. +15550100001'),
);
// A wrong type gets the length message too: valibot's default would echo the value sent.
export const newPassword = v.pipe(
  v.string('Password must be at least 8 characters'),
  v.minLength(8, 'Password must be at least 8 characters'),
  v.maxLength(128, 'Password must be at most 128 characters'),
);

/**
 * The email addresses registration accepts: the pattern the API has always applied, so an
 * address accepted before is accepted now (valibot's own `email` is stricter, e.g. no `'`).
 */
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const emailMessage = 'Enter a valid email address';

/** Sign-in validates nothing beyond types (docs/product.md#sign-in): any mismatch is the same single error. */
export const loginRequest = object({ phone: v.string(), password: v.string() });
export type LoginRequest = v.InferOutput<typeof loginRequest>;

export const registerRequest = object({
  fullName: v.pipe(
    v.string(),
    trimInvisible(),
    v.minLength(2, 'Full name must be at least 2 characters'),
    v.maxLength(120, 'Full name must be at most 120 characters'),
  ),
  phone: e164Phone,
  email: v.pipe(v.string(emailMessage), v.regex(emailPattern, emailMessage), v.maxLength(254, emailMessage)),
  password: newPassword,
  /** Optional; an empty string (an untouched form field) counts as absent. */
  referralCode: v.optional(
    v.pipe(
      v.string(),
      trimInvisible(),
      v.check((code) => code === '' || /^[A-Z0-9]{4,16}$/i.test(code), 'Referral code is not valid'),
      v.transform((code) => (code === '' ? undefined : code)),
    ),
  ),
});
export type RegisterRequest = v.InferInput<typeof registerRequest>;

export const forgotPasswordRequest = object({ phone: v.pipe(v.string(), v.minLength(1, 'Phone is required')) });
export type ForgotPasswordRequest = v.InferOutput<typeof forgotPasswordRequest>;

export const resetPasswordRequest = object({
  phone: v.pipe(v.string(), v.minLength(1, 'Phone is required')),
  code: v.pipe(v.string(), v.regex(/^\d{6}$/, 'The code has 6 digits')),
  password: newPassword,
});
export type ResetPasswordRequest = v.InferOutput<typeof resetPasswordRequest>;

const nonEmpty = /* @__NO_SIDE_EFFECTS__ */ () => v.pipe(v.string(), v.minLength(1));

/** The user as the browser stores it (docs/product.md#stored-values: without password and abilityRules). */
export const userData = object({
  id: nonEmpty(),
  fullName: nonEmpty(),
  username: nonEmpty(),
  avatar: v.nullable(v.string()),
  email: v.string(),
  phone: v.string(),
  role: nonEmpty(),
});
export type UserData = v.InferOutput<typeof userData>;

export const abilityRule = object({
  action: v.string(),
  subject: v.string(),
  conditions: v.optional(v.record(v.string(), v.unknown())),
  inverted: v.optional(v.boolean()),
});

export const signInResponse = object({
  userAbilityRules: v.array(abilityRule),
  accessToken: v.string(),
  userData,
});
export type SignInResponse = v.InferOutput<typeof signInResponse>;

/** The sign-in messages docs/product.md#errors fixes, in a valibot-free module the sign-in page imports. */
export { loginMessages, recoveryMessages } from './messages';

/**
 * Signing up through an invitation link (docs/roles.md, "Team and invitations"): the link's
 * token, a name and a password, and the contact the invitation lacks (it gives the email or the
 * phone; an account has both, and signs in with the phone).
 */
export const acceptInvitationRequest = object({
  token: v.pipe(v.string('The invitation link is not valid'), v.maxLength(200, 'The invitation link is not valid')),
  fullName: registerRequest.entries.fullName,
  password: newPassword,
  phone: v.optional(e164Phone),
  email: v.optional(registerRequest.entries.email),
});
export type AcceptInvitationRequest = v.InferOutput<typeof acceptInvitationRequest>;
