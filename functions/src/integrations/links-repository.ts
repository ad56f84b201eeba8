import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';

import { db, writeIf } from '../core/db';
import { tableName } from '../core/table';
import { helpLinksEntity, type HelpLinksRecord } from './entities';

/** The help links' one item (keys in entities.ts). */
export const getHelpLinks = async (): Promise<HelpLinksRecord | undefined> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: helpLinksEntity.key() }));
  return Item ? helpLinksEntity.fromItem(Item) : undefined;
};

/**
 * Writes the links if the stored version is still `readVersion` (0: none stored yet); else
 * ConditionFailed('links').
 */
export const putHelpLinks = async (record: HelpLinksRecord, readVersion: number): Promise<void> => {
  await writeIf('links', () =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: helpLinksEntity.toItem(record),
        ...(readVersion === 0
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : { ConditionExpression: 'version = :read', ExpressionAttributeValues: { ':read': readVersion } }),
      }),
    ),
  );
};
