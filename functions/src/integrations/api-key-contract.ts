import * as v from 'valibot';

import { apiKeyAreas, apiScopeAccess, apiScopes, type ApiScope } from '../core/api-scopes';
import { object } from '../core/schema';

/**
 * API keys' contract (docs/integrations.md, "API keys"), imported by the web app too. A key is
 * shown once when created; the server keeps only its hash, and its prefix to recognise it.
 */

export { apiKeyAreas, apiScopeAccess, apiScopes };
export type { ApiKeyArea, ApiScope, ApiScopeAccess } from '../core/api-scopes';

export const apiKeyLimits = {
  nameMaxLength: 100,
  /** A key lives at most this long: an integration that needs more gets a new key. */
  expiryMaxDays: 366,
  rateLimitDefault: 600,
  rateLimitMin: 1,
  rateLimitMax: 6000,
  keysMax: 100,
} as const;

export const apiKeySchema = v.object({
  id: v.string(),
  name: v.string(),
  /** The key's first characters (`orb_…`), as shown beside its name. */
  prefix: v.string(),
  scopes: v.array(v.picklist(apiScopes)),
  expiresAt: v.string(),
  /** Requests per minute; more is 429 with Retry-After. */
  rateLimitPerMinute: v.number(),
  createdBy: v.string(),
  createdByName: v.string(),
  createdAt: v.string(),
  lastUsedAt: v.optional(v.string()),
  revokedAt: v.optional(v.string()),
});
export type ApiKey = v.InferOutput<typeof apiKeySchema>;

/** POST: a new key for the caller; its rights are never more than the caller's own. */
export const createApiKeySchema = object({
  name: v.pipe(
    v.string('Name the key'),
    v.trim(),
    v.nonEmpty('Name the key'),
    v.maxLength(apiKeyLimits.nameMaxLength, `At most ${apiKeyLimits.nameMaxLength} characters`),
  ),
  scopes: v.pipe(
    v.array(v.picklist(apiScopes as readonly ApiScope[], 'Unknown scope'), 'Choose the scopes'),
    v.minLength(1, 'Choose at least one scope'),
    v.check((scopes) => new Set(scopes).size === scopes.length, 'A scope is listed twice'),
  ),
  /** Must be in the future and at most `expiryMaxDays` away (the server checks against its clock). */
  expiresAt: v.pipe(v.string('Choose when the key expires'), v.isoTimestamp('Give a date and time (ISO 8601)')),
  rateLimitPerMinute: v.optional(
    v.pipe(
      v.number('rateLimitPerMinute must be a number'),
      v.integer('rateLimitPerMinute must be a whole number'),
      v.minValue(apiKeyLimits.rateLimitMin, `At least ${apiKeyLimits.rateLimitMin}`),
      v.maxValue(apiKeyLimits.rateLimitMax, `At most ${apiKeyLimits.rateLimitMax}`),
    ),
    apiKeyLimits.rateLimitDefault,
  ),
});
export type CreateApiKey = v.InferOutput<typeof createApiKeySchema>;

/** POST answers the key this once. */
export const apiKeyWithSecretSchema = v.object({ apiKey: apiKeySchema, key: v.string() });
export const apiKeyListSchema = v.object({ apiKeys: v.array(apiKeySchema) });
