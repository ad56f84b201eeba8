import { GetCommand } from '@aws-sdk/lib-dynamodb';

import type { PermissionRule } from '../core/ability';
import { db, putPart, queryAll, transactWrite, type TransactionPart } from '../core/db';
import { tableName } from '../core/table';
import type { RoleSlug } from './contract';
import {
  allPermissions,
  normaliseName,
  permissionCountEntity,
  permissionEntity,
  permissionNameEntity,
} from './entities';

/**
 * Permissions and their name claims (keys in entities.ts). Writes that lose a condition throw
 * ConditionFailed naming the part: 'permission' (missing or another version), 'name' (taken),
 * 'previous-name' (the old claim moved), 'count' (at the limit, or already zero). Each write
 * takes `along`: the parts written in the same transaction (the role rules' rewrite and the job
 * that announces it, permissions/service.ts), whose own labels name them when they lose.
 */

export interface PermissionRecord {
  readonly id: string;
  readonly name: string;
  readonly assignedTo: RoleSlug[];
  /** What it grants (docs/roles.md); a permission stored before rules existed has none. */
  readonly rules?: PermissionRule[];
  readonly createdAt: string;
  /** Display text of createdAt (docs/product.md#stored-values), kept as written so q matches what the table shows. */
  readonly createdDate: string;
  readonly updatedAt: string;
  readonly version: number;
}

export { normaliseName };

/** Claims a name for a permission in a transaction: fails if another permission holds it. */
const claimName = (name: string, permissionId: string) =>
  putPart('name', permissionNameEntity.toItem(name, permissionId), 'attribute_not_exists(pk)');

/**
 * The whole list, oldest first: one partition, read page by page until its end. Consistent: the
 * role rules are computed from it, and must include every write before the one being made.
 */
export const listAllPermissions = async (): Promise<PermissionRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      ConsistentRead: true,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': allPermissions.pk, ':prefix': allPermissions.skPrefix },
    })
  ).map(permissionEntity.fromItem);

export const getPermission = async (id: string): Promise<PermissionRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: permissionEntity.key(id), ConsistentRead: true }),
  );
  return Item ? permissionEntity.fromItem(Item) : undefined;
};

/** ConditionFailed: 'permission' (the id exists), 'name' (taken), 'count' (at the limit). */
export const insertPermission = async (
  record: PermissionRecord,
  limit: number,
  along: readonly TransactionPart[] = [],
): Promise<void> => {
  await transactWrite([
    putPart('permission', permissionEntity.toItem(record), 'attribute_not_exists(pk)'),
    claimName(record.name, record.id),
    {
      label: 'count',
      item: {
        Update: {
          TableName: tableName(),
          Key: permissionCountEntity.key(),
          UpdateExpression: 'SET #count = if_not_exists(#count, :zero) + :one',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':limit': limit },
        },
      },
    },
    ...along,
  ]);
};

const releaseName = (record: PermissionRecord) => ({
  label: 'previous-name',
  item: {
    Delete: {
      TableName: tableName(),
      Key: permissionNameEntity.key(record.name),
      ConditionExpression: 'permissionId = :id',
      ExpressionAttributeValues: { ':id': record.id },
    },
  },
});

/**
 * Writes `next` if the stored permission still has `expectedVersion`; a rename moves the name
 * claim in the same transaction. ConditionFailed: 'permission', 'name', 'previous-name'.
 */
export const replacePermission = async (
  previous: PermissionRecord,
  next: PermissionRecord,
  expectedVersion: number,
  along: readonly TransactionPart[] = [],
): Promise<void> => {
  const renamed = normaliseName(previous.name) !== normaliseName(next.name);
  await transactWrite([
    {
      label: 'permission',
      item: {
        Put: {
          TableName: tableName(),
          Item: permissionEntity.toItem(next),
          ConditionExpression: 'attribute_exists(pk) AND version = :expected',
          ExpressionAttributeValues: { ':expected': expectedVersion },
        },
      },
    },
    ...(renamed ? [claimName(next.name, next.id), releaseName(previous)] : []),
    ...along,
  ]);
};

/** Deletes the permission (at `expectedVersion` when given), its name claim, and counts it out. */
export const deletePermission = async (
  record: PermissionRecord,
  expectedVersion: number | undefined,
  along: readonly TransactionPart[] = [],
): Promise<void> => {
  await transactWrite([
    {
      label: 'permission',
      item: {
        Delete: {
          TableName: tableName(),
          Key: permissionEntity.keyOf(record),
          ConditionExpression:
            expectedVersion === undefined ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND version = :expected',
          ...(expectedVersion === undefined ? {} : { ExpressionAttributeValues: { ':expected': expectedVersion } }),
        },
      },
    },
    releaseName(record),
    {
      label: 'count',
      item: {
        Update: {
          TableName: tableName(),
          Key: permissionCountEntity.key(),
          UpdateExpression: 'SET #count = #count - :one',
          ConditionExpression: '#count > :zero',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
        },
      },
    },
    ...along,
  ]);
};
