import {
  grantableSubjects,
  ownerFieldOf,
  type GrantableSubject,
  type PermissionRule,
} from '@orbit/functions/permissions/contract';

/**
 * The rules editor's model (docs/roles.md, "Permissions and rules"): a grid of subjects × actions
 * where each cell grants nothing, every record, or (for subjects with an owner) only the user's
 * own; `manage` is the row's "all" column. Converted to and from the contract's rule list.
 */

export const gridActions = ['read', 'create', 'update', 'delete'] as const;
export type GridAction = (typeof gridActions)[number] | 'manage';
export type CellValue = 'all' | 'own';
export type RuleGrid = Readonly<Partial<Record<GrantableSubject, Readonly<Partial<Record<GridAction, CellValue>>>>>>;

export const canBeOwn = (subject: GrantableSubject): boolean => ownerFieldOf[subject] !== undefined;

export const gridOf = (rules: readonly PermissionRule[]): RuleGrid => {
  const grid: Partial<Record<GrantableSubject, Partial<Record<GridAction, CellValue>>>> = {};
  for (const rule of rules) (grid[rule.subject] ??= {})[rule.action as GridAction] = rule.own ? 'own' : 'all';
  return grid;
};

/** The grid as rules, in the grid's order; a row's `manage` stands for its other actions. */
export const rulesOf = (grid: RuleGrid): PermissionRule[] =>
  grantableSubjects.flatMap((subject) => {
    const row = grid[subject] ?? {};
    const actions: GridAction[] = row.manage ? ['manage'] : [...gridActions];
    return actions.flatMap((action): PermissionRule[] => {
      const value = row[action];
      if (!value) return [];
      return value === 'own' && canBeOwn(subject) ? [{ action, subject, own: true }] : [{ action, subject }];
    });
  });

/** One cell set (granted on every record, or only the own ones) or cleared. */
export const setCell = (
  grid: RuleGrid,
  subject: GrantableSubject,
  action: GridAction,
  value: CellValue | undefined,
): RuleGrid => {
  const row = { ...grid[subject] };
  if (value) row[action] = value;
  else delete row[action];
  return { ...grid, [subject]: row };
};

/** What a permission's rules say, subject by subject, for the list's compact summary. */
export interface RuleSummaryEntry {
  readonly subject: GrantableSubject;
  readonly all: readonly GridAction[];
  readonly own: readonly GridAction[];
}

export const summaryOf = (rules: readonly PermissionRule[]): RuleSummaryEntry[] => {
  const grid = gridOf(rules);
  const order: GridAction[] = ['manage', ...gridActions];
  return grantableSubjects.flatMap((subject) => {
    const row = grid[subject];
    if (!row) return [];
    const all = order.filter((action) => row[action] === 'all');
    const own = order.filter((action) => row[action] === 'own');
    return all.length + own.length > 0 ? [{ subject, all, own }] : [];
  });
};
