import type { APIGatewayProxyEventV2 } from 'aws-lambda';

import { abilityRulesFor, type AbilityRule } from '../ability';
import { UnauthorizedError } from '../errors';
import { bearerToken } from '../http';
import { getSession } from './sessions';
import { verifyAccessToken } from './tokens';

export interface Principal {
  readonly userId: string;
  readonly role: string;
  readonly sessionId: string;
  readonly abilityRules: AbilityRule[];
}

/**
 * A signed-in request needs a valid access token whose session still exists, so signing out
 * or resetting the password takes effect at once rather than when the token expires.
 */
export const authenticate = async (event: APIGatewayProxyEventV2): Promise<Principal> => {
  const token = bearerToken(event);
  const claims = token ? await verifyAccessToken(token) : undefined;
  if (!claims) throw new UnauthorizedError();
  const session = await getSession(claims.userId, claims.sessionId);
  if (!session) throw new UnauthorizedError('Session has ended');
  return { ...claims, abilityRules: abilityRulesFor({ id: claims.userId, role: claims.role }) };
};
