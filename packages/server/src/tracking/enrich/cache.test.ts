import { describe, expect, it } from 'vitest';
import { RecentCache } from './cache.ts';

describe('RecentCache', () => {
  it('never holds more than its capacity', () => {
    const cache = new RecentCache<number, number>(100);
    for (let key = 0; key < 1000; key++) {
      cache.set(key, key);
      expect(cache.size).toBeLessThanOrEqual(100);
    }
    expect(cache.get(999)).toBe(999);
    expect(cache.get(0)).toBeUndefined();
  });

  it('keeps an entry that keeps being used while newer ones come and go', () => {
    const cache = new RecentCache<string, string>(10);
    cache.set('hot', 'value');
    for (let key = 0; key < 100; key++) {
      cache.set(`cold-${key}`, 'x');
      expect(cache.get('hot')).toBe('value');
    }
  });

  it('replaces a value set again and forgets everything on clear', () => {
    const cache = new RecentCache<string, number>(4);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    cache.set('a', 4);
    expect(cache.get('a')).toBe(4);
    expect(cache.size).toBe(3);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get('a')).toBeUndefined();
  });
});
