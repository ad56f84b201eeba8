import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { ConditionFailed, db, deletePart, putPart, transactWrite, writeIf, type TransactionPart } from '../core/db';
import { batchGetAlong, type ReadAlong } from '../core/read-along';
import { tableName } from '../core/table';
import { peopleIndexKeys, roleIndexKeys, uniqueClaimEntity, userEntity } from '../core/users/entities';
import type { UserRecord } from '../core/users/records';
import type { ContactField, ProfileLanguage, ProfileStatus } from './contract';
import { contactChangeEntity, contactUndoEntity, type ContactChangeRecord, type ContactUndoRecord } from './entities';

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

/** A conditional Delete whose condition compares with values. */
const deleteIfPart = (
  label: string,
  key: { pk: string; sk: string },
  condition: string,
  values: Record<string, unknown>,
): TransactionPart => ({
  label,
  item: {
    Delete: { TableName: tableName(), Key: key, ConditionExpression: condition, ExpressionAttributeValues: values },
  },
});

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
 * A new code (replacing the pending one), as a part of the transaction that also holds the job
 * that sends it (the outbox), only if the pending change is still the one read: two requests at
 * once cannot both spend the same issue budget (ConditionFailed(['change'])).
 */
export const contactChangePart = (
  record: ContactChangeRecord,
  seen: ContactChangeRecord | undefined,
): TransactionPart => {
  const condition = seen
    ? {
        expression: 'issues = :issues AND windowEndsAtMs = :window',
        values: { ':issues': seen.issues, ':window': seen.windowEndsAtMs },
      }
    : { expression: 'attribute_not_exists(pk)', values: undefined };
  return {
    label: 'change',
    item: {
      Put: {
        TableName: tableName(),
        Item: contactChangeEntity.toItem(record),
        ConditionExpression: condition.expression,
        ...(condition.values ? { ExpressionAttributeValues: condition.values } : {}),
      },
    },
  };
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
 * The profile's field moved from `from` to `to` with the uniqueness claims, as transaction parts:
 * the profile only if it still holds `from` (ConditionFailed(['profile'])), the old claim deleted
 * only if it is this user's, the new one made only if nobody holds it (ConditionFailed(['claim'])).
 * An email that changes only in letter case keeps its claim (claims are lower-cased).
 */
const moveContactParts = (userId: string, field: ContactField, from: string, to: string): TransactionPart[] => {
  const oldClaim = uniqueClaimEntity.key(field, from);
  const newClaim = uniqueClaimEntity.key(field, to);
  const sameClaim = oldClaim.pk === newClaim.pk;
  return [
    {
      label: 'profile',
      item: {
        Update: {
          TableName: tableName(),
          Key: userEntity.key(userId),
          UpdateExpression: 'SET #field = :value, version = version + :one',
          ConditionExpression: '#field = :old',
          ExpressionAttributeNames: { '#field': field },
          ExpressionAttributeValues: { ':value': to, ':old': from, ':one': 1 },
        },
      },
    },
    ...(sameClaim
      ? []
      : [
          deleteIfPart('old claim', oldClaim, 'userId = :me', { ':me': userId }),
          putPart('claim', uniqueClaimEntity.toItem({ field, value: to, userId }), 'attribute_not_exists(pk)'),
        ]),
  ];
};

/**
 * The change itself, in ONE transaction: the code is consumed (only once), the profile and the
 * claims move to the new value (moveContactParts), and `along` is written with them (the way
 * back, the notice to the old value, the security log). Any part failing leaves everything as it was.
 */
export const swapContact = async (
  user: UserRecord,
  change: ContactChangeRecord,
  along: readonly TransactionPart[],
): Promise<void> => {
  await transactWrite([
    {
      label: 'code',
      item: {
        Delete: {
          TableName: tableName(),
          Key: contactChangeEntity.key(user.id, change.field),
          ConditionExpression: 'codeHash = :hash',
          ExpressionAttributeValues: { ':hash': change.codeHash },
        },
      },
    },
    ...moveContactParts(user.id, change.field, user[change.field], change.value),
    ...along,
  ]);
};

/* ---------- The way back (undo) ---------- */

export const getContactUndo = async (userId: string, field: ContactField): Promise<ContactUndoRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: contactUndoEntity.key(userId, field), ConsistentRead: true }),
  );
  return Item ? contactUndoEntity.fromItem(Item) : undefined;
};

/** The way back after a change, only if the one read is still stored (ConditionFailed(['undo'])). */
export const contactUndoPart = (record: ContactUndoRecord, seen: ContactUndoRecord | undefined): TransactionPart =>
  seen
    ? {
        label: 'undo',
        item: {
          Put: {
            TableName: tableName(),
            Item: contactUndoEntity.toItem(record),
            ConditionExpression: 'validUntilMs = :seen',
            ExpressionAttributeValues: { ':seen': seen.validUntilMs },
          },
        },
      }
    : putPart('undo', contactUndoEntity.toItem(record), 'attribute_not_exists(pk)');

/** The way back used up, and a pending change dropped, without moving anything (its value is someone else's now). */
export const spendContactUndoParts = (
  userId: string,
  field: ContactField,
  tokenHash: string,
  nowMs: number,
): TransactionPart[] => [
  deleteIfPart('undo', contactUndoEntity.key(userId, field), 'contains(tokenHashes, :hash) AND validUntilMs > :now', {
    ':hash': tokenHash,
    ':now': nowMs,
  }),
  deletePart('pending change', contactChangeEntity.key(userId, field)),
];

/**
 * An undo, as transaction parts: the way back used up (only if the link's digest is in it and
 * it is still valid: ConditionFailed(['undo'])), any pending change of the field dropped, and,
 * when the field holds another value now, the profile and claims moved back to `restoreTo`.
 */
export const undoContactParts = (
  user: UserRecord,
  undo: ContactUndoRecord,
  tokenHash: string,
  nowMs: number,
): TransactionPart[] => [
  ...spendContactUndoParts(user.id, undo.field, tokenHash, nowMs),
  ...(user[undo.field] === undo.restoreTo
    ? []
    : moveContactParts(user.id, undo.field, user[undo.field], undo.restoreTo)),
];

/** Who holds an email or phone now (strongly consistent), if anyone. */
export const getClaimOwner = async (field: ContactField, value: string): Promise<string | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: uniqueClaimEntity.key(field, value), ConsistentRead: true }),
  );
  return typeof Item?.userId === 'string' ? Item.userId : undefined;
};
