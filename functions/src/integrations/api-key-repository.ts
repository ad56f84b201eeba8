import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { apiKeyEntity, apiKeysPartition, liveApiKeysEntity, type ApiKeyRecord } from '../core/api-key-entities';
import { batchGet, ConditionFailed, db, putPart, queryAll, transactWrite, writeIf } from '../core/db';
import { tableName } from '../core/table';
import type { LiveKeyPlan } from './live-keys';

/** API keys' items (keys in core/api-key-entities.ts). */

/** The live keys' item (id → validUntil), read consistently; undefined before the first key made with it. */
export const getLiveKeys = async (): Promise<Readonly<Record<string, string>> | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: liveApiKeysEntity.key(), ConsistentRead: true }),
  );
  return Item ? liveApiKeysEntity.fromItem(Item).live : undefined;
};

/**
 * Creates with the key its item in the live keys' item: many creates may collide on it, and each
 * must end with its key in or a clear "no room", so a collision waits longer than the default.
 */
const patientWithOthers = { attempts: 12, baseDelayMs: 10, maxDelayMs: 250 } as const;

const keyPart = (record: ApiKeyRecord) => putPart('key', apiKeyEntity.toItem(record), 'attribute_not_exists(pk)');

/**
 * The first key counted: the live keys' item starts from `live` (the keys listed as live) plus
 * this one, unless another create started it first (ConditionFailed 'live keys').
 */
export const putFirstCountedApiKey = async (
  record: ApiKeyRecord,
  live: Readonly<Record<string, string>>,
): Promise<void> => {
  await transactWrite(
    [
      putPart(
        'live keys',
        liveApiKeysEntity.toItem({ live: { ...live, [record.id]: record.validUntil } }),
        'attribute_not_exists(pk)',
      ),
      keyPart(record),
    ],
    patientWithOthers,
  );
};

/**
 * The key and its place in the live keys' item, in one transaction whose condition holds the
 * limit: the item is no larger than the plan allows and still holds the ended keys it takes out
 * (ConditionFailed 'live keys' otherwise: read it again and plan again).
 */
export const putCountedApiKey = async (record: ApiKeyRecord, plan: LiveKeyPlan): Promise<void> => {
  const pruned = plan.prune.map((id, index) => [`#p${index}`, id] as const);
  await transactWrite(
    [
      {
        label: 'live keys',
        item: {
          Update: {
            TableName: tableName(),
            Key: liveApiKeysEntity.key(),
            UpdateExpression: `SET #live.#new = :validUntil${
              pruned.length > 0 ? ` REMOVE ${pruned.map(([name]) => `#live.${name}`).join(', ')}` : ''
            }`,
            ConditionExpression: [
              'attribute_exists(#live) AND size(#live) <= :allowed',
              ...pruned.map(([name]) => `attribute_exists(#live.${name})`),
            ].join(' AND '),
            ExpressionAttributeNames: { '#live': 'live', '#new': record.id, ...Object.fromEntries(pruned) },
            ExpressionAttributeValues: { ':validUntil': record.validUntil, ':allowed': plan.allowedBefore },
          },
        },
      },
      keyPart(record),
    ],
    patientWithOthers,
  );
};

/** A revoked key's place given back (nothing when the live keys' item has no such key, or none yet). */
export const forgetLiveKey = async (id: string): Promise<void> => {
  try {
    await writeIf('live keys', () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: liveApiKeysEntity.key(),
          UpdateExpression: 'REMOVE #live.#id',
          ConditionExpression: 'attribute_exists(#live.#id)',
          ExpressionAttributeNames: { '#live': 'live', '#id': id },
        }),
      ),
    );
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
};

/** These keys' items, read consistently (the ones that exist). */
export const getApiKeyRecords = async (ids: readonly string[]): Promise<ApiKeyRecord[]> =>
  (
    await batchGet(
      ids.map((id) => apiKeyEntity.key(id)),
      { consistent: true },
    )
  ).map((item) => apiKeyEntity.fromItem(item));

/**
 * Every key the table still holds, newest first: one Query of gsi1's key partition. Bounded by the
 * live keys' limit plus the keys that ended lately (TTL forgets the others).
 */
export const listApiKeyRecords = async (): Promise<ApiKeyRecord[]> => {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': apiKeysPartition },
    ScanIndexForward: false,
  });
  return items.map((item) => apiKeyEntity.fromItem(item));
};

export const getApiKeyRecord = async (id: string): Promise<ApiKeyRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: apiKeyEntity.key(id), ConsistentRead: true }),
  );
  return Item ? apiKeyEntity.fromItem(Item) : undefined;
};

/**
 * Marks the key revoked (its next request is refused: authentication reads the key consistently)
 * and brings its forgetting forward to `expiresAt`. Undefined when the key is missing or was
 * revoked already: the item is then left as it is.
 */
export const markApiKeyRevoked = async (
  id: string,
  revokedAt: string,
  expiresAt: number,
): Promise<ApiKeyRecord | undefined> => {
  try {
    const { Attributes } = await writeIf('revoke', () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: apiKeyEntity.key(id),
          UpdateExpression: 'SET revokedAt = :revokedAt, expiresAt = :expiresAt',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt)',
          ExpressionAttributeValues: { ':revokedAt': revokedAt, ':expiresAt': expiresAt },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return Attributes ? apiKeyEntity.fromItem(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionFailed) return undefined;
    throw error;
  }
};
