/**
 * What the public unsubscribe page reads (GET /api/mailings/unsubscribe/{token}; docs/mailings.md,
 * "Opting out"): shared with the web app, so this file imports nothing.
 */
export interface UnsubscribeView {
  /** Whose mailing it was: the email channel's sender name. */
  readonly workspace: string;
  /** The address the mailing went to, masked (`a**@example.com`). */
  readonly address: string;
  /** The recipient's language: the page shows itself in it. */
  readonly language: 'en' | 'fr' | 'ar';
  readonly optedOut: boolean;
}

/** The answer to POST /api/mailings/unsubscribe/{token} (the page's button and one-click alike). */
export interface UnsubscribeResult {
  readonly optedOut: true;
}
