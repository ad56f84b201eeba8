import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';

import { db, putPart, queryAll, type TransactionPart } from '../core/db';
import { roles } from '../core/roles';
import { sessionsOf } from '../core/sign-in-entities';
import { tableName } from '../core/table';
import { allInvitations, invitationEntity } from '../core/team/entities';
import type { InvitationRecord } from '../core/team/records';
import { roleIndexKeys, roleIndexPartition, uniqueClaimEntity, userEntity } from '../core/users/entities';
import type { UserRecord } from '../core/users/records';

/**
 * The team's reads and writes: members by role (the role index), their sessions' last use,
 * profile changes as transaction parts, and invitations (keys in core/team/entities.ts).
 */

/** Everyone of a role who signs in (the role index; leads have their own role and are never read). */
const membersOfRole = async (role: string): Promise<UserRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': roleIndexPartition(role) },
    })
  )
    .map((item) => userEntity.fromItem(item))
    .filter((user) => Boolean(user.passwordHash));

/** The members of one role, or of every role that signs in; one Query per role, in parallel. */
export const listMembers = async (role?: string): Promise<UserRecord[]> =>
  (await Promise.all((role ? [role] : [...roles]).map(membersOfRole))).flat();

/** When a user last used the app: their newest session's last use (sessions are refreshed every 15 minutes). */
export const lastSeenOf = async (userId: string): Promise<string | null> => {
  const { pk, skPrefix } = sessionsOf(userId);
  const sessions = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ProjectionExpression: 'lastUsedAt',
  });
  const times = sessions.map((session) => String(session.lastUsedAt)).sort();
  return times.at(-1) ?? null;
};

export const getMember = async (id: string): Promise<UserRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: userEntity.key(id), ConsistentRead: true }),
  );
  const user = Item ? userEntity.fromItem(Item) : undefined;
  // A lead is a profile too, but not a member: it never signs in.
  return user?.passwordHash ? user : undefined;
};

/** Whether a phone or email already belongs to a user (their claim items). */
export const contactTaken = async (field: 'email' | 'phone', value: string): Promise<boolean> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: uniqueClaimEntity.key(field, value), ConsistentRead: true }),
  );
  return Item !== undefined;
};

/** The profile's new role, with its role index keys, only from the version read ('profile'). */
export const roleChangePart = (user: UserRecord, role: string): TransactionPart => {
  const index = roleIndexKeys({ ...user, role });
  return {
    label: 'profile',
    item: {
      Update: {
        TableName: tableName(),
        Key: userEntity.key(user.id),
        UpdateExpression: 'SET #role = :role, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk, version = version + :one',
        ConditionExpression: 'version = :version',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: {
          ':role': role,
          ':gsi1pk': index.gsi1pk,
          ':gsi1sk': index.gsi1sk,
          ':one': 1,
          ':version': user.version,
        },
      },
    },
  };
};

/** Suspended from `at`, or active again (no `at`), only from the version read ('profile'). */
export const suspensionPart = (user: UserRecord, at: string | undefined): TransactionPart => ({
  label: 'profile',
  item: {
    Update: {
      TableName: tableName(),
      Key: userEntity.key(user.id),
      UpdateExpression:
        at === undefined
          ? 'REMOVE suspendedAt SET version = version + :one'
          : 'SET suspendedAt = :at, version = version + :one',
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: { ':one': 1, ':version': user.version, ...(at === undefined ? {} : { ':at': at }) },
    },
  },
});

/* ---------- Invitations ---------- */

/** Every pending invitation, newest first (one partition, read backwards). */
export const listInvitations = async (): Promise<InvitationRecord[]> => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': allInvitations.pk, ':prefix': allInvitations.skPrefix },
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.map((item) => invitationEntity.fromItem(item));
};

export const newInvitationPart = (record: InvitationRecord): TransactionPart =>
  putPart('invitation', invitationEntity.toItem(record), 'attribute_not_exists(pk)');

/** A resent invitation: a new secret and expiry, only from the version read ('invitation'). */
export const resentInvitationPart = (previous: InvitationRecord, next: InvitationRecord): TransactionPart => ({
  label: 'invitation',
  item: {
    Put: {
      TableName: tableName(),
      Item: invitationEntity.toItem(next),
      ConditionExpression: 'attribute_exists(pk) AND version = :version',
      ExpressionAttributeValues: { ':version': previous.version },
    },
  },
});

export const revokedInvitationPart = (id: string): TransactionPart => ({
  label: 'invitation',
  item: {
    Delete: { TableName: tableName(), Key: invitationEntity.key(id), ConditionExpression: 'attribute_exists(pk)' },
  },
});
