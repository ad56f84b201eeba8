import { describe, expect, it } from 'vitest';
import type { Stage, Task } from '@orbit/functions/projects/contract';
import { columnsOf, dropTarget, moveTo, positionOf } from './board-columns';

const stages: Stage[] = [
  { key: 'todo', name: 'To do', done: false },
  { key: 'doing', name: 'Doing', done: false },
  { key: 'done', name: 'Done', done: true },
];

const task = (id: string, stage: string, rank: string): Task => ({
  id,
  projectId: 'p',
  title: id,
  description: '',
  stage,
  rank,
  assignee: null,
  dueDate: null,
  priority: 'medium',
  commentCount: 0,
  version: 1,
  createdAt: '',
  updatedAt: '',
});

describe('board columns', () => {
  const columns = columnsOf(stages, [task('b', 'todo', 'r'), task('a', 'todo', 'i'), task('c', 'doing', 'i')]);

  it('groups tasks by stage in rank order, with an empty column for every stage', () => {
    expect(columns).toEqual({ todo: ['a', 'b'], doing: ['c'], done: [] });
  });

  it('moves a task between stages and within one', () => {
    expect(moveTo(columns, 'a', 'done', 0)).toEqual({ todo: ['b'], doing: ['c'], done: ['a'] });
    expect(moveTo(columns, 'a', 'doing', 1)).toEqual({ todo: ['b'], doing: ['c', 'a'], done: [] });
    expect(moveTo(columns, 'b', 'todo', 0)).toEqual({ todo: ['b', 'a'], doing: ['c'], done: [] });
    expect(moveTo(columns, 'a', 'todo', 0)).toBe(columns);
    expect(moveTo(columns, 'zzz', 'todo', 0)).toBe(columns);
  });

  it('finds where a dragged task lands over a task or over a column', () => {
    expect(dropTarget(columns, 'a', 'done')).toEqual({ stage: 'done', index: 0 });
    expect(dropTarget(columns, 'a', 'c')).toEqual({ stage: 'doing', index: 0 });
    expect(dropTarget(columns, 'a', 'b')).toEqual({ stage: 'todo', index: 1 });
    expect(dropTarget(columns, 'b', 'a')).toEqual({ stage: 'todo', index: 0 });
    expect(dropTarget(columns, 'a', 'unknown')).toBeUndefined();
  });

  it('reports the position the API is asked for', () => {
    const moved = moveTo(columns, 'c', 'todo', 1);
    expect(positionOf(moved, 'c')).toEqual({ stage: 'todo', index: 1 });
  });
});
