import { abilityRulesFor, buildAbility, type Action, type RoleRules, type Subject } from './ability';
import { isStaffRole, staffRoles, type StaffRole } from './roles';

/**
 * Questions about other people's rules (not the caller's): whom to notify, whom a channel may
 * belong to. The same rules a request of theirs would get (core/ability.ts), from the staff
 * roles' rules as they are now (core/auth/role-rules.ts readRoleRules, or the request's own).
 * Conditions are not checked: "may read Task" means some rule grants reading some task.
 */

/** May a user of this role do `action` on `subject` at all? */
export const roleMay = (role: string, action: Action, subject: Subject, roleRules: RoleRules): boolean =>
  buildAbility(abilityRulesFor({ id: '', role }, roleRules)).can(action, subject);

/** The staff roles whose rules let them do `action` on `subject` (the administrator always). */
export const staffRolesThatMay = (action: Action, subject: Subject, roleRules: RoleRules): StaffRole[] =>
  staffRoles.filter((role) => roleMay(role, action, subject, roleRules));

/** Is this user a staff member (not suspended) whose rules let them do `action` on `subject`? */
export const isStaffWhoMay = (
  user: { readonly role: string; readonly suspendedAt?: string } | undefined,
  action: Action,
  subject: Subject,
  roleRules: RoleRules,
): boolean =>
  user !== undefined &&
  isStaffRole(user.role) &&
  user.suspendedAt === undefined &&
  roleMay(user.role, action, subject, roleRules);
