import { describe, expect, it } from 'vitest';
import { createSizedCache } from './sized-cache.ts';

describe('createSizedCache', () => {
  it('keeps values until their total size passes the bound, then drops the least recently used', () => {
    const cache = createSizedCache<string, string | null>(10, (key, value) => key.length + (value?.length ?? 0));
    cache.set('a', 'aaaa');
    cache.set('b', null);
    cache.set('c', 'ccc');
    expect(cache.get('a')).toBe('aaaa');
    cache.set('d', 'dd');
    // a (5), c (4), d (3) are 12: b, the least recently used, and then c go.
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
    expect(cache.get('d')).toBe('dd');
  });

  it('counts a key set again once, at its new size', () => {
    const cache = createSizedCache<string, string>(6, (key, value) => value.length);
    cache.set('a', 'xxxxx');
    cache.set('a', 'x');
    cache.set('b', 'yyyyy');
    expect(cache.get('a')).toBe('x');
    expect(cache.get('b')).toBe('yyyyy');
  });
});
