import {
  grantableActions,
  grantableSubjects,
  ownerFieldOf,
  type AppAbility,
  type PermissionRule,
  type RoleRules,
} from '../core/ability';
import { roleOfSlug, staffRoles, type RoleSlug } from '../core/roles';

/**
 * What permissions mean (docs/roles.md, "Permissions and rules"), as pure functions: the rules
 * each staff role gets from the permissions assigned to it, which roles a change affects, and
 * whether a caller may hand out a permission's rules (no escalation).
 */

interface RuleHolder {
  readonly assignedTo: readonly RoleSlug[];
  readonly rules?: readonly PermissionRule[];
}

const subjectOrder = (rule: PermissionRule) => grantableSubjects.indexOf(rule.subject);
const actionOrder = (rule: PermissionRule) =>
  grantableActions.indexOf(rule.action as (typeof grantableActions)[number]);
const ruleKey = (rule: PermissionRule) => `${rule.action} ${rule.subject}${rule.own ? ' own' : ''}`;

/** One order for any set of rules (subject, then action, all before own), so equal sets compare equal. */
export const sortRules = (rules: readonly PermissionRule[]): PermissionRule[] =>
  [...rules].sort(
    (a, b) =>
      subjectOrder(a) - subjectOrder(b) || actionOrder(a) - actionOrder(b) || Number(a.own ?? 0) - Number(b.own ?? 0),
  );

/** The staff roles whose rules come from permissions: the administrator holds `manage all` whatever they say. */
export const ruledRoles = staffRoles.filter((role) => role !== 'admin');

/**
 * Each ruled role's rules: every rule of every permission assigned to it, each once, in one
 * order. A role no permission is assigned to gets an empty list (it holds only the baseline).
 */
export const rulesByRoleOf = (permissions: readonly RuleHolder[]): RoleRules => {
  const byRole = new Map<string, Map<string, PermissionRule>>(ruledRoles.map((role) => [role, new Map()]));
  for (const permission of permissions) {
    for (const slug of permission.assignedTo) {
      const rules = byRole.get(roleOfSlug(slug));
      if (!rules) continue;
      for (const rule of permission.rules ?? []) rules.set(ruleKey(rule), rule);
    }
  }
  return Object.fromEntries([...byRole].map(([role, rules]) => [role, sortRules([...rules.values()])]));
};

/** The roles whose rules differ between two role-rule sets (either may be missing a role). */
export const changedRoles = (before: RoleRules, after: RoleRules): string[] =>
  ruledRoles.filter(
    (role) => JSON.stringify(sortRules(before[role] ?? [])) !== JSON.stringify(sortRules(after[role] ?? [])),
  );

/**
 * Whether the caller's own rules grant this one: on every record (an unconditional rule for the
 * action — `manage` only from a `manage` rule), or, for an `own` rule, at least on their own
 * records (the subject's owner field equal to their id).
 */
export const holdsRule = (ability: AppAbility, userId: string, rule: PermissionRule): boolean => {
  const ownerField = ownerFieldOf[rule.subject];
  return ability
    .rulesFor(rule.action, rule.subject)
    .some(
      (held) =>
        !held.inverted &&
        (held.conditions === undefined ||
          (rule.own === true &&
            ownerField !== undefined &&
            JSON.stringify(held.conditions) === JSON.stringify({ [ownerField]: userId }))),
    );
};

export type EscalationProblem = 'administrator' | 'escalation';

/**
 * No escalation (docs/decisions.md): someone who is not the administrator may create, change or
 * delete a permission only if they hold every rule it has (before and after the change) and it
 * neither gains nor loses the `administrator` role. Returns what is wrong, or undefined.
 */
export const escalationProblem = (
  caller: { readonly role: string; readonly userId: string; readonly ability: AppAbility },
  previous: RuleHolder | undefined,
  next: RuleHolder | undefined,
): EscalationProblem | undefined => {
  if (caller.role === 'admin') return undefined;
  const hasAdministrator = (holder: RuleHolder | undefined) => holder?.assignedTo.includes('administrator') ?? false;
  const touchesAdministrator = previous
    ? hasAdministrator(previous) !== hasAdministrator(next)
    : hasAdministrator(next);
  if (touchesAdministrator) return 'administrator';
  const rules = [...(previous?.rules ?? []), ...(next?.rules ?? [])];
  return rules.every((rule) => holdsRule(caller.ability, caller.userId, rule)) ? undefined : 'escalation';
};
