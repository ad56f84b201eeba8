import { describe, expect, it } from 'vitest';

import SmallLruCache from './small-lru-cache';

describe('the LRU cache the Lambda bundles use for endpoint discovery', () => {
  it('forgets the least recently used key past its capacity; peek does not count as a use', () => {
    const cache = new SmallLruCache<string, number>(2);
    cache.set('a', 1).set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.has('b')).toBe(false);
    expect([cache.peek('a'), cache.peek('c')]).toEqual([1, 3]);
    cache.peek('a');
    cache.set('d', 4);
    expect(cache.has('a')).toBe(false);
    expect(cache.get('c')).toBe(3);
    cache.clear();
    expect(cache.has('c')).toBe(false);
  });
});
