import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { apiKeyEntity, apiKeyWindowEntity, type ApiKeyRecord } from '../api-key-entities';
import { scopeForRoute, type KeyRoute } from '../api-scopes';
import type { Caller } from '../caller';
import { batchGet, ConditionFailed, db, writeIf } from '../db';
import type { TableKey } from '../entity';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../errors';
import { uniqueKeys } from '../read-along';
import { tableName } from '../table';
import { apiKeyIdOf, apiKeyMatches } from './api-key-format';
import { callerFromItems, signedInUserKeys } from './principal';

/** One answer for every key that does not open: which of the reasons it was is no one's business. */
const invalidKey = 'Invalid API key';
const keyRefused = () => new UnauthorizedError(invalidKey);

/** 403 naming the scope the route needs, so an integrator knows which key to ask for. */
class MissingScopeError extends ForbiddenError {
  constructor(readonly needed: string) {
    super(needed);
    this.name = 'MissingScopeError';
  }
  override body() {
    return { errors: { scope: [this.needed] } };
  }
}

const windowMs = 60_000;

/**
 * Counts the request in the key's current minute, unless the minute's count has reached the
 * key's limit: then the seconds until the next minute starts (a fixed window: docs/decisions.md,
 * "Integrations: a key's rate limit is a fixed one-minute window").
 */
const admitInWindow = async (key: ApiKeyRecord, now: Date): Promise<number | undefined> => {
  const minute = Math.floor(now.getTime() / windowMs);
  try {
    await writeIf('window', () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: apiKeyWindowEntity.key(key.id, minute),
          UpdateExpression: 'ADD requests :one SET #type = :type, keyId = :keyId, #minute = :minute, expiresAt = :ttl',
          ConditionExpression: 'attribute_not_exists(requests) OR requests < :limit',
          ExpressionAttributeNames: { '#type': 'type', '#minute': 'minute' },
          ExpressionAttributeValues: {
            ':one': 1,
            ':type': apiKeyWindowEntity.type,
            ':keyId': key.id,
            ':minute': minute,
            // Kept a minute past its own: a clock a little behind still finds it.
            ':ttl': ((minute + 2) * windowMs) / 1000,
            ':limit': key.rateLimitPerMinute,
          },
        }),
      ),
    );
    return undefined;
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    return Math.max(1, Math.ceil(((minute + 1) * windowMs - now.getTime()) / 1000));
  }
};

/** lastUsedAt moves at most once a minute: a busy key does not rewrite its item on every request. */
const noteUse = async (key: ApiKeyRecord, now: Date): Promise<void> => {
  const minuteAgo = new Date(now.getTime() - windowMs).toISOString();
  if (key.lastUsedAt && key.lastUsedAt > minuteAgo) return;
  try {
    await writeIf('last used', () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: apiKeyEntity.key(key.id),
          UpdateExpression: 'SET lastUsedAt = :now',
          // Another request of the same minute may have moved it first; a deleted key stays deleted.
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt <= :minuteAgo)',
          ExpressionAttributeValues: { ':now': now.toISOString(), ':minuteAgo': minuteAgo },
        }),
      ),
    );
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
};

/**
 * A key's bearer: the key item (strongly consistent, so a revocation holds from the next request),
 * its hash, revocation and expiry (401, one answer for all); the route's scope (403); then, in one
 * round trip, the creator's profile and role rules as a session reads them (a suspended creator:
 * 401; a demoted one: the new role's rights), the minute's count (429 with Retry-After) and the
 * last use. The caller is the creator: what the key does is theirs, no more than they may do now.
 */
export const authenticateApiKey = async (
  token: string,
  route: KeyRoute | undefined,
  readWithSession: (userId: string) => readonly TableKey[],
  now = new Date(),
): Promise<Caller> => {
  const id = apiKeyIdOf(token);
  if (!id) throw keyRefused();
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: apiKeyEntity.key(id), ConsistentRead: true }),
  );
  const key = Item ? apiKeyEntity.fromItem(Item) : undefined;
  if (!key || !apiKeyMatches(token, key.keyHash) || key.revokedAt || key.validUntil <= now.toISOString()) {
    throw keyRefused();
  }
  // The key principal's one check (core/api-scopes.ts): a route acting on who someone is (keys,
  // credentials, contacts, sessions, roles, invitations) is refused whatever the key's scopes.
  const scope = route && scopeForRoute(route);
  if (!scope) throw new MissingScopeError('API keys cannot call this route');
  if (!key.scopes.includes(scope)) throw new MissingScopeError(`This key needs the ${scope} scope`);
  const along = readWithSession(key.createdBy);
  const [items, retryAfterSeconds] = await Promise.all([
    batchGet(uniqueKeys([...signedInUserKeys(key.createdBy), ...along]), { consistent: true }),
    admitInWindow(key, now),
    noteUse(key, now),
  ]);
  const caller = callerFromItems({
    userId: key.createdBy,
    items,
    along,
    refusal: { gone: invalidKey, suspended: invalidKey },
    principal: (role, abilityRules) => ({
      via: 'api-key',
      apiKeyId: key.id,
      userId: key.createdBy,
      role,
      abilityRules,
    }),
  });
  if (retryAfterSeconds !== undefined) {
    throw new TooManyRequestsError(retryAfterSeconds, {
      general: [`This key is limited to ${key.rateLimitPerMinute} requests a minute`],
    });
  }
  return caller;
};
