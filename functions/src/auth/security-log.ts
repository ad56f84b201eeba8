import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';

import { db, putPart, type TransactionPart } from '../core/db';
import { ulid } from '../core/ids';
import { tableName } from '../core/table';
import { securityLogEntity, securityLogOf, type SecurityEvent, type SecurityLogRecord } from './entities';
import type { SecurityLogEntry, SecurityLogResponse } from './security-contract';

/**
 * The security log: one item per event under the user's partition (newest first with a
 * reverse Query), kept 180 days (TTL). An entry is written in the transaction that makes the
 * change it records wherever there is one (a sign-in's session, a password change, a revoke),
 * so the log costs no round trip of its own.
 */

export const securityLogRetentionDays = 180;

/** Where a request came from, as the log keeps it. */
export interface RequestOrigin {
  readonly ip: string;
  readonly userAgent: string;
}

export interface NewLogEntry {
  readonly userId: string;
  readonly event: SecurityEvent;
  readonly origin?: RequestOrigin;
  readonly sessionId?: string;
  readonly actorId?: string;
  readonly count?: number;
  /** Given when a provisional entry is to be replaced by the final one (same key). */
  readonly entryId?: string;
}

const recordOf = (entry: NewLogEntry, now: Date): SecurityLogRecord => ({
  userId: entry.userId,
  entryId: entry.entryId ?? ulid(now.getTime()),
  event: entry.event,
  at: now.toISOString(),
  ...(entry.origin ? { ip: entry.origin.ip, userAgent: entry.origin.userAgent } : {}),
  ...(entry.sessionId ? { sessionId: entry.sessionId } : {}),
  ...(entry.actorId ? { actorId: entry.actorId } : {}),
  ...(entry.count !== undefined ? { count: entry.count } : {}),
  expiresAt: Math.floor(now.getTime() / 1000) + securityLogRetentionDays * 24 * 60 * 60,
});

/** The entry as a part of the transaction making the change it records. */
export const logEntryPart = (entry: NewLogEntry, now = new Date()): TransactionPart =>
  putPart('security log', securityLogEntity.toItem(recordOf(entry, now)));

/** The entry on its own, where no transaction is made (a wrong password changes nothing else). */
export const writeLogEntry = async (entry: NewLogEntry, now = new Date()): Promise<void> => {
  await db().send(new PutCommand({ TableName: tableName(), Item: securityLogEntity.toItem(recordOf(entry, now)) }));
};

const toEntry = (record: SecurityLogRecord): SecurityLogEntry => ({
  id: record.entryId,
  event: record.event,
  at: record.at,
  ip: record.ip ?? null,
  userAgent: record.userAgent ?? '',
  byAdmin: record.actorId !== undefined && record.actorId !== record.userId,
  count: record.count ?? null,
});

/** One page of a user's log, newest first; the cursor is the last entry's id. */
export const listSecurityLog = async (
  userId: string,
  { limit, cursor }: { limit: number; cursor?: string | undefined },
): Promise<SecurityLogResponse> => {
  const { pk, skPrefix } = securityLogOf(userId);
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
      ScanIndexForward: false,
      Limit: limit,
      ...(cursor ? { ExclusiveStartKey: securityLogEntity.key(userId, cursor) } : {}),
    }),
  );
  const now = Date.now() / 1000;
  const records = (page.Items ?? []).map((item) => securityLogEntity.fromItem(item));
  const last = records.at(-1);
  return {
    // TTL deletes lazily: an entry past its time is not shown.
    entries: records.filter((record) => record.expiresAt > now).map(toEntry),
    nextCursor: page.LastEvaluatedKey && last ? last.entryId : null,
  };
};
