import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';

import { cancelledConditionIndexes, db, isConditionFailure, queryAll } from '../core/db';
import { tableName } from '../core/table';
import type { RoleSlug } from './contract';

/**
 * Keys of the permissions (see the access patterns in core/table.ts):
 * - every permission of the workspace sits in one partition, pk=PERMISSIONS, sk=PERMISSION#<ulid>,
 *   so the list is one Query in creation order; the partition holds at most `maxPermissions`;
 * - a name is claimed by pk=PERMISSION_NAME#<normalised name>, sk=UNIQUE, written in the same
 *   transaction as the permission, so two creates or renames to one name cannot both succeed;
 * - the count lives beside them (pk=PERMISSIONS, sk=COUNT) and bounds the partition.
 */

export interface PermissionRecord {
  readonly id: string;
  readonly name: string;
  readonly assignedTo: RoleSlug[];
  readonly createdAt: string;
  /** Display text of createdAt (spec §3), kept as written so q matches what the table shows. */
  readonly createdDate: string;
  readonly updatedAt: string;
  readonly version: number;
}

const partition = 'PERMISSIONS';
const itemPrefix = 'PERMISSION#';
const permissionKey = (id: string) => ({ pk: partition, sk: `${itemPrefix}${id}` });
const countKey = { pk: partition, sk: 'COUNT' };
/** Names are unique whatever their case or spacing: 'Only View' and 'only  view' clash. */
export const normaliseName = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();
const nameKey = (name: string) => ({ pk: `PERMISSION_NAME#${normaliseName(name)}`, sk: 'UNIQUE' });

/** Claims a name for a permission in a transaction: fails if another permission holds it. */
const claimName = (name: string, permissionId: string) => ({
  Put: {
    TableName: tableName(),
    Item: { ...nameKey(name), type: 'UniqueClaim', field: 'permissionName', permissionId },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

const toRecord = (item: Record<string, unknown>): PermissionRecord => ({
  id: item.id as string,
  name: item.name as string,
  assignedTo: item.assignedTo as RoleSlug[],
  createdAt: item.createdAt as string,
  createdDate: item.createdDate as string,
  updatedAt: item.updatedAt as string,
  version: item.version as number,
});

/** The whole list, oldest first: one partition, read page by page until its end. */
export const listAllPermissions = async (): Promise<PermissionRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': partition, ':prefix': itemPrefix },
    })
  ).map(toRecord);

export const getPermission = async (id: string): Promise<PermissionRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: permissionKey(id), ConsistentRead: true }),
  );
  return Item ? toRecord(Item) : undefined;
};

/** Why a write lost its condition, so the service can answer 404, 409 or the limit. */
export class PermissionWriteConflict extends Error {
  constructor(readonly reason: 'name-taken' | 'stale-or-missing' | 'limit') {
    super(`Permission write failed: ${reason}`);
    this.name = 'PermissionWriteConflict';
  }
}

const rethrow = (error: unknown, reasonsByIndex: Record<number, PermissionWriteConflict['reason']>): never => {
  if (!isConditionFailure(error)) throw error;
  const [first] = cancelledConditionIndexes(error);
  throw new PermissionWriteConflict(reasonsByIndex[first ?? -1] ?? 'stale-or-missing');
};

export const insertPermission = async (record: PermissionRecord, limit: number): Promise<void> => {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...permissionKey(record.id), type: 'Permission', ...record },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          claimName(record.name, record.id),
          {
            Update: {
              TableName: tableName(),
              Key: countKey,
              UpdateExpression: 'SET #count = if_not_exists(#count, :zero) + :one',
              ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':limit': limit },
            },
          },
        ],
      }),
    );
  } catch (error) {
    rethrow(error, { 0: 'stale-or-missing', 1: 'name-taken', 2: 'limit' });
  }
};

/**
 * Writes `next` if the stored permission still has `expectedVersion`; a rename moves the name
 * claim in the same transaction.
 */
export const replacePermission = async (
  previous: PermissionRecord,
  next: PermissionRecord,
  expectedVersion: number,
): Promise<void> => {
  const renamed = normaliseName(previous.name) !== normaliseName(next.name);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...permissionKey(next.id), type: 'Permission', ...next },
              ConditionExpression: 'attribute_exists(pk) AND version = :expected',
              ExpressionAttributeValues: { ':expected': expectedVersion },
            },
          },
          ...(renamed
            ? [
                claimName(next.name, next.id),
                {
                  Delete: {
                    TableName: tableName(),
                    Key: nameKey(previous.name),
                    ConditionExpression: 'permissionId = :id',
                    ExpressionAttributeValues: { ':id': previous.id },
                  },
                },
              ]
            : []),
        ],
      }),
    );
  } catch (error) {
    rethrow(error, { 0: 'stale-or-missing', 1: 'name-taken', 2: 'stale-or-missing' });
  }
};

/** Deletes the permission (at `expectedVersion` when given), its name claim, and counts it out. */
export const deletePermission = async (record: PermissionRecord, expectedVersion?: number): Promise<void> => {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: permissionKey(record.id),
              ConditionExpression:
                expectedVersion === undefined ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND version = :expected',
              ...(expectedVersion === undefined ? {} : { ExpressionAttributeValues: { ':expected': expectedVersion } }),
            },
          },
          {
            Delete: {
              TableName: tableName(),
              Key: nameKey(record.name),
              ConditionExpression: 'permissionId = :id',
              ExpressionAttributeValues: { ':id': record.id },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: countKey,
              UpdateExpression: 'SET #count = #count - :one',
              ConditionExpression: '#count > :zero',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    rethrow(error, { 0: 'stale-or-missing', 1: 'stale-or-missing', 2: 'stale-or-missing' });
  }
};
