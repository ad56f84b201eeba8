/**
 * Stands in for `mnemonist/lru-cache` in the Lambda bundles (infra/lib/bundling.ts): the SDK's
 * endpoint-discovery cache (@aws-sdk/endpoint-cache) is its only user there, and needs only
 * these five methods. A Map keeps insertion order, so the least recently used key is its first.
 */
export default class SmallLruCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** The value, without counting as a use. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return this;
  }

  clear(): void {
    this.entries.clear();
  }
}
