import { beforeAll, describe, expect, it } from "vitest";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { systemCtx } from "../context";
import { createApiKey } from "./create-api-key";
import { KeyRateLimiter, leaseSize, type EffectiveRate } from "./key-rate-limiter";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Two limiters are two instances: nothing shared but the database. `workers` concurrent
 * callers per instance take tokens as fast as they can until `until`.
 */
async function hammer(
  limiter: KeyRateLimiter,
  keyId: string,
  rate: EffectiveRate,
  until: number,
  workers = 8,
) {
  let granted = 0;
  let refused = 0;
  let lastGrant = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < until) {
        if ((await limiter.take(keyId, rate)) === null) {
          granted++;
          lastGrant = Date.now();
        } else {
          refused++;
          await sleep(5);
        }
      }
    }),
  );
  return { granted, refused, lastGrant };
}

describe("KeyRateLimiter across instances", () => {
  let t: TestBusiness;
  beforeAll(async () => {
    t = await createTestBusiness();
  });

  it("two instances together stay within burst + rate x time + one lease per instance", async () => {
    const { id } = await createApiKey(systemCtx("test"), { businessId: t.business.id, name: "shared" });
    const rate = { perSecond: 100, burst: 100 };
    const lease = leaseSize(rate);
    expect(lease).toBe(5);
    const [a, b] = [new KeyRateLimiter(), new KeyRateLimiter()];
    const started = Date.now();
    const until = started + 1500;
    const [ra, rb] = await Promise.all([hammer(a, id, rate, until), hammer(b, id, rate, until)]);
    const seconds = (Math.max(ra.lastGrant, rb.lastGrant) - started) / 1000;
    const total = ra.granted + rb.granted;
    // The documented bound (docs/decisions/api-rate-limit.md): N instances overshoot by at most N leases.
    expect(total).toBeLessThanOrEqual(rate.burst + Math.ceil(rate.perSecond * seconds) + 2 * lease);
    // And the limit is a limit, not a wall: both got tokens, and far more than the burst.
    expect(ra.granted).toBeGreaterThan(0);
    expect(rb.granted).toBeGreaterThan(0);
    expect(total).toBeGreaterThan(rate.burst);
    expect(ra.refused + rb.refused).toBeGreaterThan(0);
  });

  it("a refused instance answers from memory until the next token is due, then leases again", async () => {
    const { id } = await createApiKey(systemCtx("test"), { businessId: t.business.id, name: "blocked" });
    let leases = 0;
    const limiter = new KeyRateLimiter(async (input) => {
      leases++;
      const { leaseRateTokens } = await import("./lease-rate-tokens");
      const { db } = await import("../db/pool");
      return leaseRateTokens(db(), input);
    });
    const rate = { perSecond: 2, burst: 1 };
    expect(await limiter.take(id, rate)).toBeNull();
    expect(await limiter.take(id, rate)).toBe(1);
    const before = leases;
    for (let i = 0; i < 50; i++) expect(await limiter.take(id, rate)).toBe(1);
    expect(leases).toBe(before);
    await sleep(600);
    expect(await limiter.take(id, rate)).toBeNull();
  });
});
