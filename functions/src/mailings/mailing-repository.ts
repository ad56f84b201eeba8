import { GetCommand, PutCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';

import { db, transactWrite, writeIf, type TransactionPart } from '../core/db';
import { tableName } from '../core/table';
import { mailingTotals } from './delivery-repository';
import { mailingEntity, mailingsIndexPartition } from './entities';
import type { MailingRecord, MailingState } from './records';
import { mayHaveMoves } from './totals';

/**
 * The mailing items' reads and writes (entities.ts). Every change names the version it read
 * (and, for a state move, the state it expects): a lost condition is ConditionFailed(['mailing']),
 * which the service turns into a 409 with the mailing as it is now. State moves are UpdateItems
 * that never rewrite `totals`. The totals read are the item's base plus the mailing's totals
 * shards (docs/mailings.md, "Totals"): only a draft is ever written whole, and a draft has no
 * shards.
 */

export const getMailing = async (id: string): Promise<MailingRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: mailingEntity.key(id), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const mailing = mailingEntity.fromItem(Item);
  return mayHaveMoves(mailing.state) ? { ...mailing, totals: await mailingTotals(id, mailing.totals) } : mailing;
};

export const insertMailing = async (mailing: MailingRecord): Promise<void> => {
  await writeIf('mailing', () =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: mailingEntity.toItem(mailing),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
};

/** A draft's new content, from the draft read at `readVersion` (its totals are all 0 still). */
export const saveDraftMailing = async (mailing: MailingRecord, readVersion: number): Promise<void> => {
  await writeIf('mailing', () =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: mailingEntity.toItem(mailing),
        ConditionExpression: 'attribute_exists(pk) AND #state = :draft AND version = :version',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':draft': 'draft', ':version': readVersion },
      }),
    ),
  );
};

/** Deletes a draft (at `version` when given). */
export const deleteDraftMailing = async (id: string, version: number | undefined): Promise<void> => {
  await transactWrite([
    {
      label: 'mailing',
      item: {
        Delete: {
          TableName: tableName(),
          Key: mailingEntity.key(id),
          ConditionExpression: `attribute_exists(pk) AND #state = :draft${version === undefined ? '' : ' AND version = :version'}`,
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':draft': 'draft', ...(version === undefined ? {} : { ':version': version }) },
        },
      },
    },
  ]);
};

export interface StateMove {
  readonly id: string;
  readonly from: MailingState;
  readonly readVersion: number;
  readonly to: MailingState;
  readonly now: string;
  /** Attributes set with the move (schedule, cancelledAt); undefined values are removed. */
  readonly set?: Readonly<Record<string, unknown>>;
  /** The outbox: jobs written only if the move is. */
  readonly parts?: readonly TransactionPart[];
}

/** Moves the mailing from `from` at `readVersion` to `to`, one version more, with its jobs. */
export const moveMailing = async (move: StateMove): Promise<void> => {
  const names: Record<string, string> = { '#state': 'state', '#version': 'version', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = {
    ':from': move.from,
    ':to': move.to,
    ':read': move.readVersion,
    ':next': move.readVersion + 1,
    ':now': move.now,
  };
  const sets = ['#state = :to', '#version = :next', '#updatedAt = :now'];
  const removes: string[] = [];
  Object.entries(move.set ?? {}).forEach(([field, value], index) => {
    names[`#f${index}`] = field;
    if (value === undefined) {
      removes.push(`#f${index}`);
    } else {
      values[`:f${index}`] = value;
      sets.push(`#f${index} = :f${index}`);
    }
  });
  await transactWrite([
    {
      label: 'mailing',
      item: {
        Update: {
          TableName: tableName(),
          Key: mailingEntity.key(move.id),
          UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
          ConditionExpression: 'attribute_exists(pk) AND #state = :from AND #version = :read',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
    },
    ...(move.parts ?? []),
  ]);
};

/** The list's attributes: no body, no audience (a body can be 300 KB). */
const summaryAttributes = [
  'id',
  'name',
  'channel',
  'subject',
  'state',
  'schedule',
  'throttlePerMinute',
  'totals',
  'createdBy',
  'createdAt',
  'updatedAt',
  'startedAt',
  'finishedAt',
  'cancelledAt',
  'version',
] as const;
export type MailingSummaryRecord = Pick<MailingRecord, (typeof summaryAttributes)[number]>;

/**
 * A page of mailings, newest first, older than `before` (an id) when given, of one state when
 * given. With a state, the index is read page after page until `limit` match or it ends (the list
 * of mailings is short: hundreds, not millions).
 */
export const listMailings = async (input: {
  readonly state?: MailingState | undefined;
  readonly before?: string | undefined;
  readonly limit: number;
}): Promise<{ mailings: MailingSummaryRecord[]; more: boolean }> => {
  const names = Object.fromEntries(summaryAttributes.map((name) => [`#${name}`, name]));
  const found: MailingSummaryRecord[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const response: QueryCommandOutput = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: input.before ? 'gsi1pk = :pk AND gsi1sk < :before' : 'gsi1pk = :pk',
        ...(input.state ? { FilterExpression: '#state = :state' } : {}),
        ProjectionExpression: summaryAttributes.map((name) => `#${name}`).join(', '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: {
          ':pk': mailingsIndexPartition,
          ...(input.before ? { ':before': input.before } : {}),
          ...(input.state ? { ':state': input.state } : {}),
        },
        ScanIndexForward: false,
        Limit: input.state ? 100 : input.limit + 1,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    found.push(...((response.Items ?? []) as MailingSummaryRecord[]));
    startKey = response.LastEvaluatedKey;
  } while (startKey && found.length <= input.limit);
  // Each mailing's shards by one Query on its `TOTALS#` prefix, in parallel: a Query is charged
  // by the size it reads (eight small shards: half a read unit, eventually consistent like the
  // list's own index), where a BatchGet would be charged each of the eight keys on its own (four
  // units a mailing) and need the page's keys split into requests of 100. Drafts and scheduled
  // mailings have no shards and cost nothing more.
  const mailings = await Promise.all(
    found
      .slice(0, input.limit)
      .map(async (mailing) =>
        mayHaveMoves(mailing.state)
          ? { ...mailing, totals: await mailingTotals(mailing.id, mailing.totals, { consistent: false }) }
          : mailing,
      ),
  );
  return { mailings, more: found.length > input.limit };
};
