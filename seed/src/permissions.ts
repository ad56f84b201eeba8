import { ConflictError } from '@orbit/functions/core/errors';
import type { RoleSlug } from '@orbit/functions/permissions/contract';
import { storeNewPermission } from '@orbit/functions/permissions/service';

/**
 * The nine permissions of docs/product.md#roles over its five role slugs, with the creation times of the
 * original sample list (UTC), so their createdDate reads as it did there ('14 Apr 2021, 8:43 PM'). Created
 * one after another so the unsorted list keeps this order.
 */
export const demoPermissions: readonly { name: string; assignedTo: RoleSlug[]; createdAt: string }[] = [
  { name: 'Management', assignedTo: ['administrator'], createdAt: '2021-04-14T20:43:00Z' },
  { name: 'Manage Billing & Roles', assignedTo: ['administrator'], createdAt: '2021-09-16T17:20:00Z' },
  { name: 'Add & Remove Users', assignedTo: ['administrator', 'manager'], createdAt: '2021-10-14T10:20:00Z' },
  { name: 'Project Planning', assignedTo: ['administrator', 'users', 'support'], createdAt: '2021-10-14T10:20:00Z' },
  {
    name: 'Manage Email Sequences',
    assignedTo: ['administrator', 'users', 'support'],
    createdAt: '2021-08-23T14:00:00Z',
  },
  { name: 'Client Communication', assignedTo: ['administrator', 'manager'], createdAt: '2021-04-15T11:30:00Z' },
  { name: 'Only View', assignedTo: ['administrator', 'restricted-user'], createdAt: '2021-12-04T20:15:00Z' },
  { name: 'Financial Management', assignedTo: ['administrator', 'manager'], createdAt: '2021-02-25T10:30:00Z' },
  { name: "Manage Others' Tasks", assignedTo: ['administrator', 'support'], createdAt: '2021-11-04T11:45:00Z' },
];

export const seedPermissions = async (): Promise<void> => {
  for (const permission of demoPermissions) {
    try {
      await storeNewPermission(permission, new Date(permission.createdAt));
    } catch (error) {
      // Already there (a concurrent seeder): the name's uniqueness keeps it to one.
      if (!(error instanceof ConflictError)) throw error;
    }
  }
};
