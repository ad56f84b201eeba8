import type { ApiScope } from './api-scopes';
import { defineEntity } from './entity';

/**
 * API keys' entities (rows in core/integrations-access-patterns.ts; docs/integrations.md, "API
 * keys"). Here in core rather than in the integrations area because every area authenticates a
 * key bearer (core/auth/api-key-auth.ts): this module is in every Lambda bundle, so it holds only
 * the keys and the records, and its `APIKEY#` prefix is in every function's table grant.
 */

/* ---------- A key ---------- */

export interface ApiKeyRecord {
  readonly id: string;
  readonly name: string;
  /** `orb_<id>`: everything before the secret, shown to tell keys apart. */
  readonly prefix: string;
  /** SHA-256 of the whole key, hex: the key itself is never stored. */
  readonly keyHash: string;
  readonly scopes: readonly ApiScope[];
  /** When the key stops working (ISO). */
  readonly validUntil: string;
  readonly rateLimitPerMinute: number;
  readonly createdBy: string;
  readonly createdByName: string;
  readonly createdAt: string;
  /** Set at most once a minute by the requests the key makes. */
  readonly lastUsedAt?: string;
  readonly revokedAt?: string;
  /**
   * Epoch seconds; DynamoDB TTL forgets the key this long after it stopped working (expired or
   * revoked), so the list holds the live keys and those that ended lately.
   */
  readonly expiresAt: number;
}

const keyPartition = (id: string) => `APIKEY#${id}`;
/** gsi1's partition of every key, sorted by id (a ULID, so by creation time). */
export const apiKeysPartition = 'APIKEYS';

export const apiKeyEntity = defineEntity<ApiKeyRecord, [id: string]>({
  type: 'ApiKey',
  key: (id) => ({ pk: keyPartition(id), sk: 'KEY' }),
  keyOf: (record) => ({ pk: keyPartition(record.id), sk: 'KEY' }),
  indexKeysOf: (record) => ({ gsi1pk: apiKeysPartition, gsi1sk: record.id }),
});

/* ---------- The live keys ---------- */

/**
 * The keys that may still work, by id, each with its `validUntil`: the limit on live keys is
 * this item's size, checked by the condition of the transaction that adds a key, so concurrent
 * creates cannot pass it (docs/integrations.md, "API keys"). A key leaves it when it is revoked,
 * or, once it has ended, when a create needs its place. Only the integrations area reads it.
 */
export interface LiveApiKeysRecord {
  readonly live: Readonly<Record<string, string>>;
}

const liveKeysKey = { pk: apiKeysPartition, sk: 'LIVE' } as const;
export const liveApiKeysEntity = defineEntity<LiveApiKeysRecord, []>({
  type: 'LiveApiKeys',
  key: () => liveKeysKey,
  keyOf: () => liveKeysKey,
});

/* ---------- A key's requests in one minute ---------- */

/**
 * The fixed window counter of the per-key rate limit: one item per key and minute, counted up by
 * each request while under the key's limit, forgotten by TTL soon after its minute.
 */
export interface ApiKeyWindowRecord {
  readonly keyId: string;
  /** The window's start, epoch minutes. */
  readonly minute: number;
  readonly requests: number;
  /** Epoch seconds (TTL). */
  readonly expiresAt: number;
}

export const apiKeyWindowEntity = defineEntity<ApiKeyWindowRecord, [keyId: string, minute: number]>({
  type: 'ApiKeyWindow',
  key: (keyId, minute) => ({ pk: keyPartition(keyId), sk: `MINUTE#${minute}` }),
  keyOf: (record) => ({ pk: keyPartition(record.keyId), sk: `MINUTE#${record.minute}` }),
});
