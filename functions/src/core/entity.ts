import { tableDefinition } from './table';

/**
 * The in-house entity layer: each entity declares its keys, index keys and item <-> record
 * mapping once (docs/decisions.md, "Entities declare their keys once"). One mapping style for
 * every entity: an item is the record's own fields plus its key attributes and `type`; a record
 * is the item without them. Repositories build keys only through an entity's `key` and write
 * items only through its `toItem`, so a key format lives in one place, and the access-pattern
 * table (core/access-patterns.ts) is checked against these builders by a test.
 */

export interface TableKey {
  readonly pk: string;
  readonly sk: string;
}

export interface IndexKeys {
  readonly gsi1pk?: string;
  readonly gsi1sk?: string;
  readonly gsi2pk?: string;
  readonly gsi2sk?: string;
}

export type Item = Record<string, unknown>;

/** Attributes that belong to the table, not to a record. */
const tableAttributes = new Set<string>([
  tableDefinition.partitionKey,
  tableDefinition.sortKey,
  ...tableDefinition.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  'type',
]);

/** The record stored in an item: every attribute except keys, index keys and `type`. */
export const recordOf = <R>(item: Item): R =>
  Object.fromEntries(Object.entries(item).filter(([name]) => !tableAttributes.has(name))) as R;

export interface Entity<R extends object, K extends readonly unknown[]> {
  /** The item's `type` attribute, and the entity's name in the access-pattern table. */
  readonly type: string;
  /** The key of one item, from what names it (ids). */
  readonly key: (...names: K) => TableKey;
  /** The key of a record's own item. */
  readonly keyOf: (record: R) => TableKey;
  /** The index keys an item of this record carries (none when it is in no index). */
  readonly indexKeysOf: (record: R) => IndexKeys;
  readonly toItem: (record: R) => Item;
  readonly fromItem: (item: Item) => R;
}

export const defineEntity = <R extends object, K extends readonly unknown[]>(definition: {
  readonly type: string;
  readonly key: (...names: K) => TableKey;
  readonly keyOf: (record: R) => TableKey;
  readonly indexKeysOf?: (record: R) => IndexKeys;
}): Entity<R, K> => {
  const indexKeysOf = definition.indexKeysOf ?? (() => ({}));
  return {
    type: definition.type,
    key: definition.key,
    keyOf: definition.keyOf,
    indexKeysOf,
    toItem: (record) => ({ ...definition.keyOf(record), ...indexKeysOf(record), type: definition.type, ...record }),
    fromItem: (item) => recordOf<R>(item),
  };
};

/** Below every printable character, so "Acme" sorts before "Acme Web" whatever follows. */
export const sortKeySeparator = '\u0001';
