import { createHmac, timingSafeEqual } from 'node:crypto';

import { jwtSecret } from '../core/secrets';

/**
 * The unsubscribe link's token (docs/mailings.md, "Opting out"): `{ personId, mailingId }`,
 * base64url, and an HMAC-SHA256 of it keyed by the server's signing secret (the one reset codes
 * and contact changes use, core/secrets.ts) with a purpose prefix, so a token made for another
 * use never verifies here. It never expires: a link in an old mail must still work (RFC 8058).
 * The signature is appended with no separator (it has a fixed length): a `.` in the last path
 * segment makes `/unsubscribe/<token>` look like a file to the CDN's SPA rewrite
 * (infra/lib/spa-rewrite.ts) and the local server, which then never serve the page.
 */
export interface UnsubscribeClaims {
  readonly personId: string;
  readonly mailingId: string;
}

const purpose = 'orbit-mailing-unsubscribe\n';

/** A SHA-256 HMAC in base64url, unpadded. */
const signatureLength = 43;

const signature = async (payload: string) =>
  createHmac('sha256', await jwtSecret())
    .update(purpose + payload)
    .digest('base64url');

export const signUnsubscribeToken = async (claims: UnsubscribeClaims): Promise<string> => {
  const payload = Buffer.from(JSON.stringify({ p: claims.personId, m: claims.mailingId })).toString('base64url');
  return `${payload}${await signature(payload)}`;
};

/** The claims, or undefined for anything that is not a token this server signed. */
export const verifyUnsubscribeToken = async (token: string): Promise<UnsubscribeClaims | undefined> => {
  if (token.length > 400) return undefined;
  if (token.length <= signatureLength) return undefined;
  const payload = token.slice(0, -signatureLength);
  const given = token.slice(-signatureLength);
  const expected = Buffer.from(await signature(payload));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  try {
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { p?: unknown; m?: unknown };
    if (typeof decoded.p !== 'string' || typeof decoded.m !== 'string') return undefined;
    return { personId: decoded.p, mailingId: decoded.m };
  } catch {
    return undefined;
  }
};
