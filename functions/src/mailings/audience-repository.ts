import { GetCommand } from '@aws-sdk/lib-dynamodb';

import { contactEventPart } from '../core/contact-events';
import { batchGet, db, queryAll, transactWrite, type TransactionPart } from '../core/db';
import { tableName } from '../core/table';
import { peopleIndexPartition, userEntity } from '../core/users/entities';
import { personFromItem, type PersonRow } from './audience-match';

/**
 * The people audiences and tags read and write: profile items (`USER#<id>`/`PROFILE`, users and
 * leads alike). Reads project only what audiences need, never a password hash or sign-in data.
 */

const personProjection = {
  expression:
    '#id, fullName, #role, #status, tags, mailingOptOut, email, channelIdentities, #language, gsi2sk, version',
  names: { '#id': 'id', '#role': 'role', '#status': 'status', '#language': 'language' },
};

/** GSI2 (PEOPLE, name#id): every profile, every page, in name order. */
export const readPeople = async (): Promise<PersonRow[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': peopleIndexPartition },
      ProjectionExpression: personProjection.expression,
      ExpressionAttributeNames: personProjection.names,
    })
  ).map(personFromItem);

/** One person, read consistently (a tag change reads, then writes from what it read). */
export const readPerson = async (id: string): Promise<PersonRow | undefined> => {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: userEntity.key(id),
      ConsistentRead: true,
      ProjectionExpression: personProjection.expression,
      ExpressionAttributeNames: personProjection.names,
    }),
  );
  return Item ? personFromItem(Item) : undefined;
};

/** People by id, read consistently; those missing are simply not in the answer. */
export const readPersons = async (ids: readonly string[]): Promise<PersonRow[]> =>
  (await batchGet(ids.map(userEntity.key), { consistent: true, projection: personProjection })).map(personFromItem);

/**
 * A person's new tags with their `tags_changed` event, in one transaction: the write holds only
 * if the profile is still the version read (ConditionFailed(['tags']) otherwise: read again).
 */
export const writeTags = async (
  person: PersonRow,
  change: { tags: readonly string[]; added: readonly string[]; removed: readonly string[] },
  now: Date,
): Promise<void> => {
  const versionCheck = person.version === undefined ? 'attribute_not_exists(version)' : 'version = :expected';
  const tagsPart: TransactionPart = {
    label: 'tags',
    item: {
      Update: {
        TableName: tableName(),
        Key: userEntity.key(person.id),
        UpdateExpression: 'SET tags = :tags, version = if_not_exists(version, :zero) + :one',
        ConditionExpression: `attribute_exists(pk) AND ${versionCheck}`,
        ExpressionAttributeValues: {
          ':tags': [...change.tags],
          ':zero': 0,
          ':one': 1,
          ...(person.version === undefined ? {} : { ':expected': person.version }),
        },
      },
    },
  };
  await transactWrite([
    tagsPart,
    contactEventPart(
      {
        type: 'tags_changed',
        contactId: person.id,
        added: [...change.added],
        removed: [...change.removed],
        at: now.toISOString(),
      },
      { now },
    ),
  ]);
};
