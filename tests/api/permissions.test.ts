import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ListPermissionsResponse, Permission } from '@orbit/functions/permissions/contract';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, startApiStack } from '../support/api-stack';

let stack: LocalStack;
let admin: ApiClient;

const seededNames = [
  'Management',
  'Manage Billing & Roles',
  'Add & Remove Users',
  'Project Planning',
  'Manage Email Sequences',
  'Client Communication',
  'Only View',
  'Financial Management',
  "Manage Others' Tasks",
];

const list = (query = '') => admin.request<ListPermissionsResponse>('GET', `/api/apps/permissions${query}`);
const names = async (query = '') => (await list(query)).body.permissions.map((permission) => permission.name);
const create = (body: unknown) => admin.request<{ permission: Permission }>('POST', '/api/apps/permissions', { body });
const update = (id: string, body: unknown) =>
  admin.request<{ permission: Permission; current?: Permission; errors?: Record<string, string[]> }>(
    'PATCH',
    `/api/apps/permissions/${id}`,
    { body },
  );
const remove = (id: string, query = '') => admin.request('DELETE', `/api/apps/permissions/${id}${query}`);

beforeAll(async () => {
  stack = await startApiStack();
  admin = new ApiClient(stack.url);
  await admin.signIn(demo.admin.phone, demo.admin.password);
});
afterAll(async () => {
  await stack.stop();
});

// The seeded list is read before any test below changes it.
describe('GET /api/apps/permissions (docs/product.md#calls, #constants)', () => {
  it('holds the nine permissions of docs/product.md#roles in order, page 1 of 10 by default, with display dates', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.totalPermissions).toBe(9);
    expect(body.permissions.map((permission) => permission.name)).toEqual(seededNames);
    expect(body.permissions[0]).toEqual({
      id: expect.any(String),
      name: 'Management',
      assignedTo: ['administrator', 'manager'],
      rules: expect.arrayContaining([
        { action: 'read', subject: 'Team' },
        { action: 'delete', subject: 'Project' },
      ]),
      createdDate: '14 Apr 2021, 8:43 PM',
      version: 1,
    });
    const roles = new Set(body.permissions.flatMap((permission) => permission.assignedTo));
    expect(roles).toEqual(new Set(['administrator', 'manager', 'users', 'support', 'restricted-user']));
  });

  it('matches q in name or createdDate (any case) or at the start of an assigned role', async () => {
    expect(await names('?q=BILLING')).toEqual(['Manage Billing & Roles']);
    expect(await names('?q=dec%202021')).toEqual(['Only View']);
    expect(await names('?q=restricted')).toEqual(['Only View']);
    // 'user' starts the role 'users'; inside 'restricted-user' it is not at the start.
    expect(await names('?q=user')).toEqual(['Add & Remove Users', 'Project Planning', 'Manage Email Sequences']);
    expect((await list('?q=zzz')).body).toEqual({ permissions: [], totalPermissions: 0 });
  });

  it('sorts by name only when sortBy is name, in either order', async () => {
    const ascending = [...seededNames].sort((a, b) => a.localeCompare(b));
    expect(await names('?sortBy=name&orderBy=asc')).toEqual(ascending);
    expect(await names('?sortBy=name&orderBy=desc')).toEqual([...ascending].reverse());
    expect(await names('?sortBy=createdDate&orderBy=desc')).toEqual(seededNames);
  });

  it('pages the filtered list and counts before paging; itemsPerPage -1 is everything', async () => {
    const second = await list('?itemsPerPage=5&page=2');
    expect(second.body.permissions.map((permission) => permission.name)).toEqual(seededNames.slice(5));
    expect(second.body.totalPermissions).toBe(9);
    // 'manage' is in five names and starts the role 'manager' of three more.
    expect((await list('?q=manage&itemsPerPage=2&page=2&sortBy=name')).body).toMatchObject({
      totalPermissions: 8,
      permissions: [{ name: 'Financial Management' }, { name: 'Manage Billing & Roles' }],
    });
    expect((await list('?itemsPerPage=-1')).body.permissions).toHaveLength(9);
    expect((await list('?page=3&itemsPerPage=5')).body).toEqual({ permissions: [], totalPermissions: 9 });
  });

  it('answers bad query values with 400 and a message per field, never a 500', async () => {
    const bad = await list('?page=0&itemsPerPage=abc&orderBy=sideways');
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as unknown as { errors: Record<string, string[]> }).errors).sort()).toEqual([
      'itemsPerPage',
      'orderBy',
      'page',
    ]);
    for (const query of [
      '?page=-1',
      '?page=1.5',
      '?itemsPerPage=0',
      '?itemsPerPage=-2',
      '?itemsPerPage=1000',
      '?page=1&page=2',
    ]) {
      expect((await list(query)).status, query).toBe(400);
    }
    expect((await list(`?q=${'x'.repeat(101)}`)).status).toBe(400);
  });
});

describe('creating, renaming, reassigning and deleting (admin)', () => {
  it('creates with createdDate from the real creation time; the list shows it', async () => {
    const before = Date.now();
    const { status, body } = await create({
      name: '  Audit   Logs ',
      assignedTo: ['support', 'administrator', 'support'],
    });
    expect(status).toBe(201);
    expect(body.permission).toMatchObject({ name: 'Audit Logs', assignedTo: ['administrator', 'support'], version: 1 });
    const created = new Date(
      body.permission.createdDate.replace(/^(\d+) (\w+) (\d+), /, '$2 $1 $3 ').replace(/ (AM|PM)$/, ' $1 UTC'),
    );
    expect(Math.abs(created.getTime() - before)).toBeLessThan(2 * 60 * 1000);
    expect(await names('?q=audit')).toEqual(['Audit Logs']);
  });

  it('refuses a duplicate name, whatever its case or spacing, with 409', async () => {
    const duplicate = await create({ name: 'only   VIEW', assignedTo: [] });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ errors: { name: ['A permission with this name already exists'] } });
  });

  it('lets only one of two simultaneous creates with the same name win', async () => {
    const results = await Promise.all([
      create({ name: 'Race', assignedTo: [] }),
      create({ name: 'race', assignedTo: [] }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
    expect((await list('?q=race')).body.totalPermissions).toBe(1);
  });

  it('validates the body with a message per field', async () => {
    const bad = await create({ name: 'x', assignedTo: ['owner'] });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as unknown as { errors: Record<string, string[]> }).errors).sort()).toEqual([
      'assignedTo.0',
      'name',
    ]);
    expect((await admin.request('POST', '/api/apps/permissions', { rawBody: '{not json' })).status).toBe(400);
  });

  it('renames and reassigns from the version read, freeing the old name', async () => {
    const { body } = await create({ name: 'Reports', assignedTo: ['manager'] });
    const renamed = await update(body.permission.id, { name: 'Reporting', version: 1 });
    expect(renamed.status).toBe(200);
    expect(renamed.body.permission).toMatchObject({ name: 'Reporting', assignedTo: ['manager'], version: 2 });
    const reassigned = await update(body.permission.id, { assignedTo: ['users', 'manager'], version: 2 });
    expect(reassigned.body.permission).toMatchObject({
      name: 'Reporting',
      assignedTo: ['manager', 'users'],
      version: 3,
    });
    expect((await create({ name: 'Reports', assignedTo: [] })).status).toBe(201);
    expect((await create({ name: 'Reporting', assignedTo: [] })).status).toBe(409);
    // Changing only the case keeps its own name.
    expect((await update(body.permission.id, { name: 'REPORTING', version: 3 })).status).toBe(200);
  });

  it('answers a stale version with 409 and the current permission, and never overwrites', async () => {
    const { body } = await create({ name: 'Exports', assignedTo: ['manager'] });
    const id = body.permission.id;
    const [first, second] = await Promise.all([
      update(id, { name: 'Exports A', version: 1 }),
      update(id, { name: 'Exports B', version: 1 }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = first.status === 200 ? first : second;
    const loser = first.status === 200 ? second : first;
    expect(loser.body.errors).toHaveProperty('version');
    expect(loser.body.current).toEqual(winner.body.permission);
    expect(await names('?q=exports')).toEqual([winner.body.permission.name]);
    // The loser's name was never claimed.
    const loserName = winner.body.permission.name === 'Exports A' ? 'Exports B' : 'Exports A';
    expect((await create({ name: loserName, assignedTo: [] })).status).toBe(201);
  });

  it('refuses a rename onto another permission and unknown ids', async () => {
    const { body } = await create({ name: 'Invoices', assignedTo: [] });
    expect((await update(body.permission.id, { name: 'Management', version: 1 })).status).toBe(409);
    expect((await update('01NOSUCHPERMISSION0000000', { name: 'Whatever', version: 1 })).status).toBe(404);
    expect((await update(body.permission.id, { version: 1 })).status).toBe(400);
    expect((await update(body.permission.id, { name: 'Invoicing' })).status).toBe(400);
  });

  it('deletes (at the confirmed version when given) and frees the name', async () => {
    const { body } = await create({ name: 'Temporary', assignedTo: ['users'] });
    const id = body.permission.id;
    await update(id, { assignedTo: [], version: 1 });
    expect((await remove(id, '?version=1')).status).toBe(409);
    expect((await remove(id, '?version=2')).status).toBe(204);
    expect(await names('?q=temporary')).toEqual([]);
    expect((await remove(id)).status).toBe(404);
    expect((await create({ name: 'Temporary', assignedTo: [] })).status).toBe(201);
  });
});

describe('as a client', () => {
  it('is refused every permissions call with 403, and nothing changes', async () => {
    const client = new ApiClient(stack.url);
    await client.signIn(demo.clientA.phone, demo.clientA.password);
    const target = (await list('?q=management&itemsPerPage=1')).body.permissions[0];
    expect((await client.request('GET', '/api/apps/permissions')).status).toBe(403);
    expect(
      (await client.request('POST', '/api/apps/permissions', { body: { name: 'Mine', assignedTo: [] } })).status,
    ).toBe(403);
    expect(
      (await client.request('PATCH', `/api/apps/permissions/${target?.id}`, { body: { name: 'Hacked', version: 1 } }))
        .status,
    ).toBe(403);
    expect((await client.request('DELETE', `/api/apps/permissions/${target?.id}`)).status).toBe(403);
    expect(await names('?q=management&itemsPerPage=1')).toEqual(['Management']);
    expect(await names('?q=mine')).toEqual([]);
  });
});
