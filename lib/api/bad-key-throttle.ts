type Window = { failures: number; ends: number };

/**
 * Slows an address that keeps presenting invalid API keys: after `limit` failures within a
 * window it is refused until the window ends. Per process, unlike the per-key rate limit: it
 * protects this instance's database lookups, not a third party, so N instances allowing N x
 * limit guesses a window is acceptable (docs/decisions/api-rate-limit.md). Memory is bounded:
 * at most `maxAddresses` windows, the oldest dropped first.
 */
export class BadKeyThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly settings: () => { limit: number; windowMs: number },
    private readonly maxAddresses = 10_000,
  ) {}

  /** Seconds the address must wait before presenting another unknown key, or null. */
  blockedFor(address: string, now = Date.now()): number | null {
    const { limit } = this.settings();
    const w = this.windows.get(address);
    if (limit === 0 || !w || w.ends <= now || w.failures < limit) return null;
    return Math.max(1, Math.ceil((w.ends - now) / 1000));
  }

  /** Counts an invalid key presented from the address. */
  fail(address: string, now = Date.now()): void {
    const { limit, windowMs } = this.settings();
    if (limit === 0) return;
    const w = this.windows.get(address);
    if (w && w.ends > now) {
      w.failures += 1;
      return;
    }
    this.windows.delete(address);
    if (this.windows.size >= this.maxAddresses) this.evict(now);
    this.windows.set(address, { failures: 1, ends: now + windowMs });
  }

  /**
   * Windows sit in the map in the order they opened, so the first ones end first: drop lapsed
   * ones from the front, and the oldest live one when still full.
   */
  private evict(now: number): void {
    for (const [address, w] of this.windows) {
      if (this.windows.size < this.maxAddresses && w.ends > now) break;
      this.windows.delete(address);
    }
  }

  get size(): number {
    return this.windows.size;
  }
}
