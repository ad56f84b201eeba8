import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

import { ConditionFailed, db, putPart, queryAll, transactWrite, writeIf, type TransactionPart } from '../core/db';
import { tableName } from '../core/table';
import { sesLinkEntity } from './delivery-entities';
import type { EnrolmentStatus } from './sequence-contract';
import {
  enrolmentEntity,
  enrolmentPrefix,
  personEnrolmentsPartition,
  sequenceEntity,
  sequencePartition,
  sequencesListPartition,
  stepStatsEntity,
  stepStatsPrefix,
  type EnrolmentRecord,
  type SequenceRecord,
  type StepStatsRecord,
} from './sequence-entities';

/**
 * Sequences, their enrolments and step counters (keys in sequence-entities.ts). Every change of
 * an enrolment is conditional on what it was, so a repeated event or job changes nothing twice.
 */

export const sequenceLabel = 'sequence';
export const enrolmentLabel = 'enrolment';

export const getSequence = async (id: string): Promise<SequenceRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: sequenceEntity.key(id), ConsistentRead: true }),
  );
  return Item ? sequenceEntity.fromItem(Item) : undefined;
};

/** Every sequence, newest first (a workspace keeps a handful: one bounded Query of GSI1). */
export const listSequences = async (): Promise<SequenceRecord[]> => {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': sequencesListPartition },
    ScanIndexForward: false,
  });
  return items.map(sequenceEntity.fromItem);
};

export const listStepStats = async (sequenceId: string): Promise<StepStatsRecord[]> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': sequencePartition(sequenceId), ':prefix': stepStatsPrefix },
  });
  return items.map(stepStatsEntity.fromItem);
};

/**
 * How many people a sequence has enrolled, and how many are still active (the list's figures).
 * Reads only the enrolments' status; a sequence's partition holds at most one item per person.
 */
export const countEnrolments = async (sequenceId: string): Promise<{ total: number; active: number }> => {
  const items = await queryAll<{ status?: string }>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': sequencePartition(sequenceId), ':prefix': enrolmentPrefix },
    ProjectionExpression: '#status',
    ExpressionAttributeNames: { '#status': 'status' },
  });
  return { total: items.length, active: items.filter((item) => item.status === 'active').length };
};

export const insertSequence = async (record: SequenceRecord): Promise<void> => {
  await transactWrite([putPart(sequenceLabel, sequenceEntity.toItem(record), 'attribute_not_exists(pk)')]);
};

/** Saved from the version read: ConditionFailed('sequence') when it changed or is gone. */
export const replaceSequence = async (next: SequenceRecord, expectedVersion: number): Promise<void> => {
  await transactWrite([
    {
      label: sequenceLabel,
      item: {
        Put: {
          TableName: tableName(),
          Item: sequenceEntity.toItem(next),
          ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':expected': expectedVersion },
        },
      },
    },
  ]);
};

/** The sequence item goes (a later step job finds nothing and ends its enrolment): false when already gone. */
export const deleteSequenceItem = async (id: string): Promise<boolean> => {
  try {
    await writeIf(sequenceLabel, () =>
      db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: sequenceEntity.key(id),
          ConditionExpression: 'attribute_exists(pk)',
        }),
      ),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
};

/** Every active enrolment of a sequence (when it is deleted). */
export const listActiveEnrolments = async (sequenceId: string): Promise<EnrolmentRecord[]> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: '#status = :active',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':pk': sequencePartition(sequenceId),
      ':prefix': enrolmentPrefix,
      ':active': 'active',
    },
  });
  return items.map(enrolmentEntity.fromItem);
};

export const getEnrolment = async (sequenceId: string, personId: string): Promise<EnrolmentRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: enrolmentEntity.key(sequenceId, personId), ConsistentRead: true }),
  );
  return Item ? enrolmentEntity.fromItem(Item) : undefined;
};

/**
 * The enrolment and its first step's job, or neither. A person already active in it, or who
 * ended it by replying or opting out, is not enrolled again: ConditionFailed('enrolment').
 * Someone who left (and comes back), or finished, starts again.
 */
export const insertEnrolment = async (record: EnrolmentRecord, firstStep: TransactionPart): Promise<void> => {
  await transactWrite([
    {
      label: enrolmentLabel,
      item: {
        Put: {
          TableName: tableName(),
          Item: enrolmentEntity.toItem(record),
          ConditionExpression: 'attribute_not_exists(pk) OR #status IN (:left, :completed, :stopped)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':left': 'left', ':completed': 'completed', ':stopped': 'stopped' },
        },
      },
    },
    firstStep,
  ]);
};

/** Ends an active enrolment once: false when it was not active (already ended, or none). */
export const endEnrolment = async (
  sequenceId: string,
  personId: string,
  status: Exclude<EnrolmentStatus, 'active'>,
  now: Date,
): Promise<EnrolmentRecord | undefined> => {
  try {
    const { Attributes } = await writeIf(enrolmentLabel, () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: enrolmentEntity.key(sequenceId, personId),
          UpdateExpression: 'SET #status = :status, updatedAt = :now REMOVE gsi2pk, gsi2sk',
          ConditionExpression: '#status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': status, ':active': 'active', ':now': now.toISOString() },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return Attributes ? enrolmentEntity.fromItem(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionFailed) return undefined;
    throw error;
  }
};

/**
 * Claims step `step` of an active enrolment before it is sent (at most once: a second run of the
 * same step loses this write), moving it on to the next step, or to completed after the last,
 * with the next step's job in the same transaction.
 */
export const claimStep = async (
  enrolment: EnrolmentRecord,
  step: number,
  last: boolean,
  nextStepJob: TransactionPart | undefined,
  now: Date,
): Promise<boolean> => {
  const at = now.toISOString();
  try {
    await transactWrite([
      {
        label: enrolmentLabel,
        item: {
          Update: {
            TableName: tableName(),
            Key: enrolmentEntity.key(enrolment.sequenceId, enrolment.personId),
            UpdateExpression: last
              ? 'SET #step = :next, lastSentAt = :now, updatedAt = :now, #status = :completed REMOVE gsi2pk, gsi2sk'
              : 'SET #step = :next, lastSentAt = :now, updatedAt = :now',
            ConditionExpression: '#status = :active AND #step = :step',
            ExpressionAttributeNames: { '#status': 'status', '#step': 'step' },
            ExpressionAttributeValues: {
              ':next': step + 1,
              ':now': at,
              ':active': 'active',
              ':step': step,
              ...(last ? { ':completed': 'completed' } : {}),
            },
          },
        },
      },
      ...(nextStepJob ? [nextStepJob] : []),
    ]);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
};

/** The sequences a person is active in (GSI2, only active enrolments carry its keys). */
export const listActiveEnrolmentsOf = async (personId: string): Promise<EnrolmentRecord[]> => {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': personEnrolmentsPartition(personId) },
  });
  return items.map(enrolmentEntity.fromItem);
};

export type StepCounter = 'sent' | 'delivered' | 'failed' | 'optedOut' | 'replies';

/** Adds one to a step's counter (the item appears with its first count). */
export const countStep = async (sequenceId: string, step: number, counter: StepCounter): Promise<void> => {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: stepStatsEntity.key(sequenceId, step),
      UpdateExpression: 'SET #type = :type, sequenceId = :sequenceId, #step = :step ADD #counter :one',
      ExpressionAttributeNames: { '#type': 'type', '#step': 'step', '#counter': counter },
      ExpressionAttributeValues: {
        ':type': stepStatsEntity.type,
        ':sequenceId': sequenceId,
        ':step': step,
        ':one': 1,
      },
    }),
  );
};

const encodeCursor = (personId: string) => Buffer.from(personId, 'utf8').toString('base64url');
const decodeCursor = (cursor: string): string | undefined => {
  const personId = Buffer.from(cursor, 'base64url').toString('utf8');
  return /^[\w-]{1,64}$/.test(personId) ? personId : undefined;
};

/** One page of a sequence's enrolments, by person id, optionally of one status. */
export const listEnrolments = async (
  sequenceId: string,
  options: { readonly status?: EnrolmentStatus; readonly cursor?: string; readonly limit: number },
): Promise<{ enrolments: EnrolmentRecord[]; nextCursor?: string } | 'bad-cursor'> => {
  const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  if (options.cursor !== undefined && !after) return 'bad-cursor';
  const found: EnrolmentRecord[] = [];
  let start: Record<string, unknown> | undefined = after ? { ...enrolmentEntity.key(sequenceId, after) } : undefined;
  // A status filter may skip many items: read on until the page is full or the partition ends.
  for (let round = 0; round < 20; round += 1) {
    const input: QueryCommandInput = {
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': sequencePartition(sequenceId),
        ':prefix': enrolmentPrefix,
        ...(options.status ? { ':status': options.status } : {}),
      },
      ...(options.status
        ? { FilterExpression: '#status = :status', ExpressionAttributeNames: { '#status': 'status' } }
        : {}),
      Limit: options.limit + 1 - found.length,
      ...(start ? { ExclusiveStartKey: start } : {}),
    };
    const { Items = [], LastEvaluatedKey } = await db().send(new QueryCommand(input));
    found.push(...Items.map(enrolmentEntity.fromItem));
    if (found.length > options.limit || !LastEvaluatedKey) break;
    start = LastEvaluatedKey;
  }
  const page = found.slice(0, options.limit);
  const last = page.at(-1);
  return found.length > options.limit && last
    ? { enrolments: page, nextCursor: encodeCursor(last.personId) }
    : { enrolments: page };
};

/**
 * A sequence step's email was delivered (its SES event, ses-events.ts): the link is marked once,
 * so a delivery event SES repeats counts nothing twice. False when it was counted before.
 */
export const markStepDelivered = async (sesMessageId: string, now: Date): Promise<boolean> => {
  try {
    await writeIf('sequence step delivery', () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: sesLinkEntity.key(sesMessageId),
          UpdateExpression: 'SET deliveredAt = :now',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deliveredAt)',
          ExpressionAttributeValues: { ':now': now.toISOString() },
        }),
      ),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
};
