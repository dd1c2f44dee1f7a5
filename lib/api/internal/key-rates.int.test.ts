import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/db/schema";
import { db } from "@/lib/db/pool";
import { resetEnv } from "@/lib/env";
import { uuidv7 } from "@/lib/ids";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";

const secret = "operator-secret-for-key-rate-tests";
const operator = { authorization: `Bearer ${secret}` };
const ratePath = (businessId: string, keyId: string) =>
  `/api/internal/business/${businessId}/keys/${keyId}/rate`;
const put = (path: string, json: unknown, headers: Record<string, string> = operator) =>
  api(path, { method: "PUT", headers, json });

describe("operator API: a key's rate limit", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  beforeAll(async () => {
    process.env.OPERATOR_SECRET = secret;
    resetEnv();
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
  });
  afterAll(() => {
    delete process.env.OPERATOR_SECRET;
    resetEnv();
  });

  it("GET lists the business's keys with the defaults in force", async () => {
    const res = await api(`/api/internal/business/${a.business.id}/keys`, { headers: operator });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      businessId: a.business.id,
      keys: [
        {
          id: a.keyId,
          name: "test",
          prefix: a.apiKey.slice(0, 14),
          revoked: false,
          perSecond: 1000,
          burst: 2000,
          ownPerSecond: null,
          ownBurst: null,
        },
      ],
    });
  });

  it("PUT sets a rate (burst defaults to twice it), 0 turns it off, null goes back to the default; each is audited", async () => {
    let res = await put(ratePath(a.business.id, a.keyId), { perSecond: 5 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: a.keyId, perSecond: 5, burst: 10, ownPerSecond: 5, ownBurst: null });
    res = await put(ratePath(a.business.id, a.keyId), { perSecond: 5, burst: 7 });
    expect(res.json).toMatchObject({ perSecond: 5, burst: 7, ownBurst: 7 });
    res = await put(ratePath(a.business.id, a.keyId), { perSecond: 0 });
    expect(res.json).toMatchObject({ perSecond: 0, ownPerSecond: 0 });
    res = await put(ratePath(a.business.id, a.keyId), { perSecond: null, burst: null });
    expect(res.json).toMatchObject({ perSecond: 1000, burst: 2000, ownPerSecond: null, ownBurst: null });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.businessId, a.business.id), eq(auditLog.action, "api_key.rate")));
    expect(audit.map((r) => r.data)).toEqual(
      expect.arrayContaining([
        { perSecond: 5, burst: null },
        { perSecond: 5, burst: 7 },
        { perSecond: 0, burst: null },
        { perSecond: null, burst: null },
      ]),
    );
  });

  it("PUT answers 400 with details for bad values, 404 for another business's or an unknown key, 401 without the secret", async () => {
    for (const body of [
      { perSecond: -1 },
      { perSecond: 1.5 },
      { perSecond: "fast" },
      { perSecond: 5, burst: 0 },
      {},
    ]) {
      const res = await put(ratePath(a.business.id, a.keyId), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe("invalid_request");
      expect(res.json.error.details[0].path).toMatch(/perSecond|burst/);
    }
    const foreign = await put(ratePath(b.business.id, a.keyId), { perSecond: 5 });
    expect(foreign.status).toBe(404);
    expect((await put(ratePath(a.business.id, uuidv7()), { perSecond: 5 })).status).toBe(404);
    expect((await put(ratePath(a.business.id, "not-a-uuid"), { perSecond: 5 })).status).toBe(400);
    expect(
      (await put(ratePath(a.business.id, a.keyId), { perSecond: 5 }, { "x-api-key": a.apiKey })).status,
    ).toBe(401);
    const unknownBusiness = await api(`/api/internal/business/${uuidv7()}/keys`, { headers: operator });
    expect(unknownBusiness.status).toBe(404);
  });

  it("a key set to 1/s with a burst of 1 is limited at once on this instance", async () => {
    await put(ratePath(b.business.id, b.keyId), { perSecond: 1, burst: 1 });
    const whoami = () => api("/api/v3/whoami", { headers: { "x-api-key": b.apiKey } });
    const statuses = [(await whoami()).status, (await whoami()).status];
    expect(statuses).toContain(429);
  });
});
