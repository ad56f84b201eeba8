import { GetCommand, PutCommand, UpdateCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';

import { batchWrite, ConditionFailed, db, queryAll, writeIf } from '../db';
import { sessionEntity, sessionsOf, type SessionRecord } from '../sign-in-entities';
import { tableName } from '../table';
import { refreshTokenTtlSeconds } from './tokens';

/** Sessions live under their user so that "revoke every session" is one Query (`sessionEntity`). */
const expiry = (now: Date) => Math.floor(now.getTime() / 1000) + refreshTokenTtlSeconds;

export const createSession = async (
  input: Pick<SessionRecord, 'userId' | 'sessionId' | 'refreshHash' | 'userAgent'>,
  now = new Date(),
): Promise<void> => {
  const record: SessionRecord = {
    ...input,
    createdAt: now.toISOString(),
    lastUsedAt: now.toISOString(),
    expiresAt: expiry(now),
  };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: sessionEntity.toItem(record),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

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
): Promise<boolean> => {
  try {
    await writeIf('presented hash', () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: sessionEntity.key(userId, sessionId),
          UpdateExpression:
            'SET refreshHash = :next, previousRefreshHash = :presented, rotatedAtMs = :nowMs, lastUsedAt = :now, ' +
            'expiresAt = :expiresAt',
          ConditionExpression: 'refreshHash = :presented',
          ExpressionAttributeValues: {
            ':next': nextHash,
            ':presented': presentedHash,
            ':nowMs': now.getTime(),
            ':now': now.toISOString(),
            ':expiresAt': expiry(now),
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

export const listSessionIds = async (userId: string): Promise<string[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': sessionsOf(userId).pk,
        ':prefix': sessionsOf(userId).skPrefix,
      },
      ProjectionExpression: 'sessionId',
    })
  ).map((item) => String(item.sessionId));

export const deleteAllSessions = async (userId: string): Promise<number> => {
  const ids = await listSessionIds(userId);
  await batchWrite(ids.map((id) => ({ delete: sessionEntity.key(userId, id) })));
  return ids.length;
};
