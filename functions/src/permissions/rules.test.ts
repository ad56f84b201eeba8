import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import type { PermissionRule, RoleRules } from '../core/ability';
import { callerFor } from '../core/caller';
import { createPermissionRequest, permissionRuleMessages, updatePermissionRequest } from './contract';
import { changedRoles, escalationProblem, holdsRule, rulesByRoleOf, sortRules } from './rules';

const planning: PermissionRule[] = [
  { action: 'read', subject: 'Project' },
  { action: 'create', subject: 'Project' },
  { action: 'update', subject: 'Task', own: true },
];
const onlyView: PermissionRule[] = [
  { action: 'read', subject: 'Project' },
  { action: 'read', subject: 'Task' },
];

describe('rulesByRoleOf', () => {
  it('gives each ruled role the rules of the permissions assigned to it, each once, in one order', () => {
    const byRole = rulesByRoleOf([
      { assignedTo: ['administrator', 'manager', 'users'], rules: planning },
      { assignedTo: ['manager', 'restricted-user'], rules: onlyView },
    ]);
    expect(Object.keys(byRole).sort()).toEqual(['manager', 'restricted-user', 'support', 'users']);
    expect(byRole.manager).toEqual([
      { action: 'read', subject: 'Project' },
      { action: 'create', subject: 'Project' },
      { action: 'read', subject: 'Task' },
      { action: 'update', subject: 'Task', own: true },
    ]);
    expect(byRole.users).toEqual(sortRules(planning));
    expect(byRole['restricted-user']).toEqual(onlyView);
    expect(byRole.support).toEqual([]);
    // The administrator holds `manage all` whatever permissions say: not in the item.
    expect(byRole.admin).toBeUndefined();
  });

  it('treats a permission stored without rules as granting nothing', () => {
    expect(rulesByRoleOf([{ assignedTo: ['support'] }]).support).toEqual([]);
  });
});

describe('changedRoles', () => {
  const before: RoleRules = { manager: planning, users: onlyView };
  it('names only the roles whose set of rules differs, whatever the order', () => {
    expect(changedRoles(before, { manager: [...planning].reverse(), users: onlyView })).toEqual([]);
    expect(changedRoles(before, { manager: planning.slice(1), users: onlyView })).toEqual(['manager']);
    expect(changedRoles({}, { support: [], users: onlyView })).toEqual(['users']);
  });
});

describe('no escalation', () => {
  const manager = callerFor({ id: 'm1', role: 'manager', fullName: 'Grace' }, 's1', {
    manager: [
      ...planning,
      { action: 'manage', subject: 'Permission' },
      { action: 'read', subject: 'Email', own: true },
    ],
  });
  const asCaller = (caller: typeof manager) => ({
    role: caller.principal.role,
    userId: caller.principal.userId,
    ability: caller.ability,
  });

  it('holds a rule held on every record, and an own rule held on their own records too', () => {
    expect(holdsRule(manager.ability, 'm1', { action: 'create', subject: 'Project' })).toBe(true);
    expect(holdsRule(manager.ability, 'm1', { action: 'update', subject: 'Task', own: true })).toBe(true);
    expect(holdsRule(manager.ability, 'm1', { action: 'update', subject: 'Task' })).toBe(false);
    expect(holdsRule(manager.ability, 'm1', { action: 'read', subject: 'Email', own: true })).toBe(true);
    // `manage` comes only from a manage rule; a manage rule covers every action.
    expect(holdsRule(manager.ability, 'm1', { action: 'manage', subject: 'Project' })).toBe(false);
    expect(holdsRule(manager.ability, 'm1', { action: 'delete', subject: 'Permission' })).toBe(true);
  });

  it('lets a non-administrator hand out only rules they hold, never touching the administrator role', () => {
    const caller = asCaller(manager);
    expect(escalationProblem(caller, undefined, { assignedTo: ['users'], rules: planning })).toBeUndefined();
    expect(
      escalationProblem(caller, undefined, { assignedTo: ['users'], rules: [{ action: 'delete', subject: 'Task' }] }),
    ).toBe('escalation');
    expect(escalationProblem(caller, undefined, { assignedTo: ['administrator'], rules: [] })).toBe('administrator');
    // Renaming a permission the administrator holds keeps it theirs: allowed.
    const shared = { assignedTo: ['administrator', 'manager'] as const, rules: planning };
    expect(
      escalationProblem(
        caller,
        { ...shared, assignedTo: [...shared.assignedTo] },
        { ...shared, assignedTo: [...shared.assignedTo] },
      ),
    ).toBeUndefined();
    expect(
      escalationProblem(
        caller,
        { ...shared, assignedTo: [...shared.assignedTo] },
        { ...shared, assignedTo: ['manager'] },
      ),
    ).toBe('administrator');
    // A permission whose rules they lack cannot be changed or deleted by them either.
    expect(
      escalationProblem(caller, { assignedTo: ['support'], rules: [{ action: 'delete', subject: 'Task' }] }, undefined),
    ).toBe('escalation');
  });

  it('lets the administrator do anything', () => {
    const admin = callerFor({ id: 'a1', role: 'admin', fullName: 'Olivia' });
    expect(
      escalationProblem(asCaller(admin), undefined, {
        assignedTo: ['administrator'],
        rules: [{ action: 'manage', subject: 'Team' }],
      }),
    ).toBeUndefined();
  });
});

describe('the rules contract', () => {
  const create = (rules: unknown) => v.safeParse(createPermissionRequest, { name: 'Audit', assignedTo: [], rules });
  const messages = (rules: unknown) => create(rules).issues?.map((issue) => issue.message) ?? [];

  it('accepts building blocks, and own only where the subject has an owner', () => {
    expect(
      create([
        { action: 'read', subject: 'Task', own: true },
        { action: 'manage', subject: 'Mailing' },
      ]).output,
    ).toEqual({
      name: 'Audit',
      assignedTo: [],
      rules: [
        { action: 'read', subject: 'Task', own: true },
        { action: 'manage', subject: 'Mailing' },
      ],
    });
    expect(messages([{ action: 'read', subject: 'Project', own: true }])).toEqual([permissionRuleMessages.own]);
    expect(v.safeParse(createPermissionRequest, { name: 'Audit', assignedTo: [] }).output).toMatchObject({ rules: [] });
  });

  it('refuses unknown subjects and actions, `all`, duplicates and too many rules', () => {
    expect(messages([{ action: 'read', subject: 'all' }])).toEqual([permissionRuleMessages.subject]);
    expect(messages([{ action: 'fly', subject: 'Project' }])).toEqual([permissionRuleMessages.action]);
    expect(
      messages([
        { action: 'read', subject: 'Task' },
        { action: 'read', subject: 'Task', own: true },
      ]),
    ).toEqual([permissionRuleMessages.duplicate]);
    expect(messages(Array.from({ length: 61 }, () => ({ action: 'read', subject: 'Task' })))).toContain(
      permissionRuleMessages.tooMany,
    );
    expect(create('read everything').success).toBe(false);
  });

  it('lets an edit change only the rules', () => {
    expect(v.safeParse(updatePermissionRequest, { version: 1, rules: [] }).success).toBe(true);
    expect(v.safeParse(updatePermissionRequest, { version: 1 }).success).toBe(false);
  });
});
