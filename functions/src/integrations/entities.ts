import { defineEntity } from '../core/entity';

/**
 * The integrations area's entities (rows in core/integrations-access-patterns.ts). The webhook
 * and API key parts keep theirs beside this one.
 */

/* ---------- Help links ---------- */

export interface HelpLinksRecord {
  readonly wiki: string | null;
  readonly telegram: string | null;
  readonly updatedAt: string;
  readonly updatedBy: string;
  readonly version: number;
}

export const helpLinksEntity = defineEntity<HelpLinksRecord, []>({
  type: 'HelpLinks',
  key: () => ({ pk: 'INTEGRATION#links', sk: 'LINKS' }),
  keyOf: () => ({ pk: 'INTEGRATION#links', sk: 'LINKS' }),
});
