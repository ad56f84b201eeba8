import * as z from 'zod';

/** The auth contract, imported by the web app too: one set of rules for both sides. */

export const e164Phone = z
  .string()
  .regex(/^\+[1-9]\d{7,14}$/, 'Enter the phone in international format, e.g. +15550100001');
export const newPassword = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

/** Sign-in validates nothing beyond types (spec §5): any mismatch is the same single error. */
export const loginRequest = z.object({ phone: z.string(), password: z.string() });
export type LoginRequest = z.infer<typeof loginRequest>;

export const registerRequest = z.object({
  fullName: z
    .string()
    .trim()
    .min(2, 'Full name must be at least 2 characters')
    .max(120, 'Full name must be at most 120 characters'),
  phone: e164Phone,
  email: z.email('Enter a valid email address').max(254),
  password: newPassword,
  referralCode: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{4,16}$/i, 'Referral code is not valid')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type RegisterRequest = z.input<typeof registerRequest>;

export const forgotPasswordRequest = z.object({ phone: z.string().min(1, 'Phone is required') });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const resetPasswordRequest = z.object({
  phone: z.string().min(1, 'Phone is required'),
  code: z.string().regex(/^\d{6}$/, 'The code has 6 digits'),
  password: newPassword,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** The user as the browser stores it (spec §3: without password and abilityRules). */
export const userData = z.object({
  id: z.string().min(1),
  fullName: z.string().min(1),
  username: z.string().min(1),
  avatar: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  role: z.string().min(1),
});
export type UserData = z.infer<typeof userData>;

export const abilityRule = z.object({
  action: z.string(),
  subject: z.string(),
  conditions: z.record(z.string(), z.unknown()).optional(),
  inverted: z.boolean().optional(),
});

export const signInResponse = z.object({
  userAbilityRules: z.array(abilityRule),
  accessToken: z.string(),
  userData,
});
export type SignInResponse = z.infer<typeof signInResponse>;

export const refreshResponse = z.object({ accessToken: z.string() });

/** The messages the spec fixes for sign-in (§8), in a zod-free module the sign-in page imports. */
export { loginMessages } from './messages';
