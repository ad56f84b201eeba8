/**
 * The messages the spec fixes for sign-in (§8). A module of its own, without valibot, so the web
 * app's sign-in page can import it without downloading the validation library.
 */
export const loginMessages = {
  invalid: 'Invalid email or password',
  fallback: 'Something went wrong',
  throttled: 'Too many sign-in attempts. Try again later.',
} as const;
