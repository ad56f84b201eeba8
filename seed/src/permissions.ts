import type { Action, GrantableSubject, PermissionRule } from '@orbit/functions/core/ability';
import { ConflictError } from '@orbit/functions/core/errors';
import type { RoleSlug } from '@orbit/functions/permissions/contract';
import { listAllPermissions, normaliseName, replacePermission } from '@orbit/functions/permissions/repository';
import { rewriteRoleRules, storeNewPermission } from '@orbit/functions/permissions/service';

/** Shorthand for a permission's rules: every action listed on one subject. */
const on = (subject: GrantableSubject, actions: readonly Action[], own?: true): PermissionRule[] =>
  actions.map((action) => (own ? { action, subject, own } : { action, subject }));

/**
 * The nine permissions of the original sample list, with its creation times (UTC) so their
 * createdDate reads as it did there ('14 Apr 2021, 8:43 PM'), created one after another so the
 * unsorted list keeps this order. Each is a named set of rules (docs/roles.md has the table and
 * why each role holds what it holds); the assignments are the sample's, plus the manager's
 * Management and Project Planning and the support's Client Communication, without which those
 * roles could not do their job.
 */
export const demoPermissions: readonly {
  name: string;
  assignedTo: RoleSlug[];
  rules: PermissionRule[];
  createdAt: string;
}[] = [
  {
    name: 'Management',
    assignedTo: ['administrator', 'manager'],
    rules: [
      ...on('Team', ['read']),
      ...on('User', ['read']),
      ...on('Project', ['read', 'delete']),
      ...on('Task', ['read']),
      ...on('Comment', ['read']),
      ...on('Chat', ['read']),
      ...on('Contact', ['read']),
      ...on('Channel', ['read']),
      ...on('Permission', ['read']),
    ],
    createdAt: '2021-04-14T20:43:00Z',
  },
  {
    name: 'Manage Billing & Roles',
    assignedTo: ['administrator'],
    rules: [
      ...on('Permission', ['manage']),
      ...on('Role', ['update']),
      ...on('Plan', ['manage']),
      ...on('Team', ['read']),
    ],
    createdAt: '2021-09-16T17:20:00Z',
  },
  {
    name: 'Add & Remove Users',
    assignedTo: ['administrator', 'manager'],
    rules: [...on('Team', ['read', 'create', 'update', 'delete']), ...on('User', ['read'])],
    createdAt: '2021-10-14T10:20:00Z',
  },
  {
    name: 'Project Planning',
    assignedTo: ['administrator', 'manager', 'users', 'support'],
    rules: [
      ...on('Project', ['read', 'create', 'update']),
      ...on('Task', ['read', 'create']),
      ...on('Task', ['update'], true),
      ...on('Comment', ['read', 'create']),
    ],
    createdAt: '2021-10-14T10:20:00Z',
  },
  {
    name: 'Manage Email Sequences',
    assignedTo: ['administrator', 'users', 'support'],
    rules: [...on('Mailing', ['manage']), ...on('Contact', ['read'])],
    createdAt: '2021-08-23T14:00:00Z',
  },
  {
    name: 'Client Communication',
    assignedTo: ['administrator', 'manager', 'support'],
    rules: [
      ...on('Chat', ['read', 'create', 'update']),
      ...on('Contact', ['read', 'update']),
      ...on('Email', ['read', 'create', 'update'], true),
      ...on('Channel', ['read']),
    ],
    createdAt: '2021-04-15T11:30:00Z',
  },
  {
    name: 'Only View',
    assignedTo: ['administrator', 'restricted-user'],
    rules: [
      ...on('Project', ['read']),
      ...on('Task', ['read']),
      ...on('Comment', ['read']),
      ...on('Chat', ['read']),
      ...on('Team', ['read']),
      ...on('User', ['read']),
    ],
    createdAt: '2021-12-04T20:15:00Z',
  },
  {
    name: 'Financial Management',
    assignedTo: ['administrator', 'manager'],
    rules: [
      ...on('Plan', ['read', 'update']),
      ...on('Subscription', ['read', 'update']),
      ...on('Invoice', ['read', 'update']),
      ...on('Referral', ['read']),
      ...on('Project', ['read']),
    ],
    createdAt: '2021-02-25T10:30:00Z',
  },
  {
    name: "Manage Others' Tasks",
    assignedTo: ['administrator', 'support'],
    rules: [...on('Task', ['update', 'delete']), ...on('Comment', ['delete'])],
    createdAt: '2021-11-04T11:45:00Z',
  },
];

/**
 * The demo permissions, each created with its rules; every create rewrites the role rules
 * (ROLE_RULES) in its own transaction, so the staff roles hold what the table says once this ends.
 */
export const seedPermissions = async (): Promise<void> => {
  for (const permission of demoPermissions) {
    try {
      await storeNewPermission(permission, new Date(permission.createdAt), { announce: false });
    } catch (error) {
      // Already there (a concurrent seeder): the name's uniqueness keeps it to one.
      if (!(error instanceof ConflictError)) throw error;
    }
  }
};

/**
 * A store seeded before permissions had rules: each demo permission still without rules gets
 * its rules and the assignments above, then the role rules are written from the list. On a store
 * seeded with rules, only the (unchanged) role rules are written again.
 */
export const seedPermissionRules = async (): Promise<void> => {
  const demoByName = new Map(demoPermissions.map((permission) => [normaliseName(permission.name), permission]));
  for (const record of await listAllPermissions()) {
    const demo = demoByName.get(normaliseName(record.name));
    if (!demo || record.rules !== undefined) continue;
    const next = {
      ...record,
      assignedTo: demo.assignedTo,
      rules: demo.rules,
      updatedAt: new Date().toISOString(),
      version: record.version + 1,
    };
    // Lost to a concurrent change: that change stands, and it kept the role rules in step.
    await replacePermission(record, next, record.version).catch(() => undefined);
  }
  await rewriteRoleRules();
};
