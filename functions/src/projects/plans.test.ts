import { describe, expect, it } from 'vitest';

import { ConflictError, ValidationError } from '../core/errors';
import { lookupsForUpdate, planArchive, planProjectUpdate, planRestore, planTaskEdit, planTaskMove } from './plans';
import type { ProjectRecord, TaskRecord } from './records';

const project: ProjectRecord = {
  id: 'p1',
  projectType: 'development',
  name: 'Storefront',
  clientId: 'c1',
  clientName: 'Client One',
  managers: [{ id: 'a1', fullName: 'Admin One' }],
  status: 'active',
  statusBeforeArchive: null,
  priority: 'medium',
  startDate: '2026-01-01',
  dueDate: '2026-03-01',
  budget: null,
  description: '',
  tags: ['web'],
  taskCount: 3,
  doneTaskCount: 1,
  version: 4,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  archivedAt: null,
  createdBy: 'a1',
};

const task = (id: string, stage: string, rank: string, version = 1): TaskRecord => ({
  id,
  projectId: 'p1',
  title: `Task ${id}`,
  description: '',
  stage,
  rank,
  assignee: null,
  dueDate: null,
  priority: 'medium',
  commentCount: 0,
  version,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'a1',
});

const at = '2026-02-01T00:00:00.000Z';

describe('planProjectUpdate', () => {
  it('changes only the name, and names only that field', () => {
    const plan = planProjectUpdate(project, { version: 4, name: 'Storefront v2' }, {}, at);
    expect(plan?.fields).toEqual(['name']);
    expect(plan?.changes).toMatchObject({ name: 'Storefront v2', updatedAt: at, clientId: 'c1', status: 'active' });
  });

  it('changes nothing when every value is the stored one', () => {
    expect(planProjectUpdate(project, { version: 4, name: 'Storefront', tags: ['web'] }, {}, at)).toBeUndefined();
  });

  it('takes the looked-up client, but names clientId, not clientName', () => {
    const plan = planProjectUpdate(
      project,
      { version: 4, clientId: 'c2' },
      { client: { id: 'c2', fullName: 'Two' } },
      at,
    );
    expect(plan?.fields).toEqual(['clientId']);
    expect(plan?.changes).toMatchObject({ clientId: 'c2', clientName: 'Two' });
  });

  it('refuses a stale version and an archived project with 409, dates the wrong way round with 400', () => {
    expect(() => planProjectUpdate(project, { version: 3, name: 'X' }, {}, at)).toThrow(ConflictError);
    expect(() => planProjectUpdate({ ...project, status: 'archived' }, { version: 4 }, {}, at)).toThrow(ConflictError);
    expect(() => planProjectUpdate(project, { version: 4, dueDate: '2025-12-01' }, {}, at)).toThrow(ValidationError);
  });

  it('asks to look up only the people who change', () => {
    expect(lookupsForUpdate(project, { version: 4, clientId: 'c1', managerIds: ['a1'] })).toEqual({});
    expect(lookupsForUpdate(project, { version: 4, clientId: 'c2', managerIds: ['a1', 'a2'] })).toEqual({
      clientId: 'c2',
      managerIds: ['a1', 'a2'],
    });
  });
});

describe('archive and restore', () => {
  it('archives remembering the status, and restores it', () => {
    const archived = planArchive(project, 4, at);
    expect(archived).toMatchObject({ status: 'archived', statusBeforeArchive: 'active', archivedAt: at });
    const restored = planRestore({ ...project, ...archived, version: 5 }, 5, at);
    expect(restored).toMatchObject({ status: 'active', statusBeforeArchive: null, archivedAt: null });
  });

  it('refuses to restore a project that is not archived', () => {
    expect(() => planRestore(project, 4, at)).toThrow(ConflictError);
  });
});

describe('planTaskEdit', () => {
  it('keeps only the fields that differ and asks for the assignee when it changes', () => {
    const plan = planTaskEdit(task('t1', 'todo', 'm'), {
      version: 1,
      title: 'Task t1',
      priority: 'high',
      assigneeId: 'a1',
    });
    expect(plan).toEqual({ changes: { priority: 'high' }, assigneeId: 'a1' });
  });

  it('refuses a stale version', () => {
    expect(() => planTaskEdit(task('t1', 'todo', 'm', 2), { version: 1, title: 'X' })).toThrow(ConflictError);
  });
});

describe('planTaskMove', () => {
  const board = [task('t1', 'todo', 'a'), task('t2', 'todo', 'm'), task('t3', 'done', 'm')];

  it('moving to where the task already is changes nothing', () => {
    expect(
      planTaskMove(project, board[1] as TaskRecord, board, { version: 1, stage: 'todo', index: 1 }),
    ).toBeUndefined();
  });

  it('ranks a task before its new neighbour and counts it done', () => {
    const plan = planTaskMove(project, board[0] as TaskRecord, board, { version: 1, stage: 'done', index: 0 });
    expect(plan).toMatchObject({ stage: 'done', doneDelta: 1, stageChanged: true });
    expect(plan && plan.rank < 'm').toBe(true);
  });

  it('leaving the done stage counts one fewer done task', () => {
    const plan = planTaskMove(project, board[2] as TaskRecord, board, { version: 1, stage: 'todo', index: 2 });
    expect(plan).toMatchObject({ doneDelta: -1 });
    expect(plan && plan.rank > 'm').toBe(true);
  });

  it('refuses a stage the project type does not have', () => {
    expect(() =>
      planTaskMove(project, board[0] as TaskRecord, board, { version: 1, stage: 'published', index: 0 }),
    ).toThrow(ValidationError);
  });
});
