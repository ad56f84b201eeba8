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
  // Webhooks out (integrations/webhook-entities.ts; docs/integrations.md, "Webhooks").
  {
    entity: 'Webhook',
    module: 'integrations/webhook-entities.ts',
    index: 'table',
    pk: 'INTEGRATION#webhooks',
    sk: 'WEBHOOK#<webhookId>',
    patterns: [
      'the subscriptions (at most 50: one Query, begins_with WEBHOOK#), each read by id',
      "the worker's fan-out of an event to the enabled ones that want it",
    ],
  },
  {
    entity: 'WebhookDelivery',
    module: 'integrations/webhook-entities.ts',
    index: 'table',
    pk: 'WEBHOOK#<webhookId>',
    sk: 'DELIVERY#<deliveryId>',
    patterns: [
      "a subscription's delivery log, newest first (ids start with the event's ULID), by cursor",
      'one delivery by id (created once per event and subscription: attribute_not_exists)',
    ],
  },
  {
    entity: 'WebhookDelivery',
    module: 'integrations/webhook-entities.ts',
    index: 'gsi1',
    pk: 'WEBHOOK#<webhookId>#<status>',
    sk: '<deliveryId>',
    patterns: ['the log of one status, newest first, by cursor', 'replay-failed: the failed ones since a time'],
  },
  {
    entity: 'WebhookAttempt',
    module: 'integrations/webhook-entities.ts',
    index: 'table',
    pk: 'WEBHOOK#<webhookId>',
    sk: 'ATTEMPT#<deliveryId>#<number>',
    patterns: ["one delivery's attempts, in order (begins_with ATTEMPT#<deliveryId>#)"],
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
    patterns: [
      "the admins' list of keys, newest first (ULIDs)",
      "the live keys listed once, to start the live keys' item when there is none",
    ],
  },
  {
    entity: 'LiveApiKeys',
    module: 'core/api-key-entities.ts',
    index: 'table',
    pk: 'APIKEYS',
    sk: 'LIVE',
    patterns: [
      'the keys that may still work (id → validUntil): a create adds its key on the condition that the map stays within the limit',
      'a revocation takes its key out; a create that needs room takes out keys that ended',
    ],
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
