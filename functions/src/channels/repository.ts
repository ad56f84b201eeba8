import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { ConditionFailed, db, queryAll, transactWrite, writeIf, type TransactionPart } from '../core/db';
import { tableName } from '../core/table';
import type { ChannelLastTest } from './contract';
import { channelEntity, channelsListPartition } from './entities';
import { failingAfter, type ChannelRecord } from './records';

/** Channels (keys in entities.ts). Counters never move the version: traffic must not make an edit stale. */

export const getChannel = async (id: string): Promise<ChannelRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: channelEntity.key(id), ConsistentRead: true }),
  );
  return Item ? channelEntity.fromItem(Item) : undefined;
};

/** Every channel, oldest first: the workspace's handful, one Query of GSI1. */
export const listChannels = async (): Promise<ChannelRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': channelsListPartition },
    })
  ).map((item) => channelEntity.fromItem(item));

export const insertChannel = async (channel: ChannelRecord): Promise<void> => {
  await writeIf('channel', () =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: channelEntity.toItem(channel),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
};

export type ChannelWriteOutcome = { readonly ok: true; readonly channel: ChannelRecord } | { readonly ok: false };

/**
 * Sets fields of a channel from the version read (any version when `expectVersion` is absent)
 * and moves the version on. `{ ok: false }` when the channel is gone or changed meanwhile.
 */
export const updateChannelFields = async (
  id: string,
  fields: Readonly<Record<string, unknown>>,
  expectVersion: number | undefined,
  now: Date,
): Promise<ChannelWriteOutcome> => {
  const entries = Object.entries({ ...fields, updatedAt: now.toISOString() });
  const names = Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name]));
  const values = Object.fromEntries(entries.map(([, value], index) => [`:f${index}`, value]));
  try {
    const { Attributes } = await writeIf('channel', () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: channelEntity.key(id),
          UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :f${index}`).join(', ')} ADD version :one`,
          ConditionExpression:
            expectVersion === undefined ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND version = :expected',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: {
            ...values,
            ':one': 1,
            ...(expectVersion === undefined ? {} : { ':expected': expectVersion }),
          },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return Attributes ? { ok: true, channel: channelEntity.fromItem(Attributes) } : { ok: false };
  } catch (error) {
    if (error instanceof ConditionFailed) return { ok: false };
    throw error;
  }
};

/** Removes a channel (from the version read, if given) with the caller's other parts (a cleanup job). */
export const deleteChannel = async (
  id: string,
  expectVersion: number | undefined,
  parts: readonly TransactionPart[],
): Promise<boolean> => {
  const condition =
    expectVersion === undefined ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND version = :expected';
  const remove: TransactionPart = {
    label: 'channel',
    item: {
      Delete: {
        TableName: tableName(),
        Key: channelEntity.key(id),
        ConditionExpression: condition,
        ...(expectVersion === undefined ? {} : { ExpressionAttributeValues: { ':expected': expectVersion } }),
      },
    },
  };
  try {
    await transactWrite([remove, ...parts]);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed && error.failed('channel')) return false;
    throw error;
  }
};

/** Ignores a channel that is gone: its traffic may finish after it was removed. */
const updateIfExists = async (input: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName'>) => {
  try {
    await writeIf('channel', () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          ...input,
          ConditionExpression: input.ConditionExpression
            ? `attribute_exists(pk) AND ${input.ConditionExpression}`
            : 'attribute_exists(pk)',
        }),
      ),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
};

/** An inbound message arrived through the channel. */
export const recordInbound = async (id: string, at: Date): Promise<void> => {
  await updateIfExists({
    Key: channelEntity.key(id),
    UpdateExpression: 'SET lastActivityAt = :at ADD counts.inbound :one',
    ExpressionAttributeValues: { ':at': at.toISOString(), ':one': 1 },
  });
};

/**
 * A send through the channel finished. Success counts it and clears a failing state; a failure
 * counts it, keeps the provider's answer as lastError and, after `failingAfter` in a row, shows
 * the channel as failing (a paused channel stays paused).
 */
export const recordSendOutcome = async (
  id: string,
  outcome: { readonly ok: true } | { readonly ok: false; readonly error: string },
  at: Date,
  options: { readonly countAsMessage: boolean } = { countAsMessage: true },
): Promise<void> => {
  const key = channelEntity.key(id);
  if (outcome.ok) {
    await updateIfExists({
      Key: key,
      UpdateExpression: `SET lastActivityAt = :at, consecutiveFailures = :zero, lastError = :null${
        options.countAsMessage ? ' ADD counts.outbound :one' : ''
      }`,
      ExpressionAttributeValues: {
        ':at': at.toISOString(),
        ':zero': 0,
        ':null': null,
        ...(options.countAsMessage ? { ':one': 1 } : {}),
      },
    });
    await updateIfExists({
      Key: key,
      UpdateExpression: 'SET #status = :active',
      ConditionExpression: '#status = :failing',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':active': 'active', ':failing': 'failing' },
    });
    return;
  }
  await updateIfExists({
    Key: key,
    UpdateExpression: `SET lastError = :error ADD consecutiveFailures :one${options.countAsMessage ? ', counts.failed :one' : ''}`,
    ExpressionAttributeValues: { ':error': outcome.error.slice(0, 500), ':one': 1 },
  });
  await updateIfExists({
    Key: key,
    UpdateExpression: 'SET #status = :failing',
    ConditionExpression: '#status = :active AND consecutiveFailures >= :limit',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':active': 'active', ':failing': 'failing', ':limit': failingAfter },
  });
};

export const setLastTest = async (id: string, lastTest: ChannelLastTest): Promise<void> => {
  await updateIfExists({
    Key: channelEntity.key(id),
    UpdateExpression: 'SET lastTest = :test',
    ExpressionAttributeValues: { ':test': lastTest },
  });
};
