import { describe, expect, it } from 'vitest';

import type { RoleRules } from './ability';
import { isStaffWhoMay, roleMay, staffRolesThatMay } from './staff-rules';

const roleRules: RoleRules = {
  manager: [
    { action: 'read', subject: 'Channel' },
    { action: 'read', subject: 'Task' },
  ],
  support: [{ action: 'update', subject: 'Task', own: true }],
  users: [{ action: 'read', subject: 'Task' }],
};

describe("other people's rules", () => {
  it('answers from their role: the administrator always, other staff by their permissions, clients their own rules', () => {
    expect(roleMay('admin', 'delete', 'Channel', {})).toBe(true);
    expect(roleMay('manager', 'read', 'Channel', roleRules)).toBe(true);
    expect(roleMay('manager', 'update', 'Channel', roleRules)).toBe(false);
    // An "own" rule still lets the role update some tasks.
    expect(roleMay('support', 'update', 'Task', roleRules)).toBe(true);
    expect(roleMay('restricted-user', 'read', 'Task', roleRules)).toBe(false);
    expect(roleMay('client', 'read', 'Task', roleRules)).toBe(true);
    expect(roleMay('lead', 'read', 'Chat', roleRules)).toBe(false);
  });

  it('lists the staff roles that may, in the roles’ order', () => {
    expect(staffRolesThatMay('read', 'Task', roleRules)).toEqual(['admin', 'manager', 'users']);
    expect(staffRolesThatMay('read', 'Channel', {})).toEqual(['admin']);
  });

  it('takes only active staff: not a client, not a suspended account', () => {
    expect(isStaffWhoMay({ role: 'manager' }, 'read', 'Channel', roleRules)).toBe(true);
    expect(isStaffWhoMay({ role: 'manager', suspendedAt: '2026-01-01T00:00:00Z' }, 'read', 'Channel', roleRules)).toBe(
      false,
    );
    expect(isStaffWhoMay({ role: 'client' }, 'read', 'Task', roleRules)).toBe(false);
    expect(isStaffWhoMay({ role: 'users' }, 'read', 'Channel', roleRules)).toBe(false);
    expect(isStaffWhoMay(undefined, 'read', 'Channel', roleRules)).toBe(false);
  });
});
