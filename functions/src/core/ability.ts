import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';

/**
 * The one ability definition, shared by the web app (what to show) and the functions (what to
 * allow). Spec §6: admin `manage all`; client `read AclDemo`, plus the client's rights over its
 * own data written as conditions on the subject's fields.
 */

export const roles = ['admin', 'client'] as const;
export type Role = (typeof roles)[number];

export type Action = 'manage' | 'create' | 'read' | 'update' | 'delete';
export type Subject = 'all' | 'AclDemo' | 'User' | 'Project' | 'Task' | 'Comment' | 'Chat' | 'Permission' | (string & {});

export type AppAbility = MongoAbility<[Action, Subject]>;
/** A rule as stored in the browser and sent by sign-in (spec §3: action, subject). */
export interface AbilityRule {
  readonly action: Action;
  readonly subject: Subject;
  readonly conditions?: Record<string, unknown>;
  readonly inverted?: boolean;
}

export interface AbilityOwner {
  readonly id: string;
  readonly role: string;
}

export const abilityRulesFor = (user: AbilityOwner): AbilityRule[] => {
  switch (user.role) {
    case 'admin':
      return [{ action: 'manage', subject: 'all' }];
    case 'client':
      return [
        { action: 'read', subject: 'AclDemo' },
        { action: 'read', subject: 'User', conditions: { id: user.id } },
        { action: 'update', subject: 'User', conditions: { id: user.id } },
        { action: 'read', subject: 'Project', conditions: { clientId: user.id } },
        { action: 'read', subject: 'Task', conditions: { clientId: user.id } },
        { action: 'create', subject: 'Comment', conditions: { clientId: user.id } },
        { action: 'read', subject: 'Chat' },
      ];
    default:
      // Spec §6: other roles have no rules and fall to the login redirect from '/'.
      return [];
  }
};

export const buildAbility = (rules: readonly AbilityRule[]): AppAbility => createMongoAbility<AppAbility>(rules as RawRuleOf<AppAbility>[]);
