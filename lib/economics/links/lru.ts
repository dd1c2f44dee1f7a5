/**
 * A least-recently-used map of at most `max` entries (a Map keeps insertion order: a read
 * moves its key to the end, a write past the bound drops the first). Entries may expire.
 */
export function lru<V>(max: number, ttlMs = Infinity) {
  const map = new Map<string, { value: V; expires: number }>();
  return {
    get(key: string): V | undefined {
      const hit = map.get(key);
      if (!hit) return undefined;
      map.delete(key);
      if (hit.expires <= Date.now()) return undefined;
      map.set(key, hit);
      return hit.value;
    },
    set(key: string, value: V): void {
      map.delete(key);
      map.set(key, { value, expires: ttlMs === Infinity ? Infinity : Date.now() + ttlMs });
      if (map.size > max) map.delete(map.keys().next().value as string);
    },
    get size(): number {
      return map.size;
    },
    clear: (): void => map.clear(),
  };
}
