import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';

import { db, queryAll } from './db';
import { defineEntity } from './entity';
import { tableName } from './table';

/**
 * The suppression list (docs/email.md, "Delivery"; docs/mailings.md, "Audiences"): an address
 * that bounced for good or complained is never sent to again. Email sends check it one address
 * at a time; a mailing's audience reads the whole list once (GSI1 partition `MAILSUPPRESSED`),
 * which stays small next to the people it is checked against. It lives in core because both the
 * email area (which fills it from SES events) and the mailings (which leave it out) use it.
 */
export interface SuppressedAddress {
  /** Lower-case. */
  readonly address: string;
  readonly reason: 'bounce' | 'complaint';
  readonly detail?: string;
  readonly at: string;
}

const suppressionListPartition = 'MAILSUPPRESSED';

export const suppressionEntity = defineEntity<SuppressedAddress, [address: string]>({
  type: 'MailSuppression',
  key: (address) => ({ pk: `MAILSUPPRESSED#${address.toLowerCase()}`, sk: 'SUPPRESSED' }),
  keyOf: (record) => ({ pk: `MAILSUPPRESSED#${record.address}`, sk: 'SUPPRESSED' }),
  indexKeysOf: (record) => ({ gsi1pk: suppressionListPartition, gsi1sk: record.address }),
});

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

/** Every suppressed address, lower-case (GSI1, every page). */
export const listSuppressedAddresses = async (): Promise<Set<string>> =>
  new Set(
    (
      await queryAll({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': suppressionListPartition },
        ProjectionExpression: 'address',
      })
    ).map((item) => String(item.address)),
  );
