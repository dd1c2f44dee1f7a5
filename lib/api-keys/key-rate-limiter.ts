import { db } from "../db/pool";
import { leaseRateTokens, type RateLease } from "./lease-rate-tokens";

/** A key's limit in force: `perSecond` 0 means no limit. */
export type EffectiveRate = { perSecond: number; burst: number };

/**
 * The operator's per-key setting over the server's defaults: a key without its own rate gets
 * API_RATE_LIMIT / API_RATE_BURST; a key with its own rate and no burst may burst to twice it.
 */
export function effectiveRate(
  key: { rateLimit: number | null; rateBurst: number | null },
  defaults: { API_RATE_LIMIT: number; API_RATE_BURST: number },
): EffectiveRate {
  const perSecond = key.rateLimit ?? defaults.API_RATE_LIMIT;
  const burst = key.rateBurst ?? (key.rateLimit === null ? defaults.API_RATE_BURST : 2 * perSecond);
  return { perSecond, burst: Math.max(1, burst) };
}

/** Share of a second's tokens one instance leases at a time (see leaseSize). */
export const LEASE_FRACTION = 0.05;
/** Leased tokens not spent within this time are dropped, so a lease never outlives a rate change for long. */
export const LEASE_TTL_MS = 1000;

/**
 * Tokens an instance takes from the shared bucket per database round trip: 5% of the rate
 * (50 at the default 1,000/s), at least 1, at most the burst. At full speed that is about 20
 * round trips a second per key and instance instead of one per request, and N instances
 * together can exceed the bucket by at most N leases (docs/decisions/api-rate-limit.md).
 */
export function leaseSize(rate: EffectiveRate): number {
  return Math.max(1, Math.min(rate.burst, Math.ceil(rate.perSecond * LEASE_FRACTION)));
}

type LocalBucket = {
  /** Leased tokens this instance may still spend. */
  tokens: number;
  /** When they lapse (ms). */
  expires: number;
  /** The shared bucket was empty: answer 429 here, without a round trip, until then (ms). */
  blockedUntil: number;
  /** The lease in flight: concurrent requests of the key wait for it instead of each leasing. */
  pending?: Promise<void>;
};

type Lease = (input: { keyId: string; rate: number; burst: number; want: number }) => Promise<RateLease>;

/**
 * One instance's side of the per-key rate limit (docs/architecture.md rule 12): the bucket lives in the
 * database and is shared by every instance; this spends leased batches of it locally so the
 * hot path does not pay a round trip per request.
 */
export class KeyRateLimiter {
  private readonly buckets = new Map<string, LocalBucket>();

  constructor(
    private readonly lease: Lease = (input) => leaseRateTokens(db(), input),
    /** Keys remembered at once; beyond it the oldest goes (its unspent lease is lost: errs strict). */
    private readonly maxKeys = 10_000,
  ) {}

  /** Takes one request's token: null when it may proceed, else the seconds until a token is due. */
  async take(keyId: string, rate: EffectiveRate): Promise<number | null> {
    const bucket = this.bucketOf(keyId);
    for (;;) {
      const now = Date.now();
      if (bucket.tokens > 0 && bucket.expires > now) {
        bucket.tokens -= 1;
        return null;
      }
      if (bucket.blockedUntil > now) return Math.max(1, Math.ceil((bucket.blockedUntil - now) / 1000));
      bucket.pending ??= this.refill(keyId, bucket, rate).finally(() => {
        bucket.pending = undefined;
      });
      await bucket.pending;
    }
  }

  private async refill(keyId: string, bucket: LocalBucket, rate: EffectiveRate): Promise<void> {
    const { granted, left } = await this.lease({
      keyId,
      rate: rate.perSecond,
      burst: rate.burst,
      want: leaseSize(rate),
    });
    const now = Date.now();
    bucket.tokens = granted;
    bucket.expires = now + LEASE_TTL_MS;
    // Empty: the next whole token is (1 - left) / rate seconds away.
    if (granted === 0)
      bucket.blockedUntil = now + Math.max(1, Math.ceil(((1 - left) / rate.perSecond) * 1000));
  }

  private bucketOf(keyId: string): LocalBucket {
    let bucket = this.buckets.get(keyId);
    if (!bucket) {
      if (this.buckets.size >= this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
      bucket = { tokens: 0, expires: 0, blockedUntil: 0 };
      this.buckets.set(keyId, bucket);
    }
    return bucket;
  }
}

/** This process's limiter, used by the API-key middleware. */
export const keyRateLimiter = new KeyRateLimiter();
