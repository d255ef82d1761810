import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../src/bounded-cache.js';

describe('BoundedCache', () => {
  it('keeps at most its limit, emptying itself when a new key arrives full', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    expect(cache.size).toBe(2);
    cache.set('c', 4);
    expect(cache.size).toBe(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(4);
  });

  it('computes once per key, undefined values included', () => {
    const cache = new BoundedCache<string, number | undefined>(10);
    let calls = 0;
    const compute = () => {
      calls++;
      return undefined;
    };
    cache.getOrCompute('x', compute);
    cache.getOrCompute('x', compute);
    expect(calls).toBe(1);
  });

  it('refuses a limit that is not positive', () => {
    expect(() => new BoundedCache(0)).toThrow(RangeError);
  });
});
