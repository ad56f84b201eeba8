import { describe, expect, it } from 'vitest';

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
  it('a create writes 2 scopes x 4 sorts entries and counts one in each scope', () => {
    expect(listEntryChanges(undefined, project).written).toHaveLength(8);
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
    expect(removed.map((entry) => entry.sort)).toEqual(['name', 'name']);
    expect(written).toHaveLength(8);
  });

  it('a status change moves every entry and the counts between statuses', () => {
    const active = { ...project, status: 'active' as const };
    expect(listEntryChanges(project, active).removed).toHaveLength(8);
    expect(statusCountDeltas(project, active)).toEqual([
      { scope: { kind: 'workspace' }, deltas: { planning: -1, active: 1 } },
      { scope: { kind: 'client', clientId: 'c1' }, deltas: { planning: -1, active: 1 } },
    ]);
  });
});
