import { describe, expect, it } from 'vitest';
import { abilityRulesFor, buildAbility, type RoleRules } from '@orbit/functions/core/ability';
import type { Task } from '@orbit/functions/projects/contract';
import { taskForRules } from './task-rules';

const task = (assigneeId: string | null): Task => ({
  id: 't1',
  projectId: 'p1',
  title: 'Task',
  description: '',
  stage: 'todo',
  rank: 'a0',
  assignee: assigneeId ? { id: assigneeId, fullName: 'Someone' } : null,
  dueDate: null,
  priority: 'medium',
  commentCount: 0,
  version: 1,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
});

// Project Planning's task rules for `users`; Manage Others' Tasks as well for `support` (seed/src/permissions.ts).
const roleRules: RoleRules = {
  users: [
    { action: 'read', subject: 'Task' },
    { action: 'update', subject: 'Task', own: true },
  ],
  support: [
    { action: 'update', subject: 'Task', own: true },
    { action: 'update', subject: 'Task' },
    { action: 'delete', subject: 'Task' },
  ],
};
const project = { clientId: 'c1' };

describe('a task as the rules see it', () => {
  it('lets a member update only their own tasks, and someone with any-task rules every task', () => {
    const member = buildAbility(abilityRulesFor({ id: 'u1', role: 'users' }, roleRules));
    expect(member.can('update', taskForRules(project, task('u1')))).toBe(true);
    expect(member.can('update', taskForRules(project, task('u2')))).toBe(false);
    expect(member.can('update', taskForRules(project, task(null)))).toBe(false);
    expect(member.can('delete', taskForRules(project, task('u1')))).toBe(false);
    const support = buildAbility(abilityRulesFor({ id: 's1', role: 'support' }, roleRules));
    expect(support.can('update', taskForRules(project, task(null)))).toBe(true);
    expect(support.can('delete', taskForRules(project, task('u2')))).toBe(true);
  });

  it('keeps a client to its own projects’ tasks, which it only reads', () => {
    const client = buildAbility(abilityRulesFor({ id: 'c1', role: 'client' }));
    expect(client.can('read', taskForRules(project, task(null)))).toBe(true);
    expect(client.can('read', taskForRules({ clientId: 'c2' }, task(null)))).toBe(false);
    expect(client.can('update', taskForRules(project, task('c1')))).toBe(false);
  });
});
