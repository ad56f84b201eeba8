import { abilityRulesFor, buildAbility, type AbilityRule } from '../ability';
import type { Caller } from '../caller';
import type { TableKey } from '../entity';
import { ForbiddenError, UnauthorizedError } from '../errors';
import { readAlongOf } from '../read-along';
import { roleRulesEntity } from '../sign-in-entities';
import { userEntity } from '../users/entities';

interface PrincipalBase {
  readonly userId: string;
  readonly role: string;
  readonly abilityRules: AbilityRule[];
}

/** Signed in through the app: an access token whose session still exists. */
export interface SessionPrincipal extends PrincipalBase {
  readonly via: 'session';
  readonly sessionId: string;
}

/**
 * An API key's bearer (core/auth/api-key-auth.ts): the key's creator as they are now, limited to
 * the key's scopes. It has no session, so nothing that acts on "this session" applies to it.
 */
export interface ApiKeyPrincipal extends PrincipalBase {
  readonly via: 'api-key';
  readonly apiKeyId: string;
}

export type Principal = SessionPrincipal | ApiKeyPrincipal;

/**
 * The caller's session, for what keeps or ends "this session" (revoking the others, a password
 * change). The routes that do so are refused to keys before they run (no key scope covers the auth
 * area), so this only guards against a new route forgetting it.
 */
export const sessionIdOf = (principal: Principal): string => {
  if (principal.via !== 'session') throw new ForbiddenError('An API key has no session');
  return principal.sessionId;
};

/** What a signed-in request reads about its user in its one BatchGet: the profile and the role rules. */
export const signedInUserKeys = (userId: string): TableKey[] => [userEntity.key(userId), roleRulesEntity.key()];

/**
 * The caller from that BatchGet's items: a missing or suspended profile is 401 (`refusal` says
 * why to a session; a key gets one answer for every reason), the role and its rules as they are
 * now, not as a token or a key says: a role or permission change holds from the next request
 * (docs/roles.md).
 */
export const callerFromItems = (input: {
  readonly userId: string;
  readonly items: readonly Record<string, unknown>[];
  readonly along: readonly TableKey[];
  readonly refusal: { readonly gone: string; readonly suspended: string };
  readonly principal: (role: string, abilityRules: AbilityRule[]) => Principal;
}): Caller => {
  const profileKey = userEntity.key(input.userId);
  const roleRulesKey = roleRulesEntity.key();
  const find = (key: TableKey) => input.items.find((item) => item.pk === key.pk && item.sk === key.sk);
  const profileItem = find(profileKey);
  if (!profileItem) throw new UnauthorizedError(input.refusal.gone);
  const profile = userEntity.fromItem(profileItem);
  if (profile.suspendedAt) throw new UnauthorizedError(input.refusal.suspended);
  const roleRulesItem = find(roleRulesKey);
  const roleRules = roleRulesItem ? roleRulesEntity.fromItem(roleRulesItem).rulesByRole : {};
  const principal = input.principal(profile.role, abilityRulesFor({ id: input.userId, role: profile.role }, roleRules));
  return {
    principal,
    ability: buildAbility(principal.abilityRules),
    fullName: profile.fullName,
    readAlong: readAlongOf(input.along, input.items),
  };
};
