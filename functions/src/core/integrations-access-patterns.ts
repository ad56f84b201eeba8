import type { AccessPattern } from './access-patterns';

/**
 * The integrations area's rows of the access-pattern table (docs/integrations.md, "Data"): joined
 * into core/access-patterns.ts, checked against the entities' key builders by
 * access-patterns.test.ts. Each part of the area appends its own rows.
 */
export const integrationsAccessPatterns: readonly AccessPattern[] = [
  // Help links (integrations/entities.ts; docs/integrations.md, "Help links").
  {
    entity: 'HelpLinks',
    module: 'integrations/entities.ts',
    index: 'table',
    pk: 'INTEGRATION#links',
    sk: 'LINKS',
    patterns: ['where /wiki and /telegram lead: read by anyone, saved by an admin from the version read'],
  },
  // API keys (core/api-key-entities.ts; docs/integrations.md, "API keys").
  {
    entity: 'ApiKey',
    module: 'core/api-key-entities.ts',
    index: 'table',
    pk: 'APIKEY#<keyId>',
    sk: 'KEY',
    patterns: [
      "a key bearer's request: the key by the id its text holds (consistent), then lastUsedAt at most once a minute",
      'an admin revokes a key (conditional: not revoked yet)',
    ],
  },
  {
    entity: 'ApiKey',
    module: 'core/api-key-entities.ts',
    index: 'gsi1',
    pk: 'APIKEYS',
    sk: '<keyId>',
    patterns: ["the admins' list of keys, newest first (ULIDs); the live ones counted before a create"],
  },
  {
    entity: 'ApiKeyWindow',
    module: 'core/api-key-entities.ts',
    index: 'table',
    pk: 'APIKEY#<keyId>',
    sk: 'MINUTE#<minute>',
    patterns: ["a key's requests in one minute, counted up while under its limit (conditional ADD; TTL)"],
  },
];
