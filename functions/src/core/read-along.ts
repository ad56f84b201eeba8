import { batchGet } from './db';
import type { TableKey } from './entity';

/**
 * Items a signed-in route names in its path, read in the same BatchGet as the caller's session
 * (core/auth/authenticate.ts): the area handler says which keys a route will need
 * (`readWithSession`), and the repositories take them from here instead of reading them again.
 * A key that was read but holds nothing is known to be absent.
 */
export interface ReadAlong {
  /** The item if it was read (`null` when absent), `undefined` when it was not asked for. */
  readonly lookup: (key: TableKey) => Record<string, unknown> | null | undefined;
}

const keyText = (key: TableKey) => `${key.pk}\u0000${key.sk}`;

/** BatchGetItem refuses a key asked for twice. */
export const uniqueKeys = (keys: readonly TableKey[]): TableKey[] => [
  ...new Map(keys.map((key) => [keyText(key), key])).values(),
];

export const readAlongOf = (keys: readonly TableKey[], items: readonly Record<string, unknown>[]): ReadAlong => {
  const found = new Map<string, Record<string, unknown> | null>(keys.map((key) => [keyText(key), null]));
  for (const item of items) {
    const text = keyText({ pk: String(item.pk), sk: String(item.sk) });
    if (found.has(text)) found.set(text, item);
  }
  return { lookup: (key) => found.get(keyText(key)) };
};

export const nothingReadAlong: ReadAlong = { lookup: () => undefined };

/**
 * Items by key (strongly consistent), taking those the caller's session read brought along and
 * reading only the rest: no round trip when the route named them all.
 */
export const batchGetAlong = async (
  readAlong: ReadAlong,
  keys: readonly TableKey[],
): Promise<Record<string, unknown>[]> => {
  const known: Record<string, unknown>[] = [];
  const missing: TableKey[] = [];
  for (const key of keys) {
    const item = readAlong.lookup(key);
    if (item === undefined) missing.push(key);
    else if (item !== null) known.push(item);
  }
  return missing.length === 0 ? known : [...known, ...(await batchGet(uniqueKeys(missing), { consistent: true }))];
};
