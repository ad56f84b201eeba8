import type { Stage, Task } from '@orbit/functions/projects/contract';

/**
 * The board as columns of task ids, and the moves drag and drop makes on them. Pure, so the
 * rules (where a task lands, what the API is asked) are tested without a browser.
 */

export type Columns = Readonly<Record<string, readonly string[]>>;

const byRank = (a: Task, b: Task) =>
  a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export const columnsOf = (stages: readonly Stage[], tasks: readonly Task[]): Columns => {
  const columns: Record<string, string[]> = Object.fromEntries(stages.map((stage) => [stage.key, []]));
  for (const task of [...tasks].sort(byRank)) columns[task.stage]?.push(task.id);
  return columns;
};

export const stageOf = (columns: Columns, id: string): string | undefined =>
  id in columns ? id : Object.keys(columns).find((stage) => columns[stage]?.includes(id));

/**
 * Moves a task to `stage` at `index` (among the stage's other tasks); a no-op move returns the
 * same object, so callers can tell.
 */
export const moveTo = (columns: Columns, taskId: string, stage: string, index: number): Columns => {
  const from = stageOf(columns, taskId);
  if (!from || !(stage in columns)) return columns;
  const source = columns[from] ?? [];
  const target = (columns[stage] ?? []).filter((id) => id !== taskId);
  const position = Math.max(0, Math.min(index, target.length));
  if (from === stage && source.indexOf(taskId) === position) return columns;
  target.splice(position, 0, taskId);
  return {
    ...columns,
    [from]: source.filter((id) => id !== taskId),
    [stage]: target,
  };
};

/**
 * Where a dragged task goes when it is over `overId` (a task or a column): over a task, it takes
 * that task's place (after it when moving down in the same column); over a column, its end.
 */
export const dropTarget = (
  columns: Columns,
  activeId: string,
  overId: string,
): { stage: string; index: number } | undefined => {
  const stage = stageOf(columns, overId);
  if (!stage) return undefined;
  const others = (columns[stage] ?? []).filter((id) => id !== activeId);
  if (overId === stage) return { stage, index: others.length };
  const overIndex = (columns[stage] ?? []).indexOf(overId);
  const activeIndex = (columns[stage] ?? []).indexOf(activeId);
  // In the same column the list still holds the active task: moving down lands after `over`.
  const index = activeIndex >= 0 && activeIndex < overIndex ? overIndex : others.indexOf(overId);
  return { stage, index: Math.max(0, index) };
};

/** The stage and index a task has in `columns` (the API's move request), if it is there. */
export const positionOf = (columns: Columns, taskId: string): { stage: string; index: number } | undefined => {
  const stage = stageOf(columns, taskId);
  if (!stage) return undefined;
  return { stage, index: (columns[stage] ?? []).indexOf(taskId) };
};
