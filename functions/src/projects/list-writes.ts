import { deletePart, putPart, type TransactionPart } from '../core/db';
import { tableName } from '../core/table';
import type { ProjectStatus } from './contract';
import {
  listEntriesOf,
  listEntryEntity,
  scopeName,
  scopesOf,
  statusCountsEntity,
  type ListEntryRecord,
  type ProjectListScope,
} from './entities';
import type { ProjectRecord } from './records';

/**
 * What a project write changes in the lists and counts, as transaction parts: pure, so the
 * planning is tested without a database (list-writes.test.ts). `before` undefined is a create,
 * `after` undefined a delete.
 */

type StatusDeltas = Partial<Record<ProjectStatus, number>>;

/** How much each scope's per-status counts move. */
export const statusCountDeltas = (
  before: ProjectRecord | undefined,
  after: ProjectRecord | undefined,
): { scope: ProjectListScope; deltas: StatusDeltas }[] => {
  const perScope = new Map<string, { scope: ProjectListScope; deltas: StatusDeltas }>();
  const add = (project: ProjectRecord, delta: number) => {
    for (const scope of scopesOf(project)) {
      const entry = perScope.get(scopeName(scope)) ?? { scope, deltas: {} };
      entry.deltas[project.status] = (entry.deltas[project.status] ?? 0) + delta;
      perScope.set(scopeName(scope), entry);
    }
  };
  if (before) add(before, -1);
  if (after) add(after, 1);
  return [...perScope.values()]
    .map(({ scope, deltas }) => ({
      scope,
      deltas: Object.fromEntries(Object.entries(deltas).filter(([, delta]) => delta !== 0)) as StatusDeltas,
    }))
    .filter(({ deltas }) => Object.keys(deltas).length > 0);
};

/** ADD on the per-status counters of a scope: one item per scope. */
export const countUpdate = (scope: ProjectListScope, deltas: StatusDeltas): TransactionPart => {
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const clauses = Object.entries(deltas).map(([status, delta], index) => {
    names[`#s${index}`] = status;
    values[`:d${index}`] = delta ?? 0;
    return `#s${index} :d${index}`;
  });
  return {
    label: 'counts',
    item: {
      Update: {
        TableName: tableName(),
        Key: statusCountsEntity.key(scope),
        UpdateExpression: `ADD ${clauses.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
  };
};

export const countChangesFor = (before: ProjectRecord | undefined, after: ProjectRecord | undefined) =>
  statusCountDeltas(before, after).map(({ scope, deltas }) => countUpdate(scope, deltas));

const entryKeyText = (entry: ListEntryRecord) => {
  const key = listEntryEntity.key(entry);
  return `${key.pk}|${key.sk}`;
};

/** Entries to delete and to (re)write; unchanged ones are left alone. */
export const listEntryChanges = (
  before: ProjectRecord | undefined,
  after: ProjectRecord | undefined,
): { removed: ListEntryRecord[]; written: ListEntryRecord[] } => {
  const next = after ? listEntriesOf(after) : [];
  const previous = before ? listEntriesOf(before) : [];
  const nextKeys = new Set(next.map(entryKeyText));
  const previousByKey = new Map(previous.map((entry) => [entryKeyText(entry), entry]));
  return {
    removed: previous.filter((entry) => !nextKeys.has(entryKeyText(entry))),
    // Changed search text or type rewrites an entry in place.
    written: next.filter((entry) => {
      const old = previousByKey.get(entryKeyText(entry));
      return !old || old.search !== entry.search || old.projectType !== entry.projectType;
    }),
  };
};

export const entryChanges = (
  before: ProjectRecord | undefined,
  after: ProjectRecord | undefined,
): TransactionPart[] => {
  const { removed, written } = listEntryChanges(before, after);
  return [
    ...removed.map((entry) => deletePart('entry', listEntryEntity.key(entry))),
    ...written.map((entry) => putPart('entry', listEntryEntity.toItem(entry))),
  ];
};
