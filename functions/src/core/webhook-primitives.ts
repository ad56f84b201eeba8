import { createHmac } from 'node:crypto';

/**
 * Stand-ins, for the Lambda bundles only (infra/lib/bundling.ts aliases), for the two small
 * libraries the `standardwebhooks` package computes with: `fast-sha256` (its HMAC) and
 * `@stablelib/base64`. Node's crypto and Buffer do the same work natively; the pure-JavaScript
 * copies cost the channels bundle ~11 KB. The signing scheme stays the package's.
 * webhook-primitives.test.ts checks both against the real libraries.
 */
export const hmac = (key: Uint8Array, data: Uint8Array): Uint8Array =>
  new Uint8Array(createHmac('sha256', key).update(data).digest());

export const encode = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

export const decode = (text: string): Uint8Array => {
  // @stablelib/base64 refuses malformed input; Buffer would silently skip it.
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0)
    throw new Error('Base64Coder: incorrect characters for decoding');
  return new Uint8Array(Buffer.from(text, 'base64'));
};
