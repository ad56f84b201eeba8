import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { apiKeyEntity, apiKeysPartition, type ApiKeyRecord } from '../core/api-key-entities';
import { ConditionFailed, db, queryAll, writeIf } from '../core/db';
import { tableName } from '../core/table';

/** API keys' items (keys in core/api-key-entities.ts). */

export const putApiKey = async (record: ApiKeyRecord): Promise<void> => {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: apiKeyEntity.toItem(record),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

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
