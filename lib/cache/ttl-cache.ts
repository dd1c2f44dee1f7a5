import { env } from "../env";

/** Milliseconds the hot send path may reuse a channel or template lookup (MESSAGES_CACHE_MS, default 2000; 0 turns it off). */
export function cacheMs(): number {
  return env().MESSAGES_CACHE_MS;
}

/**
 * A small per-process cache for lookups the send path repeats on every request (the channel
 * row, the template). Only successful lookups are kept, so a newly approved template or a newly
 * enabled channel works at once; a revocation takes at most the TTL (docs/messaging.md).
 */
export function ttlCache<V>(limit = 5_000) {
  const map = new Map<string, { value: V; expires: number }>();
  return {
    async get(key: string, load: () => Promise<V>): Promise<V> {
      const ttl = cacheMs();
      const now = Date.now();
      const hit = map.get(key);
      if (hit && hit.expires > now) return hit.value;
      const value = await load();
      if (ttl > 0) {
        if (map.size >= limit) map.clear();
        map.set(key, { value, expires: now + ttl });
      }
      return value;
    },
    clear: () => map.clear(),
  };
}
