import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { setApiKeyRate } from "@/lib/api-keys/set-api-key-rate";
import { systemCtx } from "@/lib/context";
import { resetEnv } from "@/lib/env";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { createApiApp } from "./app";

// The per-key rate limit (shared bucket in the database) and the invalid-key throttle per
// client address, through the API in process. docs/decisions/api-rate-limit.md.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const whoami = (key: string) => api("/api/v3/whoami", { headers: { "x-api-key": key } });

/** A fresh key of the business with the given own limit (undefined: the defaults). */
async function keyWith(t: TestBusiness, perSecond?: number | null, burst?: number | null) {
  const ctx = systemCtx("test");
  const k = await createApiKey(ctx, { businessId: t.business.id, name: "rate test" });
  if (perSecond !== undefined) {
    await setApiKeyRate(ctx, { businessId: t.business.id, keyId: k.id, perSecond, burst: burst ?? null });
  }
  return k.key;
}

/**
 * Sends requests until the first 429 (at most `max`); `bound` is what the limit allows: the
 * burst plus what the rate refilled while they ran (a loaded test machine can be slow).
 */
async function untilLimited(key: string, rate: number, burst: number, max = 100) {
  const started = Date.now();
  let ok = 0;
  let res = await whoami(key);
  while (res.status === 200 && ok < max) {
    ok++;
    res = await whoami(key);
  }
  return { ok, res, bound: burst + Math.floor(((Date.now() - started) / 1000) * rate) };
}

function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnv();
}

describe("per-key rate limit", () => {
  let t: TestBusiness;
  beforeAll(async () => {
    t = await createTestBusiness();
  });
  afterEach(() => setEnv({ API_RATE_LIMIT: undefined, API_RATE_BURST: undefined }));

  it("a key at 5/s with a burst of 5 gets 429, Retry-After and the error shape on the 6th quick request, then recovers", async () => {
    const key = await keyWith(t, 5, 5);
    // Quick means within 200 ms (one token's refill): on a loaded machine the requests may take
    // longer, and every 200 ms since the first one rightly earns one more.
    const { ok, res, bound } = await untilLimited(key, 5, 5);
    expect(ok).toBeGreaterThanOrEqual(5);
    expect(ok).toBeLessThanOrEqual(bound);
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
    expect(res.json).toEqual({
      error: {
        code: "rate_limited",
        message: expect.stringMatching(/5 requests\/s, bursts of 5\): retry in \d+ s/),
        details: [{ path: "apiKey", message: expect.any(String) }],
        requestId: res.headers.get("x-request-id"),
      },
    });
    // Recovers within Retry-After: asked again until it does (a refused request takes no token),
    // at most for that long.
    const until = Date.now() + retryAfter * 1000;
    let again = await whoami(key);
    while (again.status === 429 && Date.now() < until) {
      await sleep(50);
      again = await whoami(key);
    }
    expect(again.status).toBe(200);
  });

  it("keys without their own limit get API_RATE_LIMIT / API_RATE_BURST; each key has its own bucket", async () => {
    setEnv({ API_RATE_LIMIT: "3", API_RATE_BURST: "3" });
    const [one, two] = [await keyWith(t), await keyWith(t)];
    const first = await untilLimited(one, 3, 3);
    expect(first.ok).toBeGreaterThanOrEqual(3);
    expect(first.ok).toBeLessThanOrEqual(first.bound);
    expect(first.res.status).toBe(429);
    expect((await whoami(two)).status).toBe(200);
  });

  it("0 turns it off: API_RATE_LIMIT=0 for keys on the default, a key's own 0 whatever the default", async () => {
    setEnv({ API_RATE_LIMIT: "0", API_RATE_BURST: "1" });
    const onDefault = await keyWith(t);
    for (let i = 0; i < 20; i++) expect((await whoami(onDefault)).status).toBe(200);

    setEnv({ API_RATE_LIMIT: "2", API_RATE_BURST: "2" });
    const off = await keyWith(t, 0);
    for (let i = 0; i < 20; i++) expect((await whoami(off)).status).toBe(200);
    const limited = await untilLimited(await keyWith(t), 2, 2);
    expect(limited.res.status).toBe(429);
    expect(limited.ok).toBeLessThanOrEqual(limited.bound);
  });

  it("an operator change applies at once on this instance, a lower rate caps what the bucket held", async () => {
    const ctx = systemCtx("test");
    const k = await createApiKey(ctx, { businessId: t.business.id, name: "rate change" });
    expect((await whoami(k.key)).status).toBe(200); // full default bucket (2,000) in the database
    await setApiKeyRate(ctx, { businessId: t.business.id, keyId: k.id, perSecond: 2, burst: 2 });
    // This instance may still spend the rest of its last lease (50 at 1,000/s), then the
    // database bucket holds at most the new burst, not the 1,999 left of the old one.
    const after = await untilLimited(k.key, 2, 2);
    expect(after.res.status).toBe(429);
    expect(after.ok).toBeLessThanOrEqual(49 + after.bound);
  });
});

describe("invalid keys from one address", () => {
  // An in-process request has no socket: hand the app one, as @hono/node-server does.
  const app = createApiApp();
  const from = async (address: string, key: string, headers: Record<string, string> = {}) => {
    const res = await app.request(
      "/api/v3/whoami",
      { headers: { "x-api-key": key, ...headers } },
      { incoming: { socket: { remoteAddress: address } } },
    );
    return { status: res.status, headers: res.headers, json: (await res.json()) as any };
  };
  const bad = (i: number) => `sb_live_${"x".repeat(31)}${i % 10}`;
  let t: TestBusiness;
  beforeAll(async () => {
    t = await createTestBusiness();
    setEnv({ API_BAD_KEY_LIMIT: "10", API_BAD_KEY_WINDOW_SECONDS: "2" });
  });
  afterAll(() =>
    setEnv({ API_BAD_KEY_LIMIT: undefined, API_BAD_KEY_WINDOW_SECONDS: undefined, TRUST_PROXY: undefined }),
  );

  it("after 10 invalid keys the address gets 429 with Retry-After, others do not, and it recovers after the window", async () => {
    expect((await from("203.0.113.7", t.apiKey)).status).toBe(200); // a key this instance knows is good
    for (let i = 0; i < 10; i++) expect((await from("203.0.113.7", bad(i))).status).toBe(401);
    const res = await from("203.0.113.7", bad(10));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(res.json.error).toMatchObject({
      code: "rate_limited",
      message: expect.stringMatching(/Too many invalid API keys from your address: retry in \d+ s/),
      details: [{ path: "apiKey", message: expect.any(String) }],
    });
    expect(res.json.error.requestId).toBeTruthy();
    // A key never verified here is refused without a lookup; the known good one still works.
    const fresh = await createApiKey(systemCtx("test"), { businessId: t.business.id, name: "fresh" });
    expect((await from("203.0.113.7", fresh.key)).status).toBe(429);
    expect((await from("203.0.113.7", t.apiKey)).status).toBe(200);
    expect((await from("198.51.100.9", bad(1))).status).toBe(401);

    await sleep(Number(res.headers.get("retry-after")) * 1000 + 50);
    expect((await from("203.0.113.7", bad(1))).status).toBe(401);
    expect((await from("203.0.113.7", fresh.key)).status).toBe(200);
  });

  it("behind a proxy (TRUST_PROXY) the last X-Forwarded-For entry is the address, not the socket", async () => {
    setEnv({ TRUST_PROXY: "true" });
    const via = (client: string) => ({ "x-forwarded-for": `1.2.3.4, ${client}` });
    for (let i = 0; i < 10; i++) await from("10.0.0.1", bad(i), via("192.0.2.50"));
    expect((await from("10.0.0.1", bad(0), via("192.0.2.50"))).status).toBe(429);
    // Same proxy socket, same forged first entry, another client: not slowed.
    expect((await from("10.0.0.1", bad(0), via("192.0.2.51"))).status).toBe(401);
  });
});
