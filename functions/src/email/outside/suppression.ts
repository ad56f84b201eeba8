import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';

import { db } from '../../core/db';
import { tableName } from '../../core/table';
import { suppressionEntity, type SuppressedAddress } from './entities';

/**
 * The suppression list (docs/email.md, "Delivery"): an address that bounced for good or
 * complained is never sent to again; later sends mark it `suppressed`. One item per address.
 */
export const isSuppressed = async (address: string): Promise<boolean> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: suppressionEntity.key(address), ConsistentRead: true }),
  );
  return Item !== undefined;
};

/** The first reason stays (a complaint after a bounce changes nothing a send would do). */
export const suppressAddress = async (record: SuppressedAddress): Promise<void> => {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: suppressionEntity.toItem({ ...record, address: record.address.toLowerCase() }),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
  }
};
