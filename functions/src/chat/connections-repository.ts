import { DeleteCommand, GetCommand, TransactWriteCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

import { db, queryAll } from '../core/db';
import { tableName } from '../core/table';
import { connectionOwnerEntity, connectionsByRolePartition, connectionsOf, userConnectionEntity } from './entities';
import type { ConnectionRecord } from './records';

/**
 * Open WebSocket connections, kept in DynamoDB because each event may reach another Lambda
 * (keys in entities.ts): a user's connections (push to one person; by role in GSI2, push to
 * everyone of a role), and who each connection belongs to ($default, $disconnect and a 410 only
 * know the id). Both expire (TTL) after API Gateway's 2-hour connection limit, in case
 * $disconnect never came.
 */

const maxConnectionSeconds = 2 * 60 * 60 + 5 * 60;

const userConnectionKey = userConnectionEntity.key;
const connectionKey = connectionOwnerEntity.key;

const live = (record: ConnectionRecord, now: Date) => record.expiresAt > now.getTime() / 1000;

export const addConnection = async (
  input: Pick<ConnectionRecord, 'connectionId' | 'userId' | 'role' | 'sessionId' | 'purpose'>,
  now = new Date(),
): Promise<ConnectionRecord> => {
  const record: ConnectionRecord = {
    ...input,
    connectedAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + maxConnectionSeconds,
  };
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: userConnectionEntity.toItem(record),
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: connectionOwnerEntity.toItem(record),
          },
        },
      ],
    }),
  );
  return record;
};

export const getConnection = async (connectionId: string, now = new Date()): Promise<ConnectionRecord | undefined> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: connectionKey(connectionId) }));
  const record = Item as ConnectionRecord | undefined;
  return record && live(record, now) ? record : undefined;
};

/** Forgets a connection; returns whose it was (undefined if already gone). */
export const removeConnection = async (connectionId: string): Promise<ConnectionRecord | undefined> => {
  const { Attributes } = await db().send(
    new DeleteCommand({ TableName: tableName(), Key: connectionKey(connectionId), ReturnValues: 'ALL_OLD' }),
  );
  const record = Attributes as ConnectionRecord | undefined;
  if (record) {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: userConnectionKey(record.userId, connectionId) }));
  }
  return record;
};

const liveConnections = async (input: QueryCommandInput, now: Date): Promise<ConnectionRecord[]> =>
  (await queryAll<ConnectionRecord>(input)).filter((record) => live(record, now));

export const listUserConnections = (userId: string, now = new Date()): Promise<ConnectionRecord[]> =>
  liveConnections(
    {
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': connectionsOf(userId).pk, ':prefix': connectionsOf(userId).skPrefix },
      ConsistentRead: true,
    },
    now,
  );

export const listConnectionsByRole = (role: string, now = new Date()): Promise<ConnectionRecord[]> =>
  liveConnections(
    {
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': connectionsByRolePartition(role) },
    },
    now,
  );
