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
];
