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
  /** Epoch seconds; DynamoDB TTL removes expired sessions. */
  readonly expiresAt: number;
}

const key = (userId: string, sessionId: string) => ({ pk: `USER#${userId}`, sk: `SESSION#${sessionId}` });
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
      Item: { ...key(input.userId, input.sessionId), type: 'Session', ...record },
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
    new GetCommand({ TableName: tableName(), Key: key(userId, sessionId), ConsistentRead: true }),
  );
  const session = Item as SessionRecord | undefined;
  // TTL deletion is lazy: an expired item may still be there.
  return session && session.expiresAt > now.getTime() / 1000 ? session : undefined;
};

/** Swaps the refresh hash only if the caller presented the current one; false if it lost. */
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
        Key: key(userId, sessionId),
        UpdateExpression: 'SET refreshHash = :next, lastUsedAt = :now, expiresAt = :expiresAt',
        ConditionExpression: 'refreshHash = :presented',
        ExpressionAttributeValues: {
          ':next': nextHash,
          ':presented': presentedHash,
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
  await db().send(new DeleteCommand({ TableName: tableName(), Key: key(userId, sessionId) }));
};

export const listSessionIds = async (userId: string): Promise<string[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'SESSION#' },
      ProjectionExpression: 'sessionId',
    })
  ).map((item) => String(item.sessionId));

export const deleteAllSessions = async (userId: string): Promise<number> => {
  const ids = await listSessionIds(userId);
  for (let start = 0; start < ids.length; start += 25) {
    let requests: Record<string, { DeleteRequest: { Key: Record<string, string> } }[]> | undefined = {
      [tableName()]: ids.slice(start, start + 25).map((id) => ({ DeleteRequest: { Key: key(userId, id) } })),
    };
    while (requests && Object.keys(requests).length > 0) {
      const result = await db().send(new BatchWriteCommand({ RequestItems: requests }));
      requests = result.UnprocessedItems as typeof requests;
    }
  }
  return ids.length;
};
