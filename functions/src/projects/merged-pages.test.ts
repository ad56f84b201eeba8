import { describe, expect, it } from 'vitest';

import {
  compareKeys,
  readMergedPage,
  type Chunk,
  type ChunkRequest,
  type MergedPage,
  type PartitionPosition,
} from './merged-pages';

/** Partitions as sorted key lists; `keep` plays the part of a DynamoDB filter expression. */
const fakeStore = (partitions: string[][], descending: boolean, keep: (key: string) => boolean = () => true) => {
  const sorted = partitions.map((keys) => [...keys].sort((a, b) => (descending ? -1 : 1) * compareKeys(a, b)));
  let requests = 0;
  const fetch = async ({ partition, after, limit }: ChunkRequest): Promise<Chunk<string>> => {
    requests += 1;
    const keys = sorted[partition] ?? [];
    const start = after === undefined ? 0 : keys.indexOf(after) + 1;
    const slice = keys.slice(start, start + limit);
    const more = start + limit <= keys.length - 1 || (slice.length === limit && start + limit === keys.length);
    return { items: slice.filter(keep), lastKey: more ? slice[slice.length - 1] : undefined, read: slice.length };
  };
  return { fetch, requests: () => requests };
};

const readAll = async (
  partitions: string[][],
  options: { descending?: boolean; pageSize: number; keep?: (key: string) => boolean; budget?: number },
) => {
  const descending = options.descending ?? false;
  const store = fakeStore(partitions, descending, options.keep);
  let positions: PartitionPosition[] | undefined = partitions.map(() => ({ exhausted: false }));
  const pages: string[][] = [];
  while (positions) {
    const page: MergedPage<string> = await readMergedPage({
      positions,
      fetch: store.fetch,
      keyOf: (key) => key,
      descending,
      pageSize: options.pageSize,
      chunkSize: 3,
      readBudget: options.budget ?? 1000,
    });
    pages.push(page.items);
    positions = page.positions;
    if (pages.length > 100) throw new Error('no progress');
  }
  return { pages, requests: store.requests() };
};

const letters = (text: string) => text.split('');

describe('readMergedPage', () => {
  it('pages through several partitions in global order, each item once', async () => {
    const partitions = [letters('adgjm'), letters('behkn'), letters('cfilo')];
    const { pages } = await readAll(partitions, { pageSize: 4 });
    expect(pages.flat().join('')).toBe('abcdefghijklmno');
    expect(pages.slice(0, -1).every((page) => page.length === 4)).toBe(true);
  });

  it('merges in descending order', async () => {
    const { pages } = await readAll([letters('ace'), letters('bdf'), []], { pageSize: 2, descending: true });
    expect(pages.flat().join('')).toBe('fedcba');
  });

  it('does not end with an empty page when the last page is exactly full', async () => {
    const { pages } = await readAll([letters('ab'), letters('cd')], { pageSize: 2 });
    expect(pages).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('applies a filter without skipping or repeating matches', async () => {
    const keep = (key: string) => 'aeiou'.includes(key);
    const { pages } = await readAll([letters('abcdefghij'), letters('klmnopqrstu')], { pageSize: 2, keep });
    expect(pages.flat().join('')).toBe('aeiou');
  });

  it('stops at the read budget with a short page and a cursor that resumes correctly', async () => {
    const keep = (key: string) => key === 'y';
    const partition = letters('abcdefghijklmnopqrstuvwxyz');
    const { pages } = await readAll([partition], { pageSize: 5, keep, budget: 6 });
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flat()).toEqual(['y']);
  });

  it('compares keys as DynamoDB does (UTF-8 bytes)', () => {
    expect(compareKeys('\uffff', '\u{1f600}')).toBeLessThan(0);
    expect('\uffff' < '\u{1f600}').toBe(false);
  });
});
