/**
 * One sorted page out of several sorted DynamoDB partitions (e.g. one per status), read with
 * bounded Queries and merged in key order. Each partition resumes from its own position, so the
 * cursor is a position per partition; the work per page depends on the page size and the read
 * budget, never on how many items the partitions hold.
 */

export interface PartitionPosition {
  /** Exclusive start sort key; undefined = from the beginning. */
  readonly after?: string;
  readonly exhausted: boolean;
}

export interface ChunkRequest {
  readonly partition: number;
  readonly after?: string;
  readonly limit: number;
}

export interface Chunk<T> {
  /** Matching items in key order (a filter may have dropped some of the read ones). */
  readonly items: readonly T[];
  /** Sort key of the last item read (matching or not); undefined when the partition is done. */
  readonly lastKey?: string;
  /** How many items were read, for the budget. */
  readonly read: number;
}

export interface MergeOptions<T> {
  readonly positions: readonly PartitionPosition[];
  readonly fetch: (request: ChunkRequest) => Promise<Chunk<T>>;
  readonly keyOf: (item: T) => string;
  readonly descending: boolean;
  readonly pageSize: number;
  /** Items read per partition request. */
  readonly chunkSize: number;
  /** Stop after reading this many items, even with a short page (searches). */
  readonly readBudget: number;
}

export interface MergedPage<T> {
  readonly items: T[];
  /** Undefined when every partition is done. */
  readonly positions?: PartitionPosition[];
  readonly read: number;
}

/** DynamoDB orders string keys by their UTF-8 bytes, which JavaScript's `<` does not. */
export const compareKeys = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

interface PartitionState<T> {
  after?: string;
  exhausted: boolean;
  /** Last key read from DynamoDB: everything up to it is in `buffer`, emitted or filtered out. */
  frontier?: string;
  buffer: T[];
  lastEmitted?: string;
}

export const readMergedPage = async <T>(options: MergeOptions<T>): Promise<MergedPage<T>> => {
  const direction = options.descending ? -1 : 1;
  const order = (a: string, b: string) => direction * compareKeys(a, b);
  const states: PartitionState<T>[] = options.positions.map((position) => ({
    after: position.after,
    exhausted: position.exhausted,
    frontier: position.after,
    buffer: [],
  }));
  const page: T[] = [];
  let read = 0;

  const needsRead = (state: PartitionState<T>) => !state.exhausted && state.buffer.length === 0;

  for (;;) {
    const pending = states.flatMap((state, partition) => (needsRead(state) ? [{ state, partition }] : []));
    if (pending.length > 0 && read >= options.readBudget) break;
    const chunks = await Promise.all(
      pending.map(({ state, partition }) =>
        options.fetch({
          partition,
          after: state.frontier,
          limit: Math.max(options.chunkSize, options.pageSize - page.length + 1),
        }),
      ),
    );
    pending.forEach(({ state }, index) => {
      const chunk = chunks[index];
      if (!chunk) return;
      read += chunk.read;
      state.buffer.push(...chunk.items);
      if (chunk.lastKey === undefined) state.exhausted = true;
      else state.frontier = chunk.lastKey;
    });

    while (page.length < options.pageSize) {
      let best: PartitionState<T> | undefined;
      for (const state of states) {
        const head = state.buffer[0];
        if (head === undefined) continue;
        const bestHead = best?.buffer[0];
        if (bestHead === undefined || order(options.keyOf(head), options.keyOf(bestHead)) < 0) best = state;
      }
      const head = best?.buffer[0];
      if (!best || head === undefined) break;
      const key = options.keyOf(head);
      // Safe only if no unread partition could still hold something earlier.
      const blocked = states.some(
        (state) => needsRead(state) && state.frontier !== undefined && order(key, state.frontier) > 0,
      );
      const unreadFromStart = states.some((state) => needsRead(state) && state.frontier === undefined);
      if (blocked || unreadFromStart) break;
      best.buffer.shift();
      best.lastEmitted = key;
      page.push(head);
    }

    if (page.length >= options.pageSize) break;
    if (!states.some(needsRead)) break;
  }

  const positions = states.map((state): PartitionPosition => {
    if (state.buffer.length > 0) return { after: state.lastEmitted ?? state.after, exhausted: false };
    if (state.exhausted) return { exhausted: true };
    return { after: state.frontier, exhausted: false };
  });
  const done = positions.every((position) => position.exhausted);
  return { items: page, positions: done ? undefined : positions, read };
};
