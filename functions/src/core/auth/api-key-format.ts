import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import { isRecordId } from '../schema';

/**
 * What an API key looks like (docs/integrations.md, "API keys"): `orb_<id>_<secret>`, the id the
 * key item's (a ULID: no `_` in it), the secret 32 random bytes in base64url. The marker tells a key
 * from an access token at a glance, for the server and for secret scanners; only the SHA-256 of
 * the whole key is stored (docs/decisions.md, "Integrations: API keys are hashed with SHA-256").
 */
const marker = 'orb_';
const secretBytes = 32;

export const isApiKey = (token: string): boolean => token.startsWith(marker);

/** `orb_<id>`: everything before the secret, stored to tell keys apart. */
export const apiKeyPrefix = (id: string): string => `${marker}${id}`;

export const newApiKey = (id: string): string =>
  `${apiKeyPrefix(id)}_${randomBytes(secretBytes).toString('base64url')}`;

/** The key item's id a key names, or undefined when it cannot be a key of ours. */
export const apiKeyIdOf = (key: string): string | undefined => {
  if (!isApiKey(key)) return undefined;
  const rest = key.slice(marker.length);
  const separator = rest.indexOf('_');
  const id = rest.slice(0, separator);
  return separator > 0 && separator < rest.length - 1 && isRecordId(id) ? id : undefined;
};

export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** Compared in constant time, so the answer's timing says nothing about how much of a hash matched. */
export const apiKeyMatches = (key: string, storedHash: string): boolean => {
  const presented = Buffer.from(hashApiKey(key), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
};
