import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import {
  batchWrite,
  ConditionFailed,
  db,
  isConditionFailure,
  transactWrite,
  type RetryPolicy,
  type TransactionPart,
} from '../core/db';
import { tableName } from '../core/table';
import { announce } from '../core/webhook-events';
import type { AudienceFilter, MailingChannel } from './audience-filter';
import {
  claimPartition,
  mailingItemKey,
  personSendsPartition,
  queuePartition,
  recipientEntity,
  recipientSortPrefix,
  sesLinkEntity,
  totalsShardEntity,
  totalsSortPrefix,
  type RecipientRecord,
  type RecipientStatus,
  type SesLinkRecord,
} from './delivery-entities';
import type { MailingTotalName, MailingTotals } from './records';
import { moveDeltas, sumTotals, totalsShardOf } from './totals';

/**
 * The delivery part's reads and writes (docs/mailings.md, "Delivery"). The mailing item itself
 * belongs to the mailings part (records.ts); delivery reads the fields it needs and changes only
 * its state to `sending` / `sent`, its start and finish times and its base totals (the freeze).
 * Every later change of the totals is ADDed to a totals shard in the same transaction as the
 * recipient's move it counts (docs/mailings.md, "Totals").
 */
export interface MailingForDelivery {
  readonly id: string;
  readonly name: string;
  readonly state: string;
  readonly version: number;
  readonly channel: MailingChannel;
  readonly channelId?: string;
  readonly subject: string;
  readonly html: string;
  readonly audience: AudienceFilter;
  readonly throttlePerMinute: number;
  readonly audienceFrozen: boolean;
  /** The totals on the mailing item: the base the freeze set, without the shards' moves (mailingTotals). */
  readonly baseTotals: Readonly<Record<string, unknown>>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const readMailing = async (mailingId: string): Promise<MailingForDelivery | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: mailingItemKey(mailingId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    id: mailingId,
    name: text(Item.name),
    state: text(Item.state),
    version: Number(Item.version ?? 0),
    channel: Item.channel === 'telegram' ? 'telegram' : 'email',
    channelId: typeof Item.channelId === 'string' ? Item.channelId : undefined,
    subject: text(Item.subject),
    html: text(Item.html),
    audience: (Item.audience ?? {}) as AudienceFilter,
    throttlePerMinute: Number(Item.throttlePerMinute ?? 0),
    audienceFrozen: Item.audienceFrozen === true,
    baseTotals: (Item.totals ?? {}) as Record<string, unknown>,
  };
};

/** scheduled → sending from the version read, once (a second start of the same mailing loses the condition). */
export const markSending = async (mailingId: string, version: number, now: Date): Promise<boolean> => {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: mailingItemKey(mailingId),
        UpdateExpression: 'SET #state = :sending, startedAt = :now, updatedAt = :now ADD version :one',
        ConditionExpression: '#state = :scheduled AND version = :version',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':sending': 'sending',
          ':scheduled': 'scheduled',
          ':version': version,
          ':now': now.toISOString(),
          ':one': 1,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

export const markAudienceFrozen = (mailingId: string, recipients: number, queued: number) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: mailingItemKey(mailingId),
      UpdateExpression: 'SET audienceFrozen = :yes, totals.recipients = :recipients, totals.queued = :queued',
      ExpressionAttributeValues: { ':yes': true, ':recipients': recipients, ':queued': queued },
    }),
  );

/**
 * sending → sent when nothing is left (conditional: a paused or cancelled mailing keeps its
 * state), announced to webhooks in the same transaction, so the announcement is made once.
 */
export const markSent = async (mailing: MailingForDelivery, now: Date): Promise<boolean> => {
  try {
    await transactWrite([
      {
        label: 'mailing',
        item: {
          Update: {
            TableName: tableName(),
            Key: mailingItemKey(mailing.id),
            UpdateExpression: 'SET #state = :sent, finishedAt = :now, updatedAt = :now ADD version :one',
            ConditionExpression: '#state = :sending',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: {
              ':sent': 'sent',
              ':sending': 'sending',
              ':now': now.toISOString(),
              ':one': 1,
            },
          },
        },
      },
      announce(
        'mailing.finished',
        {
          mailingId: mailing.id,
          name: mailing.name,
          channel: mailing.channel,
          recipients: Number(mailing.baseTotals.recipients ?? 0),
          finishedAt: now.toISOString(),
        },
        now,
      ),
    ]);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed && error.failed('mailing')) return false;
    throw error;
  }
};

/* ---------- Totals ---------- */

/** A mailing's totals shards, one Query on the `TOTALS#` prefix (eight small items: one read unit). */
const readTotalsShards = async (
  mailingId: string,
  options: { readonly consistent: boolean },
): Promise<Record<string, unknown>[]> => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': mailingItemKey(mailingId).pk, ':prefix': totalsSortPrefix },
      ConsistentRead: options.consistent,
    }),
  );
  return Items ?? [];
};

/** The totals a reader sees: the item's base plus the shards (totals.ts, sumTotals). */
export const mailingTotals = async (
  mailingId: string,
  base: Readonly<Record<string, unknown>>,
  options: { readonly consistent: boolean } = { consistent: true },
): Promise<MailingTotals> => sumTotals(base, await readTotalsShards(mailingId, options));

/**
 * The ADD of `deltas` to the person's totals shard, as a transaction's part: written only with
 * the move it counts, so a crash leaves both or neither.
 */
const totalsPart = (
  mailingId: string,
  personId: string,
  deltas: Readonly<Partial<Record<MailingTotalName, number>>>,
): TransactionPart => {
  const shard = totalsShardOf(personId);
  // `type` and `shard` are DynamoDB reserved words.
  const names: Record<string, string> = { '#type': 'type', '#shard': 'shard' };
  const values: Record<string, unknown> = {
    ':type': totalsShardEntity.type,
    ':mailingId': mailingId,
    ':shard': shard,
  };
  const adds = Object.entries(deltas).map(([name, delta], index) => {
    names[`#t${index}`] = name;
    values[`:t${index}`] = delta;
    return `#t${index} :t${index}`;
  });
  return {
    label: 'totals',
    item: {
      Update: {
        TableName: tableName(),
        Key: totalsShardEntity.key(mailingId, shard),
        UpdateExpression: `SET #type = :type, mailingId = :mailingId, #shard = :shard ADD ${adds.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  };
};

/**
 * The sends in flight at once (delivery-pool.ts: 32) share eight shards, so two transactions on
 * one shard at the same moment are expected: retried with jittered back-off, more patiently
 * than other transactions (a move that gives up leaves its recipient `sending`, later `unknown`).
 */
const totalsConflictRetry: Omit<RetryPolicy, 'retryOn'> = { attempts: 10, baseDelayMs: 10, maxDelayMs: 500 };

/**
 * A recipient's update with its count: one transaction when the totals change (false when the
 * recipient's condition failed: not moved), a single conditional update when they do not.
 */
const updateCounted = async (
  recipientUpdate: NonNullable<TransactionPart['item']['Update']>,
  count: TransactionPart | undefined,
): Promise<boolean> => {
  try {
    if (count) {
      await transactWrite([{ label: 'recipient', item: { Update: recipientUpdate } }, count], totalsConflictRetry);
    } else {
      await db().send(new UpdateCommand(recipientUpdate));
    }
    return true;
  } catch (error) {
    if ((error instanceof ConditionFailed && error.failed('recipient')) || isConditionFailure(error)) return false;
    throw error;
  }
};

/* ---------- Recipients ---------- */

const recipientOf = (item: Record<string, unknown>) => recipientEntity.fromItem(item);

/** Every recipient's person id already written (a start that is run again writes only the missing ones). */
export const existingRecipientIds = async (mailingId: string): Promise<Set<string>> => {
  const ids = new Set<string>();
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': mailingItemKey(mailingId).pk, ':prefix': recipientSortPrefix },
        ProjectionExpression: 'personId',
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) ids.add(String(item.personId));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return ids;
};

/** The frozen audience, written in batches (only before any batch runs: see delivery-jobs.ts). */
export const writeRecipients = (recipients: readonly RecipientRecord[]) =>
  batchWrite(
    recipients.map((recipient) => ({ put: recipientEntity.toItem(recipient) })),
    4,
  );

/** The next queued recipients, oldest id first (the queue index; a claim re-checks each). */
export const nextQueued = async (mailingId: string, limit: number): Promise<RecipientRecord[]> => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': queuePartition(mailingId) },
      Limit: limit,
    }),
  );
  return (Items ?? []).map(recipientOf);
};

/** Claims whose time is before `before` (a send a crash cut off). */
export const lapsedClaims = async (mailingId: string, before: Date, limit = 100): Promise<RecipientRecord[]> => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :before',
      ExpressionAttributeValues: { ':pk': claimPartition(mailingId), ':before': before.toISOString() },
      Limit: limit,
    }),
  );
  return (Items ?? []).map(recipientOf);
};

export const hasClaims = async (mailingId: string): Promise<boolean> => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': claimPartition(mailingId) },
      Limit: 1,
    }),
  );
  return (Items ?? []).length > 0;
};

/**
 * Moves a recipient from one status to another, only if it is still in `from` (the claim before
 * a send is queued → sending: one worker wins, a second never sends), with its count moved from
 * one total to the other in the same transaction (the claim moves none: `sending` is counted as
 * queued). Index keys follow the status: `sending` is in the claim index, every other status in none.
 */
export const moveRecipient = async (
  mailingId: string,
  personId: string,
  from: RecipientStatus,
  to: RecipientStatus,
  now: Date,
  extra: Readonly<Record<string, string>> = {},
): Promise<boolean> => {
  const values: Record<string, unknown> = { ':from': from, ':to': to };
  const sets = ['#status = :to'];
  Object.values(extra).forEach((value, index) => {
    sets.push(`#x${index} = :x${index}`);
    values[`:x${index}`] = value;
  });
  const names: Record<string, string> = { '#status': 'status' };
  Object.keys(extra).forEach((name, index) => (names[`#x${index}`] = name));
  let update: string;
  if (to === 'sending') {
    sets.push('claimedAt = :now', 'gsi1pk = :claims', 'gsi1sk = :claimKey');
    values[':now'] = now.toISOString();
    values[':claims'] = claimPartition(mailingId);
    values[':claimKey'] = `${now.toISOString()}#${personId}`;
    update = `SET ${sets.join(', ')}`;
  } else if (to === 'sent') {
    // In the person's sends (GSI2), newest last: a reply finds the mailing it answers (replies.ts).
    sets.push('gsi2pk = :person', 'gsi2sk = :sentKey');
    values[':person'] = personSendsPartition(personId);
    values[':sentKey'] = `${now.toISOString()}#${mailingId}`;
    update = `SET ${sets.join(', ')} REMOVE gsi1pk, gsi1sk`;
  } else {
    update = `SET ${sets.join(', ')} REMOVE gsi1pk, gsi1sk`;
  }
  const deltas = moveDeltas(from, to);
  return updateCounted(
    {
      TableName: tableName(),
      Key: recipientEntity.key(mailingId, personId),
      UpdateExpression: update,
      ConditionExpression: '#status = :from',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
    Object.keys(deltas).length > 0 ? totalsPart(mailingId, personId, deltas) : undefined,
  );
};

/** Sets a recipient's `field` once, counting `replies` with it for a reply: false when it was already set. */
const setRecipientFieldOnce = (mailingId: string, personId: string, field: 'optedOutAt' | 'repliedAt', at: string) =>
  updateCounted(
    {
      TableName: tableName(),
      Key: recipientEntity.key(mailingId, personId),
      UpdateExpression: 'SET #field = :at',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#field)',
      ExpressionAttributeNames: { '#field': field },
      ExpressionAttributeValues: { ':at': at },
    },
    field === 'repliedAt' ? totalsPart(mailingId, personId, { replies: 1 }) : undefined,
  );

/** The time of an opt-out through a link whose recipient did not move (its send went otherwise). */
export const setOptedOutAtOnce = (mailingId: string, personId: string, at: string) =>
  setRecipientFieldOnce(mailingId, personId, 'optedOutAt', at);

/** A reply on the recipient (`repliedAt`) and `replies` + 1, in one transaction, once. */
export const markRepliedOnce = (mailingId: string, personId: string, at: string) =>
  setRecipientFieldOnce(mailingId, personId, 'repliedAt', at);

export const readRecipient = async (mailingId: string, personId: string): Promise<RecipientRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: recipientEntity.key(mailingId, personId), ConsistentRead: true }),
  );
  return Item ? recipientOf(Item) : undefined;
};

export const listRecipients = async (
  mailingId: string,
  options: { status?: RecipientStatus; limit: number; cursor?: string },
): Promise<{ recipients: RecipientRecord[]; nextCursor?: string }> => {
  const recipients: RecipientRecord[] = [];
  let start: Record<string, unknown> | undefined = options.cursor
    ? { ...recipientEntity.key(mailingId, options.cursor) }
    : undefined;
  // A status filter reads pages until the page is full or the partition ends.
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ...(options.status
          ? {
              FilterExpression: '#status = :status',
              ExpressionAttributeNames: { '#status': 'status' },
            }
          : {}),
        ExpressionAttributeValues: {
          ':pk': mailingItemKey(mailingId).pk,
          ':prefix': recipientSortPrefix,
          ...(options.status ? { ':status': options.status } : {}),
        },
        Limit: options.limit - recipients.length,
        ExclusiveStartKey: start,
      }),
    );
    recipients.push(...(page.Items ?? []).map(recipientOf));
    start = page.LastEvaluatedKey;
  } while (start && recipients.length < options.limit);
  const last = recipients.at(-1);
  return { recipients, nextCursor: start && last ? last.personId : undefined };
};

/* ---------- SES links ---------- */

export const putSesLink = (link: SesLinkRecord) =>
  db().send(new PutCommand({ TableName: tableName(), Item: sesLinkEntity.toItem(link) }));

export const readSesLink = async (sesMessageId: string): Promise<SesLinkRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: sesLinkEntity.key(sesMessageId), ConsistentRead: true }),
  );
  return Item ? sesLinkEntity.fromItem(Item) : undefined;
};

/** The person's latest mailing send at or after `since` (GSI2, newest first, one item). */
export const latestSendSince = async (personId: string, since: Date): Promise<RecipientRecord | undefined> => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk >= :since',
      ExpressionAttributeValues: { ':pk': personSendsPartition(personId), ':since': since.toISOString() },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const item = Items?.[0];
  return item ? recipientOf(item) : undefined;
};

/* ---------- A send the provider put off ---------- */

/**
 * Back in the queue after the provider said it sent nothing and to try later (Telegram's 429):
 * sending → queued, only if still claimed, into the queue index again. The totals do not move
 * (a claimed recipient is counted in `queued`).
 */
export const requeueRecipient = async (mailingId: string, personId: string): Promise<boolean> => {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: recipientEntity.key(mailingId, personId),
        UpdateExpression: 'SET #status = :queued, gsi1pk = :queue, gsi1sk = :personId REMOVE claimedAt',
        ConditionExpression: '#status = :sending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':queued': 'queued',
          ':sending': 'sending',
          ':queue': queuePartition(mailingId),
          ':personId': personId,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};
