/**
 * A memo with a size bound: a Map that is emptied when it is full. Cheaper than
 * an LRU on hot paths (no reordering on reads); the values it holds are always
 * recomputable, so losing them all at once only costs time.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly limit: number) {
    if (!(limit > 0)) throw new RangeError('BoundedCache needs a positive limit');
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): V {
    if (this.entries.size >= this.limit && !this.entries.has(key)) this.entries.clear();
    this.entries.set(key, value);
    return value;
  }

  /** The cached value, or `compute(key)` stored and returned. */
  getOrCompute(key: K, compute: (key: K) => V): V {
    const hit = this.entries.get(key);
    if (hit !== undefined || this.entries.has(key)) return hit as V;
    return this.set(key, compute(key));
  }

  clear(): void {
    this.entries.clear();
  }
}
