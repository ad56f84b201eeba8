import { randomInt } from 'node:crypto';

import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';

import { batchGet, db, putPart, transactWrite, type TransactionPart } from '../db';
import { tableName } from '../table';
import { roleIndexNamePrefix, roleIndexPartition, uniqueClaimEntity, userEntity, type UniqueField } from './entities';
import type { PersonName, UserRecord } from './records';

/** The users' data, shared by every area: areas read people here, never by building user keys. */

const referralAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newReferralCode = (): string =>
  Array.from({ length: 8 }, () => referralAlphabet[randomInt(referralAlphabet.length)]).join('');

export const getUserById = async (id: string): Promise<UserRecord | undefined> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: userEntity.key(id) }));
  return Item ? userEntity.fromItem(Item) : undefined;
};

/** Users by id (one BatchGet), without the ones that do not exist. */
export const getUsersById = async (ids: readonly string[]): Promise<Map<string, UserRecord>> => {
  const unique = [...new Set(ids)];
  const items = unique.length > 0 ? await batchGet(unique.map((id) => userEntity.key(id))) : [];
  return new Map(items.map((item) => userEntity.fromItem(item)).map((user) => [user.id, user]));
};

const getUniqueOwner = async (field: UniqueField, value: string): Promise<string | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: uniqueClaimEntity.key(field, value), ConsistentRead: true }),
  );
  return typeof Item?.userId === 'string' ? Item.userId : undefined;
};

/** Exact match: the phone is used as given, never trimmed or normalised. */
export const getUserByPhone = async (phone: string): Promise<UserRecord | undefined> => {
  if (phone.length === 0 || phone.length > 64) return undefined;
  const userId = await getUniqueOwner('phone', phone);
  return userId ? getUserById(userId) : undefined;
};

export const getUserIdByReferralCode = (code: string): Promise<string | undefined> =>
  getUniqueOwner('referralCode', code);

/**
 * Writes the user and claims its phone, email and referral code in one transaction, so two
 * sign-ups with the same phone can never both succeed. ConditionFailed names what was taken
 * ('user', 'phone', 'email', 'referralCode').
 */
export const insertUser = async (user: UserRecord, along: readonly TransactionPart[] = []): Promise<void> => {
  const claims: UniqueField[] = ['phone', 'email', 'referralCode'];
  await transactWrite([
    ...along,
    putPart('user', userEntity.toItem(user), 'attribute_not_exists(pk)'),
    ...claims.map((field) =>
      putPart(
        field,
        uniqueClaimEntity.toItem({ field, value: user[field], userId: user.id }),
        'attribute_not_exists(pk)',
      ),
    ),
  ]);
};

/** A password change, as a transaction part: a reset makes it with the code's consumption. */
export const passwordHashPart = (userId: string, passwordHash: string): TransactionPart => ({
  label: 'password',
  item: {
    Update: {
      TableName: tableName(),
      Key: userEntity.key(userId),
      UpdateExpression: 'SET passwordHash = :hash, version = version + :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':hash': passwordHash, ':one': 1 },
    },
  },
});

/**
 * Users of a role whose name starts with `prefix`, by name (the role index): people to pick. A
 * suspended account is left out (it cannot be given work); a page may then hold fewer.
 */
export const findUsersByNamePrefix = async (role: string, prefix: string, limit: number): Promise<PersonName[]> => {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: prefix ? 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)' : 'gsi1pk = :pk',
      ExpressionAttributeValues: {
        ':pk': roleIndexPartition(role),
        ...(prefix ? { ':prefix': roleIndexNamePrefix(prefix) } : {}),
      },
      ProjectionExpression: 'id, fullName, suspendedAt',
      Limit: limit,
    }),
  );
  return (page.Items ?? [])
    .filter((item) => item.suspendedAt === undefined)
    .map((item) => ({ id: String(item.id), fullName: String(item.fullName) }));
};
