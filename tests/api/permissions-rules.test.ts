import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AbilityRule } from '@orbit/functions/core/ability';
import { db } from '@orbit/functions/core/db';
import { roleRulesEntity } from '@orbit/functions/core/sign-in-entities';
import type { ListPermissionsResponse, Permission, PermissionRule } from '@orbit/functions/permissions/contract';
import { permissionEntity } from '@orbit/functions/permissions/entities';
import { demoPermissions, seedPermissionRules } from '@orbit/seed/permissions';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, startApiStack } from '../support/api-stack';
import { WsClient } from '../support/ws-client';

/**
 * Permissions are rules, and a change holds at once (docs/roles.md, "Permissions and rules"):
 * the next request of a user of the role is decided by the new rules, /me reports them, and the
 * user's open sockets receive them; a non-administrator may not hand out what they do not hold.
 */

let stack: LocalStack;
let admin: ApiClient;
let manager: ApiClient;
let clientAId: string;

const grace = { phone: '+15550100009', password: 'Staff#2026' };
const daniel = { phone: '+15550100010', password: 'Staff#2026' };

type Errors = { errors: Record<string, string[]> };

const allPermissions = async (): Promise<Permission[]> =>
  (await admin.request<ListPermissionsResponse>('GET', '/api/apps/permissions?itemsPerPage=-1')).body.permissions;
const permissionNamed = async (name: string): Promise<Permission> => {
  const found = (await allPermissions()).find((permission) => permission.name === name);
  if (!found) throw new Error(`no permission ${name}`);
  return found;
};
const reassign = async (name: string, change: (roles: Permission['assignedTo']) => Permission['assignedTo']) => {
  const permission = await permissionNamed(name);
  const response = await admin.request<{ permission: Permission }>('PATCH', `/api/apps/permissions/${permission.id}`, {
    body: { assignedTo: change(permission.assignedTo), version: permission.version },
  });
  expect(response.status).toBe(200);
  return response.body.permission;
};

const createProject = (client: ApiClient) =>
  client.request('POST', '/api/apps/projects', {
    body: { type: 'development', name: `Rules ${Date.now()}`, clientId: clientAId },
  });
const myRules = async (client: ApiClient): Promise<AbilityRule[]> =>
  (await client.request<{ userAbilityRules: AbilityRule[] }>('GET', '/api/auth/me')).body.userAbilityRules;
const grants = (rules: readonly AbilityRule[], action: string, subject: string) =>
  rules.some((rule) => rule.action === action && rule.subject === subject);

beforeAll(async () => {
  stack = await startApiStack();
  admin = new ApiClient(stack.url);
  manager = new ApiClient(stack.url);
  const clientA = new ApiClient(stack.url);
  await admin.signIn(demo.admin.phone, demo.admin.password);
  expect((await manager.signIn(grace.phone, grace.password)).status).toBe(201);
  clientAId = (await clientA.signIn(demo.clientA.phone, demo.clientA.password)).body.userData.id;
});
afterAll(async () => {
  await stack.stop();
});

describe('a permission change holds from the very next request', () => {
  it('lists every permission with its rules, as the seed gives them', async () => {
    const planning = await permissionNamed('Project Planning');
    expect(planning.assignedTo).toEqual(['administrator', 'manager', 'users', 'support']);
    expect(planning.rules).toContainEqual({ action: 'create', subject: 'Project' });
    expect(planning.rules).toContainEqual({ action: 'update', subject: 'Task', own: true });
  });

  it("removing 'manager' from Project Planning refuses the manager's next create, and /me says so; putting it back restores it", async () => {
    expect((await createProject(manager)).status).toBe(201);
    expect(grants(await myRules(manager), 'create', 'Project')).toBe(true);

    const socket = await WsClient.connect(stack.url, manager.accessToken, { purpose: 'notifications' });
    try {
      await reassign('Project Planning', (roles) => roles.filter((role) => role !== 'manager'));
      const refused = await createProject(manager);
      expect(refused.status).toBe(403);
      expect(grants(await myRules(manager), 'create', 'Project')).toBe(false);

      // The worker tells the manager's open browser its new rules.
      const frame = await socket.next<{ type: string; role: string; rules: AbilityRule[] }>(
        (received) =>
          received.type === 'ability.updated' && !grants((received.rules ?? []) as AbilityRule[], 'create', 'Project'),
        15_000,
      );
      expect(frame.role).toBe('manager');
      expect(frame.rules).toEqual(await myRules(manager));

      await reassign('Project Planning', (roles) => [...roles, 'manager']);
      expect(grants(await myRules(manager), 'create', 'Project')).toBe(true);
      expect((await createProject(manager)).status).toBe(201);
      const restored = await socket.next<{ rules: AbilityRule[] }>(
        (received) =>
          received.type === 'ability.updated' && grants((received.rules ?? []) as AbilityRule[], 'create', 'Project'),
        15_000,
      );
      expect(restored.rules).toEqual(await myRules(manager));
    } finally {
      socket.socket.close();
    }
  });

  it("changing a permission's rules changes what its roles may do", async () => {
    const created = await admin.request<{ permission: Permission }>('POST', '/api/apps/permissions', {
      body: { name: 'Referral Desk', assignedTo: ['support'], rules: [{ action: 'read', subject: 'Referral' }] },
    });
    expect(created.status).toBe(201);
    expect(created.body.permission.rules).toEqual([{ action: 'read', subject: 'Referral' }]);
    const support = new ApiClient(stack.url);
    await support.signIn(daniel.phone, daniel.password);
    expect(grants(await myRules(support), 'read', 'Referral')).toBe(true);

    const edited = await admin.request<{ permission: Permission }>(
      'PATCH',
      `/api/apps/permissions/${created.body.permission.id}`,
      { body: { rules: [{ action: 'read', subject: 'Plan' }], version: 1 } },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.permission).toMatchObject({ rules: [{ action: 'read', subject: 'Plan' }], version: 2 });
    const rules = await myRules(support);
    expect(grants(rules, 'read', 'Referral')).toBe(false);
    expect(grants(rules, 'read', 'Plan')).toBe(true);

    expect(
      (await admin.request('DELETE', `/api/apps/permissions/${created.body.permission.id}?version=2`)).status,
    ).toBe(204);
    expect(grants(await myRules(support), 'read', 'Plan')).toBe(false);
  });
});

describe('no escalation', () => {
  const grant = (client: ApiClient, rules: PermissionRule[], assignedTo: string[] = ['users']) =>
    client.request<Errors & { permission: Permission }>('POST', '/api/apps/permissions', {
      body: { name: `Granted ${Date.now()}${Math.random()}`, assignedTo, rules },
    });

  it('lets a non-administrator with manage Permission grant only rules they hold, and never touch administrator', async () => {
    // The manager gets `manage Permission` through a permission of their own.
    const keys = await admin.request<{ permission: Permission }>('POST', '/api/apps/permissions', {
      body: {
        name: 'Permission Keeper',
        assignedTo: ['manager'],
        rules: [{ action: 'manage', subject: 'Permission' }],
      },
    });
    expect(keys.status).toBe(201);

    expect((await manager.request('GET', '/api/apps/permissions')).status).toBe(200);
    const held = await grant(manager, [{ action: 'read', subject: 'Project' }]);
    expect(held.status).toBe(201);

    const lacking = await grant(manager, [{ action: 'delete', subject: 'Task' }]);
    expect(lacking.status).toBe(403);
    expect(JSON.stringify(lacking.body)).toContain('You can only grant rules you hold yourself');
    const administrator = await grant(manager, [{ action: 'read', subject: 'Project' }], ['administrator']);
    expect(administrator.status).toBe(403);
    expect(JSON.stringify(administrator.body)).toContain('administrator');

    // Reassigning a permission away from the administrator is refused too, and so is editing one whose rules they lack.
    const management = await permissionNamed('Management');
    expect(
      (
        await manager.request('PATCH', `/api/apps/permissions/${management.id}`, {
          body: { assignedTo: ['manager'], version: management.version },
        })
      ).status,
    ).toBe(403);
    const others = await permissionNamed("Manage Others' Tasks");
    expect(
      (
        await manager.request('PATCH', `/api/apps/permissions/${others.id}`, {
          body: { name: 'Tasks of others', version: others.version },
        })
      ).status,
    ).toBe(403);
    expect((await permissionNamed("Manage Others' Tasks")).version).toBe(others.version);

    // Their own grant stays theirs to edit with rules they hold.
    const edited = await manager.request<{ permission: Permission }>(
      'PATCH',
      `/api/apps/permissions/${held.body.permission.id}`,
      { body: { rules: [{ action: 'create', subject: 'Project' }], version: 1 } },
    );
    expect(edited.status).toBe(200);
  });

  it('refuses everyone without Permission rules', async () => {
    const support = new ApiClient(stack.url);
    await support.signIn(daniel.phone, daniel.password);
    expect((await support.request('GET', '/api/apps/permissions')).status).toBe(403);
    expect((await grant(support, [])).status).toBe(403);
  });
});

describe('bad rules', () => {
  it('answers 400 with a message per field and stores nothing', async () => {
    const before = await allPermissions();
    const cases: [unknown, string][] = [
      [[{ action: 'read', subject: 'all' }], 'rules.0.subject'],
      [[{ action: 'fly', subject: 'Project' }], 'rules.0.action'],
      [[{ action: 'read', subject: 'Project', own: true }], 'rules.0'],
      [
        [
          { action: 'read', subject: 'Task' },
          { action: 'read', subject: 'Task', own: true },
        ],
        'rules',
      ],
      [Array.from({ length: 61 }, () => ({ action: 'read', subject: 'Task' })), 'rules'],
      ['everything', 'rules'],
    ];
    for (const [rules, field] of cases) {
      const response = await admin.request<Errors>('POST', '/api/apps/permissions', {
        body: { name: 'Bad Rules', assignedTo: ['users'], rules },
      });
      expect(response.status, JSON.stringify(rules).slice(0, 80)).toBe(400);
      expect(Object.keys(response.body.errors), JSON.stringify(rules).slice(0, 80)).toContain(field);
    }
    const planning = await permissionNamed('Project Planning');
    const patch = await admin.request<Errors>('PATCH', `/api/apps/permissions/${planning.id}`, {
      body: { rules: [{ action: 'manage', subject: 'all' }], version: planning.version },
    });
    expect(patch.status).toBe(400);
    expect(await allPermissions()).toEqual(before);
  });
});

describe('a store seeded before permissions had rules', () => {
  it('gets the demo rules and the role rules from the seed on its next start', async () => {
    const onlyView = await permissionNamed('Only View');
    // As such a store is: the permission without rules, and no role rules item.
    await db().send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: permissionEntity.key(onlyView.id),
        UpdateExpression: 'REMOVE #rules',
        ExpressionAttributeNames: { '#rules': 'rules' },
      }),
    );
    await db().send(new DeleteCommand({ TableName: stack.tableName, Key: roleRulesEntity.key() }));
    const restricted = new ApiClient(stack.url);
    await restricted.signIn('+15550100012', 'Staff#2026');
    expect(grants(await myRules(restricted), 'read', 'Project')).toBe(false);

    await seedPermissionRules();
    const expected = demoPermissions.find((permission) => permission.name === 'Only View')?.rules;
    expect((await permissionNamed('Only View')).rules).toEqual(expected);
    expect(grants(await myRules(restricted), 'read', 'Project')).toBe(true);
    expect(grants(await myRules(manager), 'create', 'Project')).toBe(true);
  });
});
