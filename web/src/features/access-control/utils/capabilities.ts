import { grantableSubjects, type Action, type AppAbility, type Subject } from '@orbit/functions/core/ability';

/** The areas and actions the access-control page reports on, in reading order: the access-control page itself, then every subject a permission can grant. */
export const reportedSubjects = ['AclDemo', ...grantableSubjects] as const satisfies readonly Subject[];
export type ReportedSubject = (typeof reportedSubjects)[number];

export const reportedActions = ['read', 'create', 'update', 'delete'] as const satisfies readonly Action[];
export type ReportedAction = (typeof reportedActions)[number];

/** allowed: on every record; own: only on records the rules' conditions match (its own). */
export type Capability = 'allowed' | 'own' | 'denied';

/**
 * What the rules grant for one action on one kind of thing. The same ability the server applies:
 * a conditional rule means the server checks each record against it, so it is "own only".
 */
export const capabilityOf = (ability: AppAbility, action: Action, subject: Subject): Capability => {
  if (!ability.can(action, subject)) return 'denied';
  const rules = ability.rulesFor(action, subject);
  return rules.some((rule) => !rule.inverted && rule.conditions === undefined) ? 'allowed' : 'own';
};

export type CapabilityRow = { readonly subject: ReportedSubject } & Readonly<Record<ReportedAction, Capability>>;

export const capabilityTable = (ability: AppAbility): CapabilityRow[] =>
  reportedSubjects.map((subject) => ({
    subject,
    read: capabilityOf(ability, 'read', subject),
    create: capabilityOf(ability, 'create', subject),
    update: capabilityOf(ability, 'update', subject),
    delete: capabilityOf(ability, 'delete', subject),
  }));
