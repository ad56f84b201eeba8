import { describe, expect, it } from 'vitest';
import type { PermissionRule } from '@orbit/functions/permissions/contract';
import { gridOf, rulesOf, setCell, summaryOf } from './rule-grid';

const planning: PermissionRule[] = [
  { action: 'read', subject: 'Project' },
  { action: 'create', subject: 'Project' },
  { action: 'read', subject: 'Task' },
  { action: 'update', subject: 'Task', own: true },
];

describe('rule grid', () => {
  it('turns rules into cells and back, in the grid order', () => {
    expect(rulesOf(gridOf([...planning].reverse()))).toEqual(planning);
  });

  it('sets and clears cells; own only where the subject has an owner', () => {
    let grid = gridOf(planning);
    grid = setCell(grid, 'Task', 'update', 'all');
    grid = setCell(grid, 'Project', 'create', undefined);
    grid = setCell(grid, 'Project', 'delete', 'own');
    expect(rulesOf(grid)).toEqual([
      { action: 'read', subject: 'Project' },
      { action: 'delete', subject: 'Project' },
      { action: 'read', subject: 'Task' },
      { action: 'update', subject: 'Task' },
    ]);
  });

  it("lets a row's manage stand for its other actions", () => {
    const grid = setCell(gridOf(planning), 'Project', 'manage', 'all');
    expect(rulesOf(grid).filter((rule) => rule.subject === 'Project')).toEqual([
      { action: 'manage', subject: 'Project' },
    ]);
  });

  it('summarises by subject, every record apart from own only', () => {
    expect(summaryOf(planning)).toEqual([
      { subject: 'Project', all: ['read', 'create'], own: [] },
      { subject: 'Task', all: ['read'], own: ['update'] },
    ]);
    expect(summaryOf([])).toEqual([]);
  });
});
