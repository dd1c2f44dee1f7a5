import { db } from "../../db/pool";
import {
  holdTokens,
  leaseTokens,
  type LeaseInput,
  type RateLease,
  type TokenTable,
} from "../../rate/lease-tokens";
import { runtimeSlot } from "../../runtime";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A sender's limit is keyed by business, channel and id: a chatapp number and an RCS agent may share an id. */
export type SenderKey = { businessId: string; channel: "chatapp" | "rcs"; sender: string };

const senderBuckets: TokenTable = {
  table: "sender_rate_buckets",
  keyColumns: ["business_id", "channel", "sender"],
};
const keyOf = (k: SenderKey) => [k.businessId, k.channel, k.sender];

/** Share of a second's tokens one process leases per round trip (see senderLeaseSize). */
export const SENDER_LEASE_FRACTION = 0.025;
/** Leased tokens not spent within this time lapse, so a lease never outlives a rate change or a throttle for long. */
export const SENDER_LEASE_TTL_MS = 1000;

/**
 * Tokens a process takes from the sender's shared bucket per database round trip, and the
 * dispatcher's step (messages sent at once): 2.5% of the rate (25 at 1,000/s, 2 at 50/s), at
 * least 1. At full speed that is about 40 round trips a second per sender and process (one
 * HOT update each), and every second of a long send lands within a few percent of the limit
 * (leases of 10% made single seconds swing +-10%: bench/results-archive/2026.md); N processes together
 * exceed rate x time + burst by at most N leases (docs/decisions/sender-limit-across-processes.md).
 */
export function senderLeaseSize(rate: number): number {
  return Math.max(1, Math.min(rate, Math.ceil(rate * SENDER_LEASE_FRACTION)));
}

export type SenderTokenStore = {
  lease: (key: SenderKey, input: LeaseInput) => Promise<RateLease>;
  hold: (key: SenderKey, ms: number) => Promise<void>;
};

const dbStore: SenderTokenStore = {
  lease: (key, input) => leaseTokens(db(), senderBuckets, keyOf(key), input),
  hold: (key, ms) => holdTokens(db(), senderBuckets, keyOf(key), ms),
};

/**
 * One process's side of a sender's dispatch limit (docs/architecture.md rule 12): the bucket (`rate`
 * tokens a second, bursts up to one second's worth) lives in sender_rate_buckets and is shared
 * by every worker process and instance; this spends leased batches of it and, unlike the API's
 * limiter, waits for tokens instead of refusing. Waiters of one process are served in order.
 */
export class SenderTokens {
  private tokens = 0;
  private expires = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly key: SenderKey,
    public rate: number,
    private readonly store: SenderTokenStore = dbStore,
  ) {}

  /** Resolves when `n` tokens (n <= rate) have been taken. */
  acquire(n: number): Promise<void> {
    const next = this.chain.then(() => this.take(Math.min(n, this.rate)));
    this.chain = next.catch(() => undefined);
    return next;
  }

  /**
   * After a provider throttle (Meta 130429): drops this process's leased tokens and holds the
   * shared bucket for `ms`, so every process and instance sending for the sender backs off.
   */
  async pause(ms: number): Promise<void> {
    this.tokens = 0;
    await this.store.hold(this.key, ms);
  }

  private async take(n: number): Promise<void> {
    let need = n;
    for (;;) {
      if (this.tokens > 0 && this.expires > Date.now()) {
        const spent = Math.min(need, this.tokens);
        this.tokens -= spent;
        need -= spent;
        if (need === 0) return;
      }
      const want = Math.max(need, senderLeaseSize(this.rate));
      const { granted, left, heldMs } = await this.store.lease(this.key, {
        rate: this.rate,
        burst: this.rate,
        want,
      });
      this.tokens = granted;
      this.expires = Date.now() + SENDER_LEASE_TTL_MS;
      // Empty (or held): sleep until a whole lease has refilled, rather than polling per token.
      if (granted === 0) await sleep(heldMs + Math.max(1, Math.ceil(((want - left) / this.rate) * 1000)));
    }
  }
}

declare module "../../runtime" {
  interface Runtime {
    /** This process's side of each sender's shared token bucket, by business, channel and sender. */
    senderTokens: Map<string, SenderTokens>;
  }
}
const all = runtimeSlot("senderTokens", () => new Map());

/** The process's side of a sender's shared bucket, its rate updated when the configured limit changed. */
export function senderTokensFor(key: SenderKey, rate: number): SenderTokens {
  const id = `${key.businessId}|${key.channel}|${key.sender}`;
  let b = all.get(id);
  if (!b) {
    b = new SenderTokens(key, rate);
    all.set(id, b);
  } else if (b.rate !== rate) {
    b.rate = rate;
  }
  return b;
}
