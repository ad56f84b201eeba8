/**
 * The sign-in messages docs/product.md#errors fixes. A module of its own, without valibot, so the web
 * app's sign-in page can import it without downloading the validation library.
 */
export const loginMessages = {
  invalid: 'Invalid email or password',
  fallback: 'Something went wrong',
  throttled: 'Too many sign-in attempts. Try again later.',
  /** docs/roles.md: an administrator suspended the account (the web app shows its own words). */
  suspended: 'This account is suspended. Ask an administrator to reactivate it.',
} as const;

/** Password recovery: the one message the throttle sends (the web app shows its own text). */
export const recoveryMessages = {
  throttled: 'Too many codes requested. Try again later.',
} as const;

/** Security: two-step verification and the second step of a sign-in (docs/user-view.md). */
export const twoStepMessages = {
  challengeExpired: 'The sign-in has expired. Sign in again.',
  wrongCode: 'The code is not right',
  wrongRecoveryCode: 'The recovery code is not right or was already used',
  wrongPassword: 'The password is not right',
  alreadyOn: 'Two-step verification is already on',
  notOn: 'Two-step verification is off',
  noEnrolment: 'Start the set-up again',
} as const;
