import * as z from 'zod/mini';

/**
 * The auth contract, imported by the web app too: one set of rules for both sides. Contracts
 * use zod/mini, whose functional checks tree-shake: a Lambda bundle or a page carries only the
 * checks it uses (about 20 KB instead of 90 KB for the whole of zod).
 */

export const e164Phone = z
  .string()
  .check(z.regex(/^\+[1-9]\d{7,14}$/, 'Enter the phone in international format, e.g. +15550100001'));
export const newPassword = z
  .string()
  .check(
    z.minLength(8, 'Password must be at least 8 characters'),
    z.maxLength(128, 'Password must be at most 128 characters'),
  );

/** Sign-in validates nothing beyond types (spec §5): any mismatch is the same single error. */
export const loginRequest = z.object({ phone: z.string(), password: z.string() });
export type LoginRequest = z.infer<typeof loginRequest>;

const trimmed = () =>
  z.pipe(
    z.string(),
    z.transform((value: string) => value.trim()),
  );

export const registerRequest = z.object({
  fullName: z.pipe(
    trimmed(),
    z
      .string()
      .check(
        z.minLength(2, 'Full name must be at least 2 characters'),
        z.maxLength(120, 'Full name must be at most 120 characters'),
      ),
  ),
  phone: e164Phone,
  email: z.email('Enter a valid email address').check(z.maxLength(254)),
  password: newPassword,
  /** Optional; an empty string (an untouched form field) counts as absent. */
  referralCode: z.optional(
    z.pipe(
      trimmed(),
      z.union([
        z.pipe(
          z.literal(''),
          z.transform(() => undefined),
        ),
        z.string().check(z.regex(/^[A-Z0-9]{4,16}$/i, 'Referral code is not valid')),
      ]),
    ),
  ),
});
export type RegisterRequest = z.input<typeof registerRequest>;

export const forgotPasswordRequest = z.object({ phone: z.string().check(z.minLength(1, 'Phone is required')) });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const resetPasswordRequest = z.object({
  phone: z.string().check(z.minLength(1, 'Phone is required')),
  code: z.string().check(z.regex(/^\d{6}$/, 'The code has 6 digits')),
  password: newPassword,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** The user as the browser stores it (spec §3: without password and abilityRules). */
export const userData = z.object({
  id: z.string().check(z.minLength(1)),
  fullName: z.string().check(z.minLength(1)),
  username: z.string().check(z.minLength(1)),
  avatar: z.nullable(z.string()),
  email: z.string(),
  phone: z.string(),
  role: z.string().check(z.minLength(1)),
});
export type UserData = z.infer<typeof userData>;

export const abilityRule = z.object({
  action: z.string(),
  subject: z.string(),
  conditions: z.optional(z.record(z.string(), z.unknown())),
  inverted: z.optional(z.boolean()),
});

export const signInResponse = z.object({
  userAbilityRules: z.array(abilityRule),
  accessToken: z.string(),
  userData,
});
export type SignInResponse = z.infer<typeof signInResponse>;

/** The messages the spec fixes for sign-in (§8), in a zod-free module the sign-in page imports. */
export { loginMessages } from './messages';
