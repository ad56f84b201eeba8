import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { db, isConditionFailure } from '../core/db';
import { tableName, ttlAttribute } from '../core/table';
import {
  channelSecondEntity,
  mailingItemKey,
  minuteBucketEntity,
  minuteSortPrefix,
  sendWindowEntity,
} from './delivery-entities';
import { reserveIn, settleIn, untilKey, type WindowCounts } from './throttle';

/**
 * How fast a mailing's sends may start, and the record of when they did (docs/mailings.md,
 * "Delivery", "Throttles"): the mailing's 60 s window (its setting in any 60 s), the channel's
 * second buckets (the provider's rate, shared by every mailing) and the chart's minute buckets.
 * The recipients themselves and the totals are delivery-repository.ts's.
 */

/* ---------- The throttle's window and the chart's minutes ---------- */

interface SendWindow {
  readonly counts: WindowCounts;
  readonly reservedAt: string;
  /** 0: no window yet. */
  readonly version: number;
}

const readSendWindow = async (mailingId: string): Promise<SendWindow> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: sendWindowEntity.key(mailingId), ConsistentRead: true }),
  );
  if (!Item) return { counts: {}, reservedAt: '', version: 0 };
  const window = sendWindowEntity.fromItem(Item);
  return { counts: window.counts, reservedAt: window.reservedAt, version: window.version };
};

/** Writes the window whole, only over the version read: false when another batch wrote first. */
const writeSendWindow = async (
  mailingId: string,
  read: SendWindow,
  counts: WindowCounts,
  reservedAt: string,
): Promise<boolean> => {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: sendWindowEntity.toItem({ mailingId, counts, reservedAt, version: read.version + 1 }),
        ConditionExpression: read.version === 0 ? 'attribute_not_exists(pk)' : 'version = :version',
        ...(read.version === 0 ? {} : { ExpressionAttributeValues: { ':version': read.version } }),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/** Two batches of one mailing at once lose a write now and then; more than this many is no hurry. */
const windowAttempts = 8;

/** Sends the window still counts for a mailing now: a batch reads no more recipients than there is room for. */
export const readWindowCounts = async (mailingId: string): Promise<WindowCounts> =>
  (await readSendWindow(mailingId)).counts;

/**
 * Reserves up to `wanted` sends that start from now until `untilMs`, never past the setting in
 * any 60 s (throttle.ts), even with two batches at once: each reservation is written on the
 * window's version it read, so they apply one after the other. Durable before any send starts,
 * so a crash wastes places, never exceeds. `now` is taken after the read: a reservation that wins
 * after another never counts from an earlier time (one clock); a clock behind the last
 * reservation's (another machine) gets nothing this time. `clock`: the time in ms (tests set it).
 */
export const reserveWindow = async (
  mailingId: string,
  wanted: number,
  perMinute: number,
  untilMs: number,
  clock: () => number = Date.now,
): Promise<{ granted: number; key: string; counts: WindowCounts }> => {
  let counts: WindowCounts = {};
  for (let attempt = 0; attempt < windowAttempts; attempt += 1) {
    const read = await readSendWindow(mailingId);
    const now = clock();
    counts = read.counts;
    if (read.reservedAt !== '' && Date.parse(read.reservedAt) > now) break;
    const reserved = reserveIn(read.counts, wanted, perMinute, now, untilMs);
    if (reserved.granted === 0) return { granted: 0, key: '', counts: reserved.counts };
    if (await writeSendWindow(mailingId, read, reserved.counts, new Date(now).toISOString()))
      return { granted: reserved.granted, key: untilKey(untilMs), counts: reserved.counts };
  }
  return { granted: 0, key: '', counts };
};

/**
 * Replaces a batch's reservation by the sends it really started (keyed by their start): unused
 * places come back. Given up after a few lost writes: the reservation then stays whole, which
 * only wastes places. The window as written (or read).
 */
export const settleWindow = async (
  mailingId: string,
  reserved: { readonly key: string; readonly count: number },
  started: WindowCounts,
): Promise<WindowCounts> => {
  let counts: WindowCounts = {};
  for (let attempt = 0; attempt < windowAttempts; attempt += 1) {
    const read = await readSendWindow(mailingId);
    counts = read.counts;
    const settled = settleIn(read.counts, reserved, started);
    if (await writeSendWindow(mailingId, read, settled, read.reservedAt)) return settled;
  }
  return counts;
};

/** ADDs the sends started in each minute to the chart's buckets. */
export const addStartedPerMinute = async (
  mailingId: string,
  perMinute: Readonly<Record<string, number>>,
): Promise<void> => {
  await Promise.all(
    Object.entries(perMinute)
      .filter(([, count]) => count > 0)
      .map(([minute, count]) =>
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: minuteBucketEntity.key(mailingId, minute),
            UpdateExpression: 'SET #type = :type, mailingId = :mailingId, #minute = :minute ADD #count :count',
            // `count`, `type` and `minute` are DynamoDB reserved words.
            ExpressionAttributeNames: { '#count': 'count', '#type': 'type', '#minute': 'minute' },
            ExpressionAttributeValues: {
              ':type': minuteBucketEntity.type,
              ':mailingId': mailingId,
              ':minute': minute,
              ':count': count,
            },
          }),
        ),
      ),
  );
};

export const listMinutes = async (mailingId: string): Promise<{ minute: string; count: number }[]> => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': mailingItemKey(mailingId).pk, ':prefix': minuteSortPrefix },
      // A day of sending is at most 1 440 buckets: one or two pages.
      Limit: 1500,
    }),
  );
  return (Items ?? []).map((item) => ({ minute: String(item.minute), count: Number(item.count ?? 0) }));
};

/* ---------- The channel's rate ---------- */

const tryReserveSecond = async (channel: string, second: string, count: number, limit: number, now: Date) => {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: channelSecondEntity.key(channel, second),
        UpdateExpression: 'SET #type = :type, #expires = :expires ADD #count :count',
        ConditionExpression: 'attribute_not_exists(#count) OR #count <= :room',
        ExpressionAttributeNames: { '#count': 'count', '#type': 'type', '#expires': ttlAttribute },
        ExpressionAttributeValues: {
          ':type': channelSecondEntity.type,
          // An hour is plenty: only the current second is ever read.
          ':expires': Math.floor(now.getTime() / 1000) + 3600,
          ':count': count,
          ':room': limit - count,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/**
 * Takes up to `wanted` of the channel's sends in this second, shared by every mailing sending at
 * once (never beyond `limit`); how many it got (0: the second is full).
 */
export const reserveChannelSecond = async (
  channel: string,
  second: string,
  wanted: number,
  limit: number,
  now: Date,
): Promise<number> => {
  if (await tryReserveSecond(channel, second, wanted, limit, now)) return wanted;
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: channelSecondEntity.key(channel, second), ConsistentRead: true }),
  );
  const left = Math.min(wanted, limit - Number(Item?.count ?? 0));
  return left > 0 && (await tryReserveSecond(channel, second, left, limit, now)) ? left : 0;
};
