import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import { callerFor } from '../core/caller';
import { ForbiddenError } from '../core/errors';
import { listPermissionsQuery, type RoleSlug } from './contract';
import type { PermissionRecord } from './repository';
import {
  createPermission,
  formatCreatedDate,
  listPermissions,
  queryPermissions,
  removePermission,
  updatePermission,
} from './service';

const record = (id: string, name: string, assignedTo: RoleSlug[], createdDate: string): PermissionRecord => ({
  id,
  name,
  assignedTo,
  createdAt: '2021-01-01T00:00:00.000Z',
  createdDate,
  updatedAt: '2021-01-01T00:00:00.000Z',
  version: 1,
});

const records = [
  record('1', 'Management', ['administrator'], '14 Apr 2021, 8:43 PM'),
  record('2', 'Manage Billing & Roles', ['administrator'], '16 Sep 2021, 5:20 PM'),
  record('3', 'Add & Remove Users', ['administrator', 'manager'], '14 Oct 2021, 10:20 AM'),
  record('4', 'Only View', ['administrator', 'restricted-user'], '04 Dec 2021, 8:15 PM'),
  record('5', 'Client Communication', ['manager', 'support'], '15 Apr 2021, 11:30 AM'),
];

const run = (query: Record<string, string>) => queryPermissions(records, v.parse(listPermissionsQuery, query));
const names = (query: Record<string, string>) => run(query).permissions.map((permission) => permission.name);

describe('formatCreatedDate (docs/product.md#stored-values display text)', () => {
  it('writes the day with two digits and a 12-hour clock in UTC', () => {
    expect(formatCreatedDate(new Date('2021-04-14T20:43:00Z'))).toBe('14 Apr 2021, 8:43 PM');
    expect(formatCreatedDate(new Date('2021-12-04T20:15:00Z'))).toBe('04 Dec 2021, 8:15 PM');
    expect(formatCreatedDate(new Date('2021-10-14T00:05:00Z'))).toBe('14 Oct 2021, 12:05 AM');
    expect(formatCreatedDate(new Date('2021-10-14T12:00:00Z'))).toBe('14 Oct 2021, 12:00 PM');
  });
});

describe('queryPermissions (docs/product.md#calls)', () => {
  it('returns the first page of 10 in stored order by default, with the total', () => {
    const result = run({});
    expect(result.totalPermissions).toBe(5);
    expect(result.permissions.map((permission) => permission.id)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('matches q case-insensitively in name or createdDate, or at the start of a role', () => {
    expect(names({ q: 'MANAG' })).toEqual([
      'Management',
      'Manage Billing & Roles',
      'Add & Remove Users',
      'Client Communication',
    ]);
    expect(names({ q: 'dec 2021' })).toEqual(['Only View']);
    expect(names({ q: 'restr' })).toEqual(['Only View']);
    // 'user' is inside 'restricted-user' but not at its start; it is in a name though.
    expect(names({ q: 'user' })).toEqual(['Add & Remove Users']);
    expect(names({ q: 'upport' })).toEqual([]);
    expect(run({ q: 'nothing like this' })).toEqual({ permissions: [], totalPermissions: 0 });
  });

  it('sorts by name only when sortBy is name, ascending by default', () => {
    expect(names({ sortBy: 'name' })).toEqual([
      'Add & Remove Users',
      'Client Communication',
      'Manage Billing & Roles',
      'Management',
      'Only View',
    ]);
    expect(names({ sortBy: 'name', orderBy: 'desc' })[0]).toBe('Only View');
    expect(names({ sortBy: 'createdDate', orderBy: 'desc' })).toEqual(names({}));
  });

  it('pages after filtering and counts before paging; -1 returns everything', () => {
    expect(run({ itemsPerPage: '2', page: '2' }).permissions.map((permission) => permission.id)).toEqual(['3', '4']);
    expect(run({ itemsPerPage: '2', page: '3' }).permissions.map((permission) => permission.id)).toEqual(['5']);
    expect(run({ itemsPerPage: '2', page: '4' })).toEqual({ permissions: [], totalPermissions: 5 });
    expect(run({ itemsPerPage: '-1', page: '3' }).permissions).toHaveLength(5);
    expect(run({ q: 'manag', itemsPerPage: '3', page: '2' })).toMatchObject({ totalPermissions: 4 });
  });
});

describe('listPermissionsQuery', () => {
  it('applies the defaults of docs/product.md#constants and treats empty values as absent', () => {
    expect(v.parse(listPermissionsQuery, { q: '', sortBy: '', orderBy: '', page: '', itemsPerPage: '' })).toEqual({
      q: '',
      orderBy: 'asc',
      page: 1,
      itemsPerPage: 10,
    });
  });

  it('rejects bad values with a message per field', () => {
    const result = v.safeParse(listPermissionsQuery, {
      page: '0',
      itemsPerPage: '7.5',
      orderBy: 'up',
      q: 'x'.repeat(101),
    });
    expect(result.success).toBe(false);
    const fields = new Set(result.issues?.map((issue) => issue.path?.map((item) => item.key).join('.')));
    expect(fields).toEqual(new Set(['page', 'itemsPerPage', 'orderBy', 'q']));
    expect(v.safeParse(listPermissionsQuery, { itemsPerPage: '-2' }).success).toBe(false);
    expect(v.safeParse(listPermissionsQuery, { itemsPerPage: '101' }).success).toBe(false);
    expect(v.safeParse(listPermissionsQuery, { page: 'abc' }).success).toBe(false);
  });
});

describe('who may use permissions', () => {
  const callerWith = (role: string) => callerFor({ id: `${role}1`, role, fullName: 'Someone' }, 's1');
  const client = callerWith('client');
  // Refused before the request is read (and before any storage is touched): what was sent cannot matter.
  const unread = () => {
    throw new Error('the request was read');
  };

  it('refuses a client every use case with 403 before reading the request', async () => {
    await expect(listPermissions(client, unread)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(createPermission(client, unread)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(updatePermission(client, unread)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(removePermission(client, unread)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('reads the request once an admin is allowed', async () => {
    const admin = callerWith('admin');
    await expect(listPermissions(admin, unread)).rejects.toThrow('the request was read');
    await expect(createPermission(admin, unread)).rejects.toThrow('the request was read');
    await expect(updatePermission(admin, unread)).rejects.toThrow('the request was read');
    await expect(removePermission(admin, unread)).rejects.toThrow('the request was read');
  });

  it('refuses escalation with 403 before anything is stored', async () => {
    // Manages permissions, but holds no `delete Task` and is not the administrator.
    const manager = callerFor({ id: 'm1', role: 'manager', fullName: 'Grace' }, 's1', {
      manager: [{ action: 'manage', subject: 'Permission' }],
    });
    const request = (assignedTo: RoleSlug[], rules: NonNullable<PermissionRecord['rules']>) => () => ({
      name: 'Escalate',
      assignedTo,
      rules,
    });
    await expect(
      createPermission(manager, request(['users'], [{ action: 'delete', subject: 'Task' }])),
    ).rejects.toThrow('You can only grant rules you hold yourself');
    await expect(createPermission(manager, request(['administrator'], []))).rejects.toThrow(
      'Only an administrator can assign or remove the administrator role',
    );
  });
});
