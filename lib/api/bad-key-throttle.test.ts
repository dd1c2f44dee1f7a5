import { describe, expect, it } from "vitest";
import { effectiveRate, leaseSize } from "@/lib/api-keys/key-rate-limiter";
import { BadKeyThrottle } from "./bad-key-throttle";

describe("BadKeyThrottle", () => {
  const settings = { limit: 3, windowMs: 10_000 };

  it("refuses an address after `limit` failures until its window ends", () => {
    const t = new BadKeyThrottle(() => settings);
    for (let i = 0; i < 2; i++) t.fail("a", 1000);
    expect(t.blockedFor("a", 1000)).toBeNull();
    t.fail("a", 1000);
    expect(t.blockedFor("a", 1000)).toBe(10);
    expect(t.blockedFor("a", 9_500)).toBe(2);
    expect(t.blockedFor("b", 1000)).toBeNull();
    expect(t.blockedFor("a", 11_000)).toBeNull();
    t.fail("a", 11_000); // a new window starts from one failure
    expect(t.blockedFor("a", 11_000)).toBeNull();
  });

  it("keeps at most maxAddresses windows, lapsed ones first, then the oldest", () => {
    const t = new BadKeyThrottle(() => settings, 100);
    for (let i = 0; i < 10_000; i++) t.fail(`10.0.${i >> 8}.${i & 255}`, i);
    expect(t.size).toBe(100);
    for (let i = 0; i < 3; i++) t.fail("newest", 10_000);
    expect(t.blockedFor("newest", 10_000)).not.toBeNull();
  });

  it("limit 0 turns it off", () => {
    const t = new BadKeyThrottle(() => ({ limit: 0, windowMs: 1000 }));
    for (let i = 0; i < 100; i++) t.fail("a");
    expect(t.blockedFor("a")).toBeNull();
    expect(t.size).toBe(0);
  });
});

describe("effectiveRate and leaseSize", () => {
  const defaults = { API_RATE_LIMIT: 1000, API_RATE_BURST: 2000 };
  it("takes the key's own setting over the defaults", () => {
    expect(effectiveRate({ rateLimit: null, rateBurst: null }, defaults)).toEqual({
      perSecond: 1000,
      burst: 2000,
    });
    expect(effectiveRate({ rateLimit: 50, rateBurst: null }, defaults)).toEqual({
      perSecond: 50,
      burst: 100,
    });
    expect(effectiveRate({ rateLimit: 50, rateBurst: 60 }, defaults)).toEqual({ perSecond: 50, burst: 60 });
    expect(effectiveRate({ rateLimit: null, rateBurst: 10 }, defaults)).toEqual({
      perSecond: 1000,
      burst: 10,
    });
    expect(effectiveRate({ rateLimit: 0, rateBurst: null }, defaults).perSecond).toBe(0);
  });
  it("leases 5% of the rate, at least 1, at most the burst", () => {
    expect(leaseSize({ perSecond: 1000, burst: 2000 })).toBe(50);
    expect(leaseSize({ perSecond: 5, burst: 5 })).toBe(1);
    expect(leaseSize({ perSecond: 1000, burst: 10 })).toBe(10);
  });
});
