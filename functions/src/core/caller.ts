import { abilityRulesFor, buildAbility, type AppAbility, type RoleRules } from './ability';
import type { Principal } from './auth/principal';
import { nothingReadAlong, type ReadAlong } from './read-along';

/**
 * Who is asking, built once per signed-in request by the area handler (core/handler.ts) and
 * passed to the area's service, which decides what the caller may do: the verified principal,
 * the ability built from its rules, and what services need about the user, read with the
 * session in the same round trip (so no service reads the user's profile again).
 */
export interface Caller {
  readonly principal: Principal;
  readonly ability: AppAbility;
  /** The user's name as their profile has it now (activity, messages and boards show it). */
  readonly fullName: string;
  /** What the route's path names, read with the session (core/read-along.ts). */
  readonly readAlong: ReadAlong;
}

/**
 * A caller for a known user without a request (work done on their behalf, and the services'
 * unit tests): the same rules as a signed-in request of theirs (given the staff roles' rules as they
 * are now: core/auth/role-rules.ts), nothing read along.
 */
export const callerFor = (
  user: { id: string; role: string; fullName: string },
  sessionId = '',
  roleRules: RoleRules = {},
): Caller => {
  const abilityRules = abilityRulesFor(user, roleRules);
  return {
    principal: { via: 'session', userId: user.id, role: user.role, sessionId, abilityRules },
    ability: buildAbility(abilityRules),
    fullName: user.fullName,
    readAlong: nothingReadAlong,
  };
};
