import { and, eq, isNull, sql } from "drizzle-orm";
import { apiKeys, businesses } from "@/db/schema";
import { db } from "../db/pool";
import { log } from "../log";
import { hashApiKey, KEY_PREFIX } from "./key-material";
import { env } from "../env";
import { runtimeSlot } from "../runtime";

export type VerifiedKey = {
  keyId: string;
  businessId: string;
  /** The operator's per-key rate and burst (null: the defaults; docs/decisions/api-rate-limit.md). */
  rateLimit: number | null;
  rateBurst: number | null;
};

type Entry = { value: VerifiedKey | null; expires: number };
declare module "../runtime" {
  interface Runtime {
    /**
     * Verified keys, one cache per process: the Next.js bundle (dashboard revoke) and the Hono
     * app (API) load separate copies of this module, and forgetVerifiedKey must clear the cache
     * the API reads, or a key revoked in the dashboard keeps working for the cache TTL.
     */
    keyCache: Map<string, Entry>;
    /** When each key's last_used_at was last written. */
    keyTouched: Map<string, number>;
  }
}
const cache = runtimeSlot("keyCache", () => new Map());
const CACHE_LIMIT = 10_000;
const lastTouched = runtimeSlot("keyTouched", () => new Map());
const TOUCH_EVERY_MS = 60_000;

function cacheTtlMs(): number {
  return env().API_KEY_CACHE_SECONDS * 1000;
}

/**
 * Resolves a presented key to its business, or null when unknown, revoked or the business is
 * disabled. Verified keys are remembered for API_KEY_CACHE_SECONDS (default 5) so the hot send
 * path does not pay a query per request; a revocation is immediate on the instance that made
 * it and takes at most that long elsewhere. last_used_at is written at most once a minute.
 */
export async function verifyApiKey(key: string): Promise<VerifiedKey | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 100) return null;
  const hash = hashApiKey(key);
  const now = Date.now();
  const hit = cache.get(hash);
  if (hit && hit.expires > now) return touch(hit.value, now);

  const [row] = await db()
    .select({
      keyId: apiKeys.id,
      businessId: apiKeys.businessId,
      rateLimit: apiKeys.rateLimit,
      rateBurst: apiKeys.rateBurst,
    })
    .from(apiKeys)
    .innerJoin(businesses, eq(businesses.id, apiKeys.businessId))
    .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt), eq(businesses.enabled, true)));
  const value = row ?? null;
  const ttl = cacheTtlMs();
  if (ttl > 0) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(hash, { value, expires: now + ttl });
  }
  return touch(value, now);
}

function touch(value: VerifiedKey | null, now: number): VerifiedKey | null {
  if (!value) return null;
  const last = lastTouched.get(value.keyId) ?? 0;
  if (now - last >= TOUCH_EVERY_MS) {
    lastTouched.set(value.keyId, now);
    db()
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiKeys.id, value.keyId))
      .catch((err: unknown) => log.warn({ err }, "could not record API key use"));
  }
  return value;
}

/**
 * Whether this instance has verified the key as valid before (the entry may have expired): a
 * client whose address is being slowed for presenting bad keys still gets through with a key
 * it has used successfully, so one guesser behind a shared NAT does not lock out its neighbours.
 * Only a shortcut past the throttle: the key is still verified as usual.
 */
export function isKnownGoodKey(key: string): boolean {
  if (!key.startsWith(KEY_PREFIX) || key.length > 100) return false;
  return Boolean(cache.get(hashApiKey(key))?.value);
}

/** Drops a key from this instance's cache (on revoke, or when a business is disabled). */
export function forgetVerifiedKey(hash?: string): void {
  if (hash) cache.delete(hash);
  else cache.clear();
}
