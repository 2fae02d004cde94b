/**
 * A least-recently-used cache bounded by the total size of what it holds (in characters, say), for
 * results that cost more to make than to keep and are read far more often than made.
 */
export function createSizedCache<K, V>(maxSize: number, sizeOf: (key: K, value: V) => number) {
  // Insertion order is use order (a hit is moved to the end), so the first key is the least recently used.
  const entries = new Map<K, { value: V; size: number }>();
  let total = 0;
  const remove = (key: K) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.size;
  };
  return {
    /** The value kept for `key`, now the most recently used; undefined when none is. */
    get(key: K): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    /** Keeps `value` for `key`, dropping the least recently used until the total fits again. */
    set(key: K, value: V): void {
      remove(key);
      const size = sizeOf(key, value);
      entries.set(key, { value, size });
      total += size;
      for (const [oldest] of entries) {
        if (total <= maxSize) break;
        remove(oldest);
      }
    },
  };
}
