import { describe, expect, it } from 'vitest';

import { statusSetsFor } from './entities';
import { listEntryChanges, statusCountDeltas } from './list-writes';
import type { ProjectRecord } from './records';

const project: ProjectRecord = {
  id: 'p1',
  projectType: 'design',
  name: 'Brand refresh',
  clientId: 'c1',
  clientName: 'Client One',
  managers: [],
  status: 'planning',
  statusBeforeArchive: null,
  priority: 'low',
  startDate: null,
  dueDate: null,
  budget: null,
  description: '',
  tags: [],
  taskCount: 0,
  doneTaskCount: 0,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  archivedAt: null,
  createdBy: 'a1',
};

describe('what a project write changes in lists and counts', () => {
  it('a create writes 2 scopes x 4 sorts entries for its status, `all` and `open`, and counts one in each scope', () => {
    const { written } = listEntryChanges(undefined, project);
    expect(written).toHaveLength(24);
    expect(new Set(written.map((entry) => entry.status))).toEqual(new Set(['planning', 'all', 'open']));
    expect(statusCountDeltas(undefined, project)).toEqual([
      { scope: { kind: 'workspace' }, deltas: { planning: 1 } },
      { scope: { kind: 'client', clientId: 'c1' }, deltas: { planning: 1 } },
    ]);
  });

  it('an edit that changes no sort value or search text touches no entry and no count', () => {
    const edited = { ...project, priority: 'high' as const };
    expect(listEntryChanges(project, edited)).toEqual({ removed: [], written: [] });
    expect(statusCountDeltas(project, edited)).toEqual([]);
  });

  it('a rename moves the name entries and rewrites the others for the new search text', () => {
    const renamed = { ...project, name: 'Logo refresh' };
    const { removed, written } = listEntryChanges(project, renamed);
    expect(removed.map((entry) => entry.sort)).toEqual(['name', 'name', 'name', 'name', 'name', 'name']);
    expect(written).toHaveLength(24);
  });

  it('a status change moves the status entries and the counts between statuses', () => {
    const active = { ...project, status: 'active' as const };
    // Both statuses are in the open set and in all: only the status partitions change.
    const { removed, written } = listEntryChanges(project, active);
    expect(removed.map((entry) => entry.status)).toEqual(Array(8).fill('planning'));
    expect(written.map((entry) => entry.status)).toEqual(Array(8).fill('active'));
    expect(statusCountDeltas(project, active)).toEqual([
      { scope: { kind: 'workspace' }, deltas: { planning: -1, active: 1 } },
      { scope: { kind: 'client', clientId: 'c1' }, deltas: { planning: -1, active: 1 } },
    ]);
  });

  it('completing a project takes it out of the open set, not out of all', () => {
    const completed = { ...project, status: 'completed' as const };
    const { removed, written } = listEntryChanges(project, completed);
    expect(new Set(removed.map((entry) => entry.status))).toEqual(new Set(['planning', 'open']));
    expect(removed).toHaveLength(16);
    expect(written.map((entry) => entry.status)).toEqual(Array(8).fill('completed'));
  });
});

describe('the partitions a status filter reads', () => {
  it('reads the default list and every status from one partition each, other sets per status', () => {
    expect(statusSetsFor(['planning', 'active', 'on_hold'])).toEqual(['open']);
    expect(statusSetsFor(['on_hold', 'planning', 'active'])).toEqual(['open']);
    expect(statusSetsFor(['planning', 'active', 'on_hold', 'completed', 'archived'])).toEqual(['all']);
    expect(statusSetsFor(['active', 'completed'])).toEqual(['active', 'completed']);
  });
});
