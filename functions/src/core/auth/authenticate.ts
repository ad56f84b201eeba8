import type { APIGatewayProxyEventV2 } from 'aws-lambda';

import type { Caller } from '../caller';
import { batchGet } from '../db';
import type { TableKey } from '../entity';
import { uniqueKeys } from '../read-along';
import { UnauthorizedError } from '../errors';
import { bearerToken } from '../http';
import { sessionEntity } from '../sign-in-entities';
import type { KeyRoute } from '../api-scopes';
import { authenticateApiKey } from './api-key-auth';
import { isApiKey } from './api-key-format';
import { callerFromItems, signedInUserKeys } from './principal';
import { liveSession } from './sessions';
import { verifyAccessToken } from './tokens';

/**
 * A signed-in request needs a valid access token whose session still exists, so signing out
 * or resetting the password takes effect at once rather than when the token expires. The
 * session and the user's profile are read in one BatchGet: the caller's name comes with the
 * check that costs a round trip anyway, and so do the records the route's path names
 * (`readWithSession`, core/read-along.ts; docs/decisions.md, "One caller").
 *
 * A bearer that is an API key (`orb_…`) is the key's creator, limited to the key's scopes for
 * `route` (core/auth/api-key-auth.ts; docs/integrations.md, "API keys").
 */
export const authenticate = async (
  event: APIGatewayProxyEventV2,
  readWithSession: (userId: string) => readonly TableKey[] = () => [],
  route?: KeyRoute,
): Promise<Caller> => {
  const token = bearerToken(event);
  if (token && isApiKey(token)) return authenticateApiKey(token, route, readWithSession);
  const claims = token ? await verifyAccessToken(token) : undefined;
  if (!claims) throw new UnauthorizedError();
  const sessionKey = sessionEntity.key(claims.userId, claims.sessionId);
  const along = readWithSession(claims.userId);
  const items = await batchGet(uniqueKeys([sessionKey, ...signedInUserKeys(claims.userId), ...along]), {
    consistent: true,
  });
  const sessionItem = items.find((item) => item.pk === sessionKey.pk && item.sk === sessionKey.sk);
  if (!liveSession(sessionItem ? sessionEntity.fromItem(sessionItem) : undefined)) {
    throw new UnauthorizedError('Session has ended');
  }
  return callerFromItems({
    userId: claims.userId,
    items,
    along,
    // A session outliving its user's profile is no way in either.
    refusal: { gone: 'Session has ended', suspended: 'Account suspended' },
    principal: (role, abilityRules) => ({ via: 'session', ...claims, role, abilityRules }),
  });
};
