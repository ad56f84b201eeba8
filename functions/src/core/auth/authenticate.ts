import type { APIGatewayProxyEventV2 } from 'aws-lambda';

import { abilityRulesFor, buildAbility, type AbilityRule } from '../ability';
import type { Caller } from '../caller';
import { batchGet } from '../db';
import type { TableKey } from '../entity';
import { readAlongOf, uniqueKeys } from '../read-along';
import { UnauthorizedError } from '../errors';
import { bearerToken } from '../http';
import { roleRulesEntity, sessionEntity } from '../sign-in-entities';
import { userEntity } from '../users/entities';
import { liveSession } from './sessions';
import { verifyAccessToken } from './tokens';

export interface Principal {
  readonly userId: string;
  readonly role: string;
  readonly sessionId: string;
  readonly abilityRules: AbilityRule[];
}

/**
 * A signed-in request needs a valid access token whose session still exists, so signing out
 * or resetting the password takes effect at once rather than when the token expires. The
 * session and the user's profile are read in one BatchGet: the caller's name comes with the
 * check that costs a round trip anyway, and so do the records the route's path names
 * (`readWithSession`, core/read-along.ts; docs/decisions.md, "One caller").
 */
export const authenticate = async (
  event: APIGatewayProxyEventV2,
  readWithSession: (userId: string) => readonly TableKey[] = () => [],
): Promise<Caller> => {
  const token = bearerToken(event);
  const claims = token ? await verifyAccessToken(token) : undefined;
  if (!claims) throw new UnauthorizedError();
  const sessionKey = sessionEntity.key(claims.userId, claims.sessionId);
  const profileKey = userEntity.key(claims.userId);
  const roleRulesKey = roleRulesEntity.key();
  const along = readWithSession(claims.userId);
  const items = await batchGet(uniqueKeys([sessionKey, profileKey, roleRulesKey, ...along]), { consistent: true });
  const find = (key: TableKey) => items.find((item) => item.pk === key.pk && item.sk === key.sk);
  const sessionItem = find(sessionKey);
  const profileItem = find(profileKey);
  if (!liveSession(sessionItem ? sessionEntity.fromItem(sessionItem) : undefined)) {
    throw new UnauthorizedError('Session has ended');
  }
  // A session outliving its user's profile is no way in either.
  if (!profileItem) throw new UnauthorizedError('Session has ended');
  const profile = userEntity.fromItem(profileItem);
  if (profile.suspendedAt) throw new UnauthorizedError('Account suspended');
  // The role and its rules as they are now, not as the token says: a role or permission change
  // holds from the next request (docs/roles.md).
  const roleRulesItem = find(roleRulesKey);
  const roleRules = roleRulesItem ? roleRulesEntity.fromItem(roleRulesItem).rulesByRole : {};
  const principal: Principal = {
    ...claims,
    role: profile.role,
    abilityRules: abilityRulesFor({ id: claims.userId, role: profile.role }, roleRules),
  };
  return {
    principal,
    ability: buildAbility(principal.abilityRules),
    fullName: profile.fullName,
    readAlong: readAlongOf(along, items),
  };
};
