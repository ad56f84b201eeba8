import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { ConditionFailed, db, putPart, transactWrite, writeIf, type TransactionPart } from '../core/db';
import { batchGetAlong, type ReadAlong } from '../core/read-along';
import { tableName } from '../core/table';
import { peopleIndexKeys, roleIndexKeys, uniqueClaimEntity, userEntity } from '../core/users/entities';
import type { UserRecord } from '../core/users/records';
import type { ContactField, ProfileLanguage, ProfileStatus } from './contract';
import { contactChangeEntity, type ContactChangeRecord } from './entities';

/** The users area's reads and writes: the profile item (core's entity) and pending contact changes. */

const isPerson = (item: Record<string, unknown>) => item.type === userEntity.type;

/** A signed-in person's profile (not a lead's), taken from the session's read when it brought it. */
export const readProfile = async (readAlong: ReadAlong, userId: string): Promise<UserRecord | undefined> => {
  const [item] = await batchGetAlong(readAlong, [userEntity.key(userId)]);
  return item && isPerson(item) ? userEntity.fromItem(item) : undefined;
};

export const getProfile = async (userId: string): Promise<UserRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: userEntity.key(userId), ConsistentRead: true }),
  );
  return Item && isPerson(Item) ? userEntity.fromItem(Item) : undefined;
};

export interface ProfileChanges {
  readonly fullName?: string;
  readonly about?: string;
  readonly status?: ProfileStatus;
  readonly language?: ProfileLanguage;
}

/**
 * The fields changed, from the version read (ConditionFailed(['profile']) when stale), with the
 * name's index keys (people are listed by name). Only these attributes: what other areas keep
 * on the item (sessions' data, two-step settings) is never overwritten.
 */
export const updateProfile = async (
  user: UserRecord,
  changes: ProfileChanges,
  expectedVersion: number,
): Promise<UserRecord> => {
  const sets: string[] = ['version = version + :one'];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':one': 1, ':version': expectedVersion };
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  if (changes.fullName !== undefined) {
    const indexKeys = {
      ...roleIndexKeys({ ...user, fullName: changes.fullName }),
      ...peopleIndexKeys({ ...user, fullName: changes.fullName }),
    };
    for (const [attribute, value] of Object.entries(indexKeys)) {
      names[`#${attribute}`] = attribute;
      values[`:${attribute}`] = value;
      sets.push(`#${attribute} = :${attribute}`);
    }
  }
  const { Attributes } = await writeIf('profile', () =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userEntity.key(user.id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND version = :version',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return userEntity.fromItem(Attributes ?? {});
};

/** The new avatar URL; returns the profile as it is now and the URL it replaced. */
export const setAvatar = async (
  userId: string,
  avatar: string | null,
): Promise<{ user: UserRecord; previous: string | null }> => {
  const { Attributes } = await writeIf('profile', () =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userEntity.key(userId),
        UpdateExpression: 'SET avatar = :avatar, version = version + :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':avatar': avatar, ':one': 1 },
        ReturnValues: 'ALL_OLD',
      }),
    ),
  );
  const before = userEntity.fromItem(Attributes ?? {});
  return { user: { ...before, avatar, version: before.version + 1 }, previous: before.avatar ?? null };
};

/* ---------- Pending contact changes ---------- */

export const getContactChange = async (
  userId: string,
  field: ContactField,
): Promise<ContactChangeRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: contactChangeEntity.key(userId, field), ConsistentRead: true }),
  );
  return Item ? contactChangeEntity.fromItem(Item) : undefined;
};

/**
 * Stores a new code (replacing the pending one) with the job that sends it, in one transaction
 * (the outbox), only if the pending change is still the one read: two requests at once cannot
 * both spend the same issue budget (ConditionFailed(['change'])).
 */
export const storeContactChange = async (
  record: ContactChangeRecord,
  seen: ContactChangeRecord | undefined,
  job: TransactionPart,
): Promise<void> => {
  const condition = seen
    ? {
        expression: 'issues = :issues AND windowEndsAtMs = :window',
        values: { ':issues': seen.issues, ':window': seen.windowEndsAtMs },
      }
    : { expression: 'attribute_not_exists(pk)', values: undefined };
  await transactWrite([
    {
      label: 'change',
      item: {
        Put: {
          TableName: tableName(),
          Item: contactChangeEntity.toItem(record),
          ConditionExpression: condition.expression,
          ...(condition.values ? { ExpressionAttributeValues: condition.values } : {}),
        },
      },
    },
    job,
  ]);
};

/**
 * Spends one try before the code is compared (a conditional update, so concurrent guesses cannot
 * exceed the budget): the pending change as it is after, or undefined when none is pending, its
 * window is over, or the tries are spent.
 */
export const spendContactChangeTry = async (
  userId: string,
  field: ContactField,
  maxAttempts: number,
  now: number,
): Promise<ContactChangeRecord | undefined> => {
  try {
    const { Attributes } = await writeIf('try left', () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: contactChangeEntity.key(userId, field),
          UpdateExpression: 'SET attempts = attempts + :one',
          ConditionExpression: 'attribute_exists(pk) AND attempts < :max AND windowEndsAtMs > :now',
          ExpressionAttributeValues: { ':one': 1, ':max': maxAttempts, ':now': now },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return Attributes ? contactChangeEntity.fromItem(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionFailed) return undefined;
    throw error;
  }
};

/**
 * The change itself, in ONE transaction: the code is consumed (only once), the profile takes the
 * new value (only if it still holds the old one), the old claim goes (only if it is this
 * user's) and the new claim is made (only if nobody holds it: ConditionFailed(['claim'])).
 * Any part failing leaves everything as it was.
 */
export const swapContact = async (user: UserRecord, change: ContactChangeRecord): Promise<void> => {
  const field = change.field;
  const oldClaim = uniqueClaimEntity.key(field, user[field]);
  const newClaim = uniqueClaimEntity.key(field, change.value);
  // An email that changes only in letter case keeps its claim (claims are lower-cased).
  const sameClaim = oldClaim.pk === newClaim.pk;
  await transactWrite([
    {
      label: 'code',
      item: {
        Delete: {
          TableName: tableName(),
          Key: contactChangeEntity.key(user.id, field),
          ConditionExpression: 'codeHash = :hash',
          ExpressionAttributeValues: { ':hash': change.codeHash },
        },
      },
    },
    {
      label: 'profile',
      item: {
        Update: {
          TableName: tableName(),
          Key: userEntity.key(user.id),
          UpdateExpression: 'SET #field = :value, version = version + :one',
          ConditionExpression: '#field = :old',
          ExpressionAttributeNames: { '#field': field },
          ExpressionAttributeValues: { ':value': change.value, ':old': user[field], ':one': 1 },
        },
      },
    },
    ...(sameClaim
      ? []
      : [
          {
            label: 'old claim',
            item: {
              Delete: {
                TableName: tableName(),
                Key: oldClaim,
                ConditionExpression: 'userId = :me',
                ExpressionAttributeValues: { ':me': user.id },
              },
            },
          },
          putPart(
            'claim',
            uniqueClaimEntity.toItem({ field, value: change.value, userId: user.id }),
            'attribute_not_exists(pk)',
          ),
        ]),
  ]);
};

/** Who holds an email or phone now (strongly consistent), if anyone. */
export const getClaimOwner = async (field: ContactField, value: string): Promise<string | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: uniqueClaimEntity.key(field, value), ConsistentRead: true }),
  );
  return typeof Item?.userId === 'string' ? Item.userId : undefined;
};
