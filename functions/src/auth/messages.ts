/**
 * The sign-in messages docs/product.md#errors fixes. A module of its own, without valibot, so the web
 * app's sign-in page can import it without downloading the validation library.
 */
export const loginMessages = {
  invalid: 'Invalid email or password',
  fallback: 'Something went wrong',
  throttled: 'Too many sign-in attempts. Try again later.',
} as const;

/** Password recovery: the one message the throttle sends (the web app shows its own text). */
export const recoveryMessages = {
  throttled: 'Too many codes requested. Try again later.',
} as const;
