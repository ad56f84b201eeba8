import { DeleteCommand, GetCommand, PutCommand, BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { db, isConditionFailure, queryAll } from '../db';
import { tableName } from '../table';
import { refreshTokenTtlSeconds } from './tokens';

/** Sessions live under their user so that "revoke every session" is one Query. */
export interface SessionRecord {
  readonly userId: string;
  readonly sessionId: string;
  readonly refreshHash: string;
  readonly createdAt: string;
  readonly lastUsedAt: string;
  readonly userAgent: string;
  /** The secret this session's current one replaced, and when: another tab may still hold it. */
  readonly previousRefreshHash?: string;
  readonly rotatedAtMs?: number;
  /** Epoch seconds; DynamoDB TTL removes expired sessions. */
  readonly expiresAt: number;
}

/** Session keys, built here and nowhere else. */
export const sessionKeys = {
  item: (userId: string, sessionId: string) => ({ pk: `USER#${userId}`, sk: `SESSION#${sessionId}` }),
  ofUser: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'SESSION#' }),
} as const;
const sessionKey = sessionKeys.item;
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
      Item: { ...sessionKey(input.userId, input.sessionId), type: 'Session', ...record },
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
    new GetCommand({ TableName: tableName(), Key: sessionKey(userId, sessionId), ConsistentRead: true }),
  );
  const session = Item as SessionRecord | undefined;
  // TTL deletion is lazy: an expired item may still be there.
  return session && session.expiresAt > now.getTime() / 1000 ? session : undefined;
};

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
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sessionKey(userId, sessionId),
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
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

export const deleteSession = async (userId: string, sessionId: string): Promise<void> => {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: sessionKey(userId, sessionId) }));
};

export const listSessionIds = async (userId: string): Promise<string[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': sessionKeys.ofUser(userId).pk,
        ':prefix': sessionKeys.ofUser(userId).skPrefix,
      },
      ProjectionExpression: 'sessionId',
    })
  ).map((item) => String(item.sessionId));

export const deleteAllSessions = async (userId: string): Promise<number> => {
  const ids = await listSessionIds(userId);
  for (let start = 0; start < ids.length; start += 25) {
    let requests: Record<string, { DeleteRequest: { Key: Record<string, string> } }[]> | undefined = {
      [tableName()]: ids.slice(start, start + 25).map((id) => ({ DeleteRequest: { Key: sessionKey(userId, id) } })),
    };
    while (requests && Object.keys(requests).length > 0) {
      const result = await db().send(new BatchWriteCommand({ RequestItems: requests }));
      requests = result.UnprocessedItems as typeof requests;
    }
  }
  return ids.length;
};
