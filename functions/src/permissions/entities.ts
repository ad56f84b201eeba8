import { defineEntity, type TableKey } from '../core/entity';
import type { PermissionRecord } from './repository';

/**
 * The permissions' entities (their rows in core/access-patterns.ts):
 * - every permission of the workspace sits in one partition, so the list is one Query in
 *   creation order; the partition holds at most `maxPermissions`;
 * - the count lives beside them and bounds the partition;
 * - a name is claimed by an item of its own, written in the same transaction as the
 *   permission, so two creates or renames to one name cannot both succeed.
 */

const partition = 'PERMISSIONS';
const itemPrefix = 'PERMISSION#';

export const permissionEntity = defineEntity<PermissionRecord, [permissionId: string]>({
  type: 'Permission',
  key: (permissionId) => ({ pk: partition, sk: `${itemPrefix}${permissionId}` }),
  keyOf: (permission) => ({ pk: partition, sk: `${itemPrefix}${permission.id}` }),
});
/** The whole list: this partition, sort keys from this prefix. */
export const allPermissions = { pk: partition, skPrefix: itemPrefix } as const;

export const permissionCountEntity = {
  type: 'PermissionCount',
  key: (): TableKey => ({ pk: partition, sk: 'COUNT' }),
} as const;

/** Names are unique whatever their case or spacing: 'Only View' and 'only  view' clash. */
export const normaliseName = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

export const permissionNameEntity = {
  type: 'UniqueClaim',
  key: (name: string): TableKey => ({ pk: `PERMISSION_NAME#${normaliseName(name)}`, sk: 'UNIQUE' }),
  toItem: (name: string, permissionId: string) => ({
    pk: `PERMISSION_NAME#${normaliseName(name)}`,
    sk: 'UNIQUE',
    type: 'UniqueClaim',
    field: 'permissionName',
    permissionId,
  }),
} as const;
