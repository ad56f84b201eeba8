import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';

import { db } from '@orbit/functions/core/db';
import { tableName } from '@orbit/functions/core/table';

import { rewriteListEntries } from '@orbit/functions/projects/bulk-load';

import { seedChannels } from './channels';
import { seedChat } from './chat';
import { seedEmail } from './email';
import { seedIntegrations } from './integrations';
import { seedInvoices } from './invoices';
import { seedMailings } from './mailings';
import { seedNotifications } from './notifications';
import { seedPermissionRules, seedPermissions } from './permissions';
import { seedPlans } from './plans';
import { seedProjects } from './projects';
import { seedReferrals } from './referrals';
import { indexEveryProfile, seedUsers } from './users';
import { seedTeam } from './team';

export interface SeedStep {
  /** Stable name: each step runs once per store, recorded by a marker item. */
  readonly name: string;
  readonly run: () => Promise<void>;
}

/**
 * The demo workspace, one step per area, in dependency order. A store seeded before a step
 * existed gets just that step on the next start.
 */
export const seedSteps: readonly SeedStep[] = [
  { name: 'users', run: seedUsers },
  { name: 'projects', run: seedProjects },
  { name: 'chat', run: seedChat },
  { name: 'permissions', run: seedPermissions },
  // Stores seeded before the projects list had its `open` and `all` partitions get them.
  { name: 'project-list-sets', run: async () => void (await rewriteListEntries()) },
  // Stores seeded before every profile was in one index partition (an admin's chat contacts).
  { name: 'people-index', run: indexEveryProfile },
  // A webhook and an email channel, with a lead on each (docs/channels.md).
  { name: 'channels', run: seedChannels },
  // A few read and unread notifications for the demo admin and client (the navbar's bell).
  { name: 'notifications', run: seedNotifications },
  // Stores seeded before permissions had rules get them, and the staff roles' rules (docs/roles.md).
  { name: 'permission-rules', run: seedPermissionRules },
  // Two pending invitations from the demo administrator (the team page; docs/roles.md).
  { name: 'team', run: seedTeam },
  // A mailbox for each demo user with Email rights: threads, outside mail, spam, drafts (docs/email.md).
  { name: 'email', run: seedEmail },
  // Tags, an opted-out lead, a sent, a scheduled and a draft mailing, a welcome sequence (docs/mailings.md).
  { name: 'mailings', run: seedMailings },
  // A webhook to a CRM automation (turned off) and a read-only API key (docs/integrations.md).
  { name: 'integrations', run: seedIntegrations },
  // Starter, Growth and Scale in euros; demo clients subscribed, their first invoices drafted (docs/plans.md).
  { name: 'plans', run: seedPlans },
  // Two months of invoices before the current period: paid, and one overdue (docs/plans.md, "Invoices").
  { name: 'invoices', run: seedInvoices },
  // A 20 € reward rule and three clients the demo client referred, one per stage (docs/plans.md, "Referrals").
  { name: 'referrals', run: seedReferrals },
];

const markerKey = (step: string) => ({ pk: 'SEED#demo', sk: `STEP#${step}` });

export interface SeedResult {
  readonly seeded: boolean;
  readonly steps: string[];
}

/** Idempotent: a step whose marker exists is skipped, and each step creates its items only once. */
export const seedDemoData = async (steps: readonly SeedStep[] = seedSteps): Promise<SeedResult> => {
  const ran: string[] = [];
  for (const step of steps) {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: markerKey(step.name), ConsistentRead: true }),
    );
    if (Item) continue;
    await step.run();
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...markerKey(step.name), type: 'SeedMarker', seededAt: new Date().toISOString() },
      }),
    );
    ran.push(step.name);
  }
  return { seeded: ran.length > 0, steps: ran };
};
