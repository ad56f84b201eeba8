import { GetCommand, PutCommand, UpdateCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';

import { batchGet, ConditionFailed, db, putPart, queryAll, writeIf, type TransactionPart } from '../db';
import type { TableKey } from '../entity';
import { sessionEntity, sessionsOf, type SessionRecord } from '../sign-in-entities';
import { tableName } from '../table';
import { userEntity } from '../users/entities';
import type { UserRecord } from '../users/records';
import { refreshTokenTtlSeconds } from './tokens';

/** Sessions live under their user so that "revoke every session" is one Query (`sessionEntity`). */
const expiry = (now: Date) => Math.floor(now.getTime() / 1000) + refreshTokenTtlSeconds;

/** What a new session is made of; the rest (times, expiry) is set when it is stored. */
export type NewSession = Pick<SessionRecord, 'userId' | 'sessionId' | 'refreshHash' | 'userAgent' | 'ip'>;

const newSessionItem = (input: NewSession, now: Date) =>
  sessionEntity.toItem({
    ...input,
    createdAt: now.toISOString(),
    lastUsedAt: now.toISOString(),
    expiresAt: expiry(now),
  });

export const createSession = async (input: NewSession, now = new Date()): Promise<void> => {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: newSessionItem(input, now),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

/** The same new session as a transaction part, to open it in one write with other changes. */
export const createSessionPart = (input: NewSession, now = new Date()): TransactionPart =>
  putPart('session', newSessionItem(input, now), 'attribute_not_exists(pk)');

export const getSession = async (
  userId: string,
  sessionId: string,
  now = new Date(),
): Promise<SessionRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: sessionEntity.key(userId, sessionId), ConsistentRead: true }),
  );
  return liveSession(Item ? sessionEntity.fromItem(Item) : undefined, now);
};

/**
 * A session and its user's profile, in one consistent BatchGet: a refresh needs both, as every
 * signed-in request does (core/auth/authenticate.ts).
 */
export const getSessionWithUser = async (
  userId: string,
  sessionId: string,
  now = new Date(),
): Promise<{ session: SessionRecord | undefined; user: UserRecord | undefined }> => {
  const sessionKey = sessionEntity.key(userId, sessionId);
  const items = await batchGet([sessionKey, userEntity.key(userId)], { consistent: true });
  const sessionItem = items.find((item) => item.sk === sessionKey.sk);
  const userItem = items.find((item) => item.sk !== sessionKey.sk);
  return {
    session: liveSession(sessionItem ? sessionEntity.fromItem(sessionItem) : undefined, now),
    user: userItem ? userEntity.fromItem(userItem) : undefined,
  };
};

/** TTL deletion is lazy: an expired session item may still be there, and counts as gone. */
export const liveSession = (session: SessionRecord | undefined, now = new Date()): SessionRecord | undefined =>
  session && session.expiresAt > now.getTime() / 1000 ? session : undefined;

/**
 * Swaps the refresh hash only if the caller presented the current one; false if it lost. The
 * replaced hash is kept, with the time, so a second tab that sent it at the same moment can be
 * told apart from a replay (auth/service.ts, refresh).
 */
export const rotateSession = async (
  userId: string,
  sessionId: string,
  presentedHash: string,
  nextHash: string,
  now = new Date(),
  ip?: string,
): Promise<boolean> => {
  try {
    await writeIf('presented hash', () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: sessionEntity.key(userId, sessionId),
          UpdateExpression:
            'SET refreshHash = :next, previousRefreshHash = :presented, rotatedAtMs = :nowMs, lastUsedAt = :now, ' +
            'expiresAt = :expiresAt' +
            (ip ? ', ip = :ip' : ''),
          ConditionExpression: 'refreshHash = :presented',
          ExpressionAttributeValues: {
            ':next': nextHash,
            ':presented': presentedHash,
            ':nowMs': now.getTime(),
            ':now': now.toISOString(),
            ':expiresAt': expiry(now),
            ...(ip ? { ':ip': ip } : {}),
          },
        }),
      ),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
};

export const deleteSession = async (userId: string, sessionId: string): Promise<void> => {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: sessionEntity.key(userId, sessionId) }));
};

/**
 * Ends a session only if it holds this refresh hash: the conditional delete is the check, so
 * no read comes first. A session that is gone or holds another secret is left as it is.
 */
export const deleteSessionHolding = async (userId: string, sessionId: string, refreshHash: string): Promise<void> => {
  try {
    await writeIf('refresh hash', () =>
      db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: sessionEntity.key(userId, sessionId),
          ConditionExpression: 'refreshHash = :hash',
          ExpressionAttributeValues: { ':hash': refreshHash },
        }),
      ),
    );
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
};

/** The keys of every session of a user (one Query): to revoke them all in one transaction. */
export const sessionKeysOf = async (userId: string): Promise<TableKey[]> => {
  const { pk, skPrefix } = sessionsOf(userId);
  const sessions = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ProjectionExpression: 'sessionId',
  });
  return sessions.map((session) => sessionEntity.key(userId, String(session.sessionId)));
};
