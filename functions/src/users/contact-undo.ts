import { hashSecret, newRefreshSecret } from '../core/auth/tokens';
import { contactFields, type ContactField } from './contract';
import type { ContactUndoRecord } from './entities';

/**
 * The undo link of a confirmed change of the sign-in email or phone (docs/user-view.md): what
 * its token holds, what the notice shows of the new value, and the way back a change leaves.
 * No I/O: the services store and send what these make.
 */

/** How long the old address can undo a change. */
export const undoLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/** A new link's token `<userId>.<field>.<secret>` (256 random bits), and the digest stored of it. */
export const newUndoToken = (userId: string, field: ContactField): { token: string; hash: string } => {
  const secret = newRefreshSecret();
  return { token: `${userId}.${field}.${secret}`, hash: hashSecret(secret) };
};

export interface UndoToken {
  readonly userId: string;
  readonly field: ContactField;
  /** The digest of the secret, as stored. */
  readonly hash: string;
}

/** What a link's token names, or undefined for anything that is not one. */
export const parseUndoToken = (token: string): UndoToken | undefined => {
  const match = /^([\w-]{1,64})\.(email|phone)\.([\w-]{43})$/.exec(token.trim());
  const [, userId, field, secret] = match ?? [];
  if (!userId || !secret || !contactFields.some((known) => known === field)) return undefined;
  return { userId, field: field as ContactField, hash: hashSecret(secret) };
};

/**
 * The new value as the notice to the old one shows it: enough for the owner to recognise it or
 * not (the first two characters of an address and its domain, the last four digits of a phone),
 * not the whole of someone else's address.
 */
export const maskedContact = (field: ContactField, value: string): string => {
  if (field === 'phone') return `•••${value.slice(-4)}`;
  const at = value.lastIndexOf('@');
  return at < 0 ? '•••' : `${value.slice(0, Math.min(2, at))}•••${value.slice(at)}`;
};

/**
 * The way back after a change from `previous` with a new link's `hash`: while the window of an
 * earlier change is open, the value to restore stays that change's (the first of the window), and
 * every link sent in it still works; otherwise the way back is to `previous`. Each change opens
 * the window again for `undoLifetimeMs`.
 */
export const undoAfterChange = (
  seen: ContactUndoRecord | undefined,
  change: { readonly userId: string; readonly field: ContactField; readonly previous: string; readonly hash: string },
  nowMs: number,
): ContactUndoRecord => {
  const open = seen !== undefined && seen.validUntilMs > nowMs;
  const validUntilMs = nowMs + undoLifetimeMs;
  return {
    userId: change.userId,
    field: change.field,
    restoreTo: open ? seen.restoreTo : change.previous,
    tokenHashes: new Set([...(open ? seen.tokenHashes : []), change.hash]),
    validUntilMs,
    expiresAt: Math.ceil(validUntilMs / 1000),
  };
};

/** Where the undo link opens: the web app's page (the token in the fragment: it reaches no server log). */
export const undoLinkOf = (publicBaseUrl: string, token: string): string =>
  `${publicBaseUrl}/contact-change/undo#token=${encodeURIComponent(token)}`;

/** The notice to the old email or phone: what changed, to what, and the way back. */
export const contactNoticeMessage = (
  notice: { readonly field: ContactField; readonly maskedValue: string; readonly validUntil: string },
  token: string,
  publicBaseUrl: string,
): { subject: string; text: string; sms: string } => {
  const link = undoLinkOf(publicBaseUrl, token);
  const what = notice.field === 'email' ? 'email' : 'phone';
  const until = notice.validUntil.slice(0, 10);
  return {
    subject: `Your Orbit sign-in ${what} was changed`,
    text: [
      `The sign-in ${what} of your Orbit account was changed to ${notice.maskedValue}. Messages about the account now go there, password reset codes too.`,
      `If it was you, there is nothing to do.`,
      `If it was not you, undo it: this link puts your ${what} back and signs the account out on every device. It works once, until ${until}:`,
      link,
    ].join('\n\n'),
    sms: `Orbit: your sign-in ${what} was changed to ${notice.maskedValue}. Not you? Undo it by ${until}: ${link}`,
  };
};
