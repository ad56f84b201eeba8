import { PutCommand } from '@aws-sdk/lib-dynamodb';

import { db, isConditionFailure } from '../db';
import { tableName } from '../table';
import { jobEntity } from './entities';
import type { JobRecord } from './records';

/**
 * Every change to a job is a whole new version written over the one read (the runner's claim
 * and record, an admin's replay): it lands only if nobody moved the job meanwhile.
 */
/** Writes `next` if the stored job is still at `expectedVersion`; false when someone else moved it. */
export const replaceJobIf = async (next: JobRecord, expectedVersion: number): Promise<boolean> => {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: jobEntity.toItem(next),
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':version': expectedVersion },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};
