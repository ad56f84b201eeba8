import { randomInt } from 'node:crypto';

import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { cancelledConditionIndexes, db, isConditionFailure } from '../core/db';
import { ConflictError } from '../core/errors';
import { tableName } from '../core/table';

/** Contact statuses of spec §4: presence plus the lead stages. */
export const contactStatuses = [
  'online',
  'away',
  'offline',
  'success',
  'contact_received',
  'interest_shown',
  'closed',
  'deleted',
] as const;
export type ContactStatus = (typeof contactStatuses)[number];

export interface UserSettings {
  readonly isTwoStepAuthVerificationEnabled: boolean;
  readonly isNotificationsOn: boolean;
}

export interface UserRecord {
  readonly id: string;
  readonly fullName: string;
  readonly username: string;
  readonly email: string;
  readonly phone: string;
  readonly role: string;
  readonly avatar: string | null;
  readonly about: string;
  readonly status: ContactStatus;
  readonly settings: UserSettings;
  readonly passwordHash: string;
  readonly referralCode: string;
  readonly referredBy?: string;
  readonly createdAt: string;
  readonly version: number;
}

/** The profile item of a user, and of a lead contact (role 'lead', no sign-in claims). */
export const userKey = (id: string) => ({ pk: `USER#${id}`, sk: 'PROFILE' });
const phoneKey = (phone: string) => ({ pk: `PHONE#${phone}`, sk: 'UNIQUE' });
const emailKey = (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'UNIQUE' });
const referralKey = (code: string) => ({ pk: `REFERRAL#${code.toUpperCase()}`, sk: 'UNIQUE' });

/** Users by role sorted by name (GSI1): admins list everyone, clients list the admins. */
export const roleIndexKeys = (user: Pick<UserRecord, 'role' | 'fullName' | 'id'>) => ({
  gsi1pk: `ROLE#${user.role}`,
  gsi1sk: `${user.fullName.toLowerCase()}#${user.id}`,
});

const referralAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newReferralCode = (): string =>
  Array.from({ length: 8 }, () => referralAlphabet[randomInt(referralAlphabet.length)]).join('');

export const getUserById = async (id: string): Promise<UserRecord | undefined> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: userKey(id) }));
  return Item as UserRecord | undefined;
};

const getUniqueOwner = async (key: { pk: string; sk: string }): Promise<string | undefined> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return typeof Item?.userId === 'string' ? Item.userId : undefined;
};

/** Exact match: the phone is used as given, never trimmed or normalised (spec §5). */
export const getUserByPhone = async (phone: string): Promise<UserRecord | undefined> => {
  if (phone.length === 0 || phone.length > 64) return undefined;
  const userId = await getUniqueOwner(phoneKey(phone));
  return userId ? getUserById(userId) : undefined;
};

export const getUserIdByReferralCode = (code: string): Promise<string | undefined> => getUniqueOwner(referralKey(code));

/**
 * Creates the user and claims its phone, email and referral code in one transaction, so two
 * sign-ups with the same phone can never both succeed.
 */
export const createUser = async (user: UserRecord): Promise<void> => {
  const claims = [
    { field: 'phone', key: phoneKey(user.phone), message: 'This phone number is already registered' },
    { field: 'email', key: emailKey(user.email), message: 'This email is already registered' },
    { field: 'referralCode', key: referralKey(user.referralCode), message: 'Referral code clash, try again' },
  ];
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...userKey(user.id), ...roleIndexKeys(user), type: 'User', ...user },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          ...claims.map((claim) => ({
            Put: {
              TableName: tableName(),
              Item: { ...claim.key, type: 'UniqueClaim', field: claim.field, userId: user.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          })),
        ],
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const fields: Record<string, string[]> = {};
    for (const index of cancelledConditionIndexes(error)) {
      const claim = claims[index - 1];
      if (claim) fields[claim.field] = [claim.message];
    }
    throw new ConflictError(Object.keys(fields).length > 0 ? fields : { id: ['User already exists'] });
  }
};

export const updatePasswordHash = async (userId: string, passwordHash: string): Promise<void> => {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKey(userId),
      UpdateExpression: 'SET passwordHash = :hash, version = version + :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':hash': passwordHash, ':one': 1 },
    }),
  );
};

/** Users of a role whose name starts with `prefix`, by name (GSI1, the role index): people to pick. */
export const findUsersByNamePrefix = async (
  role: string,
  prefix: string,
  limit: number,
): Promise<{ id: string; fullName: string }[]> => {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: prefix ? 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)' : 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `ROLE#${role}`, ...(prefix ? { ':prefix': prefix.toLowerCase() } : {}) },
      ProjectionExpression: 'id, fullName',
      Limit: limit,
    }),
  );
  return (page.Items ?? []).map((item) => ({ id: String(item.id), fullName: String(item.fullName) }));
};
