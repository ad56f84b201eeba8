import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { batchWrite, db, isConditionFailure } from '../core/db';
import { pendingEmailEntity, pendingEmailsOf } from '../core/notifications/entities';
import type { PendingEmailRecord } from '../core/notifications/records';
import { tableName } from '../core/table';

/** The digest job's reads and writes of a user's pending email lines (core/notifications writes them). */

/** At most this many lines in one digest; later ones wait for the next. */
export const maxLinesPerDigest = 500;

export const listPendingLines = async (userId: string): Promise<PendingEmailRecord[]> => {
  const { pk, skPrefix } = pendingEmailsOf(userId);
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
      ConsistentRead: true,
      Limit: maxLinesPerDigest,
    }),
  );
  return Items.map(pendingEmailEntity.fromItem);
};

/** Takes a line for this job before the send: false when another job holds it (it mails it). */
export const claimLine = async (line: PendingEmailRecord, jobId: string): Promise<boolean> => {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: pendingEmailEntity.keyOf(line),
        UpdateExpression: 'SET claimedBy = :job',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(claimedBy) OR claimedBy = :job)',
        ExpressionAttributeValues: { ':job': jobId },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/** Once mailed, the lines go: a second run of the job finds nothing to send. */
export const deleteLines = (lines: readonly PendingEmailRecord[]): Promise<void> =>
  batchWrite(lines.map((line) => ({ delete: pendingEmailEntity.keyOf(line) })));
