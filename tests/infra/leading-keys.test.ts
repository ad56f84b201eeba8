import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

import { areas } from '@orbit/functions/routes';
import { esbuildBundleOptions } from '@orbit/infra/lib/bundling';
import { handlerEntryFor, repoRoot } from '@orbit/infra/lib/paths';

import { asArray, defaultStack, statementsOfRole } from './stack-view';

const synthesized = defaultStack();
const narrowed = [...synthesized.functions.values()].filter((construct) => construct.access.leadingKeys);

/**
 * Key prefixes that are never a table partition key: sort keys, parts of a key, and index
 * partition keys (an item written with `gsi1pk = ROLE#…` has a `USER#` partition key). A new
 * prefix an area builds must be added either here (with its reason) or to the area's
 * `leadingKeys` in infra/lib/area-access.ts, or the area fails in AWS with AccessDenied.
 */
const notTablePartitionKeys = new Set([
  'SESSION#', // USER#<id> / SESSION#<id>
  'SIGNIN#', // THROTTLE#PHONE#<digest> / SIGNIN#SOURCE#<digest> (sign-in attempt budgets)
  'CHATWITH#', // USER#<id> / CHATWITH#<contact>
  'MSG#', // CHAT#<id> / MSG#<ulid>
  'PERMISSION#', // PERMISSIONS / PERMISSION#<ulid>
  'TASK#', // PROJECT#<id> / TASK#<ulid>
  'COMMENT#', // PROJECT#<id> / COMMENT#<task>#<ulid>
  'ACTIVITY#', // PROJECT#<id> / ACTIVITY#<ulid>
  'CLAIM#', // PROJECT#<id> / CLAIM#RANK#<stage>#<rank> (a task's unique place)
  'VIEWER#', // BOARD#<projectId> / VIEWER#<connection> (core/live-board.ts)
  'C#', // a client's list scope inside PLIST#<scope>#… and PCOUNT#<scope>
  'ROLE#', // gsi1pk
  'CONNECTIONS#', // gsi2pk
  'SECLOG#', // USER#<id> / SECLOG#<ulid> (a user's security log, auth)
  'CONTACT_UNDO#', // USER#<id> / CONTACT_UNDO#<field> (the way back from an email or phone change, users)
  'N#', // NOTIFY#<user> / N#<ulid> (a notification; core/notifications/entities.ts)
  'MAIL#', // NOTIFY#<user> / MAIL#<ulid> (a line waiting for the email digest)
  'LATEST#', // NOTIFY#<user> / LATEST#chat:<contact> (the unread row a chat folds into)
  'INVITATION#', // INVITATIONS / INVITATION#<ulid> (a pending invitation; core/team/entities.ts)
  'RCPT#', // MAILING#<id> / RCPT#<person> (a mailing's recipient; mailings/delivery-entities.ts)
  'MINUTE#', // MAILING#<id> / MINUTE#<minute> (the throttle's and the chart's per-minute count)
  'TOTALS#', // MAILING#<id> / TOTALS#<shard> (a mailing's totals shard; mailings/delivery-entities.ts)
  'SECOND#', // MAILINGRATE#<channel> / SECOND#<second> (a channel's sends in one second)
  'ENROL#', // SEQUENCE#<id> / ENROL#<person> (a sequence's enrolment; mailings/sequence-entities.ts)
  'STATS#', // SEQUENCE#<id> / STATS#<step> (a step's statistics)
  'DELIVERY#', // WEBHOOK#<id> / DELIVERY#<msg_id> (a webhook delivery; integrations/webhook-entities.ts)
  'ATTEMPT#', // WEBHOOK#<id> / ATTEMPT#<msg_id>#<n> (one attempt of a webhook delivery)
  'PLAN#', // PLANS / PLAN#<id> (a plan; core/billing/subscription-entities.ts)
  'PENDING#', // SUBSCRIPTION#<client> / PENDING#<line> (a plan change's proration; core/billing/entities.ts)
  'PERIOD#', // SUBSCRIPTION#<client> / PERIOD#<start> (a billed period's claim)
  'BALANCE#', // CREDIT#<user> / BALANCE#<currency> (a credit balance)
  'ENTRY#', // CREDIT#<user> / ENTRY#<cause> (a credit movement)
  'REFERRED#', // REFERRER#<user> / REFERRED#<user> (a referral)
  'INVOICES#', // gsi1pk of an invoice (a client's invoices; core/billing/entities.ts)
  'INVOICESTATUS#', // gsi2pk of an invoice (invoices by status)
  'RATE#', // <the subject's partition> / RATE#<limit>#<seconds>#<window> (a rate window; core/rate-window.ts)
]);

/** The `XYZ#` prefixes of the string and template literals in an area's Lambda bundle. */
const keyPrefixesInBundle = async (area: string): Promise<string[]> => {
  const result = await build({
    ...esbuildBundleOptions,
    mainFields: [...esbuildBundleOptions.mainFields],
    absWorkingDir: repoRoot,
    entryPoints: [handlerEntryFor(area)],
    outfile: `/tmp/${area}/index.mjs`,
    write: false,
  });
  const text = result.outputFiles[0]?.text ?? '';
  return [...new Set([...text.matchAll(/[`'"]([A-Z][A-Z0-9_]*#)/g)].map((match) => match[1] ?? ''))].sort();
};

describe('table access narrowed by partition key (dynamodb:LeadingKeys)', () => {
  it('narrows every area that touches the table', () => {
    const touching = [...synthesized.functions.values()].filter((construct) => construct.access.table !== 'none');
    expect(narrowed.map((construct) => construct.area).sort()).toEqual(
      touching.map((construct) => construct.area).sort(),
    );
    expect(narrowed.length).toBeGreaterThan(0);
  });

  it.each(narrowed.map((construct) => [construct.area, construct] as const))(
    '%s may touch only its own partitions',
    (area, construct) => {
      const statements = statementsOfRole(synthesized, construct.roleId).filter((statement) =>
        asArray(statement.Action).some((action) => action.startsWith('dynamodb:')),
      );
      expect(statements.length, area).toBeGreaterThan(0);
      for (const statement of statements) {
        expect(statement.Condition, area).toEqual({
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...(construct.access.leadingKeys ?? [])] },
        });
      }
      // Another area's own partitions are out of reach, e.g. projects cannot read sign-in throttles;
      // the users area spends only a user's own code checks (auth/identity-service.ts), never the
      // budgets of a phone or a source.
      const patterns = construct.access.leadingKeys ?? [];
      const throttles = patterns.filter((pattern) => pattern.startsWith('THROTTLE#'));
      if (area === 'users') expect(throttles).toEqual(['THROTTLE#USER#*']);
      else if (area !== 'auth') expect(throttles).toEqual([]);
      if (area !== 'permissions') expect(patterns).not.toContain('PERMISSIONS');
    },
  );

  it.each(narrowed.map((construct) => [construct.area, construct] as const))(
    '%s: every partition-key prefix its bundle builds is allowed (keys added without a grant fail here, not in AWS)',
    async (area, construct) => {
      expect(areas).toContain(area);
      const allowed = construct.access.leadingKeys ?? [];
      const prefixes = await keyPrefixesInBundle(area);
      expect(prefixes).toContain('USER#');
      const uncovered = prefixes.filter(
        (prefix) => !notTablePartitionKeys.has(prefix) && !allowed.some((pattern) => pattern.startsWith(prefix)),
      );
      expect(uncovered, `${area}: add these to its leadingKeys (infra/lib/area-access.ts)`).toEqual([]);
    },
  );
});
