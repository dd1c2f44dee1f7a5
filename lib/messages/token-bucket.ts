const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A token bucket per sender (phoneNumberId / RCS agent): `rate` tokens a second, bursts up to
 * one second's worth. Waiters are served in order. `pause` stops it after a provider throttle
 * (Meta 130429) so every dispatch job of that sender backs off together.
 */
export class TokenBucket {
  private tokens: number;
  private last = Date.now();
  private pausedUntil = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(public rate: number) {
    this.tokens = rate;
  }

  /** Resolves when `n` tokens (n <= rate) have been taken. */
  acquire(n: number): Promise<void> {
    const next = this.chain.then(() => this.take(Math.min(n, this.rate)));
    this.chain = next.catch(() => undefined);
    return next;
  }

  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms);
    this.tokens = 0;
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.rate, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
  }

  private async take(n: number): Promise<void> {
    for (;;) {
      const now = Date.now();
      if (now < this.pausedUntil) {
        await sleep(this.pausedUntil - now);
        this.last = Date.now();
        continue;
      }
      this.refill(now);
      if (this.tokens >= n) {
        this.tokens -= n;
        return;
      }
      await sleep(Math.max(1, Math.ceil(((n - this.tokens) / this.rate) * 1000)));
    }
  }
}

const g = globalThis as unknown as { __sbBuckets?: Map<string, TokenBucket> };
const buckets = (g.__sbBuckets ??= new Map());

/** The process's bucket for a sender, its rate updated when the configured limit changed. */
export function bucketFor(key: string, rate: number): TokenBucket {
  let b = buckets.get(key);
  if (!b) {
    b = new TokenBucket(rate);
    buckets.set(key, b);
  } else if (b.rate !== rate) {
    b.rate = rate;
  }
  return b;
}
