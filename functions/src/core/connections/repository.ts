import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { ConditionFailed, db, queryAll, retry, writeIf } from '../db';
import type { Item } from '../entity';
import { tableName } from '../table';
import { connectionOwnerEntity, connectionSetEntity, connectionsByRolePartition } from './entities';
import type { ConnectionEntry, ConnectionRecord } from './records';

/**
 * Open WebSocket connections, kept in DynamoDB because each event may reach another Lambda
 * (keys in entities.ts): each user's connection set, one item, so a push to someone reads one
 * key, batched with whatever else the request reads (a broadcast Queries a role's sets in GSI2);
 * and who each connection belongs to ($default, $disconnect and a 410 only know the id). Both
 * expire (TTL) after API Gateway's 2-hour connection limit, in case $disconnect never came; an
 * entry past its time is ignored, and dropped when its user next connects.
 */

const maxConnectionSeconds = 2 * 60 * 60 + 5 * 60;

const live = (entry: { expiresAt: number }, now: Date) => entry.expiresAt > now.getTime() / 1000;

const entriesOf = (item: Item | undefined): Record<string, ConnectionEntry> =>
  item ? (connectionSetEntity.fromItem(item).connections ?? {}) : {};

/** The live connections in a connection set item (none without one). */
export const connectionsOfSet = (item: Item | undefined, now = new Date()): ConnectionRecord[] => {
  if (!item) return [];
  const { userId, role } = connectionSetEntity.fromItem(item);
  return Object.entries(entriesOf(item)).flatMap(([connectionId, entry]) =>
    live(entry, now) ? [{ ...entry, connectionId, userId, role }] : [],
  );
};

/** A set whose map appeared or vanished meanwhile: write again in the other shape. */
const setShapeRetry = {
  attempts: 4,
  baseDelayMs: 2,
  maxDelayMs: 20,
  retryOn: (error: unknown) => error instanceof ConditionFailed,
};

/**
 * Adds one entry to a user's set and returns the set as it is now. A map entry can only be set
 * inside an existing map, so a user's first connection writes the whole map instead; each shape
 * is conditional on the other's not applying.
 */
const addToSet = async (record: ConnectionRecord): Promise<Item | undefined> => {
  const { connectionId, userId, role, ...entry } = record;
  const { gsi2pk, gsi2sk } = connectionSetEntity.indexKeysOf({ userId, role, connections: {}, expiresAt: 0 });
  const set =
    'userId = :userId, #role = :role, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk, #type = :type, expiresAt = :expiresAt';
  const values = {
    ':userId': userId,
    ':role': role,
    ':gsi2pk': gsi2pk,
    ':gsi2sk': gsi2sk,
    ':type': connectionSetEntity.type,
    // The newest connection lives longest: the set expires with it.
    ':expiresAt': entry.expiresAt,
  };
  return retry(setShapeRetry, async (attempt) => {
    const intoMap = attempt % 2 === 1;
    const { Attributes } = await writeIf('set', () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: connectionSetEntity.key(userId),
          UpdateExpression: intoMap ? `SET #connections.#id = :entry, ${set}` : `SET #connections = :map, ${set}`,
          ConditionExpression: intoMap ? 'attribute_exists(#connections)' : 'attribute_not_exists(#connections)',
          ExpressionAttributeNames: {
            '#connections': 'connections',
            '#role': 'role',
            '#type': 'type',
            ...(intoMap ? { '#id': connectionId } : {}),
          },
          ExpressionAttributeValues: {
            ...values,
            ...(intoMap ? { ':entry': entry } : { ':map': { [connectionId]: entry } }),
          },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return Attributes;
  });
};

/**
 * Takes entries out of a user's set, if they are there; returns the set as it is now, or
 * undefined when none of them was there.
 */
const removeFromSet = async (userId: string, connectionIds: readonly string[]): Promise<Item | undefined> => {
  const names = Object.fromEntries(connectionIds.map((id, index) => [`#id${index}`, id]));
  const paths = Object.keys(names).map((name) => `#connections.${name}`);
  try {
    const { Attributes } = await writeIf('set', () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: connectionSetEntity.key(userId),
          UpdateExpression: `REMOVE ${paths.join(', ')}`,
          ConditionExpression: paths.map((path) => `attribute_exists(${path})`).join(' OR '),
          ExpressionAttributeNames: { '#connections': 'connections', ...names },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return Attributes;
  } catch (error) {
    if (error instanceof ConditionFailed) return undefined;
    throw error;
  }
};

/**
 * Records a connection (its owner first, so a connection in a set always has one for
 * $disconnect to find) and returns its user's live connections, this one included: read in the
 * same write, so of connections racing in, each sees those recorded before it.
 */
export const addConnection = async (
  input: Pick<ConnectionRecord, 'connectionId' | 'userId' | 'role' | 'sessionId' | 'purpose'>,
  now = new Date(),
): Promise<ConnectionRecord[]> => {
  const record: ConnectionRecord = {
    connectionId: input.connectionId,
    userId: input.userId,
    role: input.role,
    sessionId: input.sessionId,
    ...(input.purpose ? { purpose: input.purpose } : {}),
    connectedAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + maxConnectionSeconds,
  };
  await db().send(new PutCommand({ TableName: tableName(), Item: connectionOwnerEntity.toItem(record) }));
  const set = await addToSet(record);
  const expired = Object.entries(entriesOf(set)).flatMap(([id, entry]) => (live(entry, now) ? [] : [id]));
  if (expired.length > 0) await removeFromSet(record.userId, expired);
  return connectionsOfSet(set, now);
};

export const getConnection = async (connectionId: string, now = new Date()): Promise<ConnectionRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: connectionOwnerEntity.key(connectionId) }),
  );
  const record = Item ? connectionOwnerEntity.fromItem(Item) : undefined;
  return record && live(record, now) ? record : undefined;
};

/**
 * Forgets a connection: its owner and its entry in the set. `known` (from a push that answered
 * 410) finds the set when the owner is already gone. Returns whose it was and that user's live
 * connections left, or undefined when it was already forgotten.
 */
export const removeConnection = async (
  connectionId: string,
  known?: ConnectionRecord,
): Promise<{ removed: ConnectionRecord; remaining: ConnectionRecord[] } | undefined> => {
  const { Attributes } = await db().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: connectionOwnerEntity.key(connectionId),
      ReturnValues: 'ALL_OLD',
    }),
  );
  const owner = Attributes ? connectionOwnerEntity.fromItem(Attributes) : undefined;
  const removed = owner ?? known;
  if (!removed) return undefined;
  const set = await removeFromSet(removed.userId, [connectionId]);
  if (set) return { removed, remaining: connectionsOfSet(set) };
  // Not in the set any more: forgotten already, unless the owner was still there to delete.
  return owner ? { removed, remaining: await listUserConnections(owner.userId) } : undefined;
};

export const listUserConnections = async (userId: string, now = new Date()): Promise<ConnectionRecord[]> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: connectionSetEntity.key(userId), ConsistentRead: true }),
  );
  return connectionsOfSet(Item, now);
};

export const listConnectionsByRole = async (role: string, now = new Date()): Promise<ConnectionRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': connectionsByRolePartition(role) },
    })
  ).flatMap((item) => connectionsOfSet(item, now));
