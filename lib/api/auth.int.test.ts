import { beforeAll, describe, expect, it } from "vitest";
import { revokeApiKey } from "../api-keys/revoke-api-key";
import { setBusinessEnabled } from "../businesses/set-business-enabled";
import { systemCtx } from "../context";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";

const path = (id: string) => `/api/v3/business/${id}/channels`;

describe("API key authentication", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
  });

  it("accepts the key as x-api-key header", async () => {
    const res = await api(path(a.business.id), { headers: { "x-api-key": a.apiKey } });
    expect(res.status).toBe(200);
    expect(res.json.businessId).toBe(a.business.id);
    expect(res.json.channels.map((c: { channel: string }) => c.channel)).toEqual(["chatapp", "rcs"]);
  });

  it("accepts the key as a Bearer token", async () => {
    const res = await api(path(a.business.id), { headers: { authorization: `Bearer ${a.apiKey}` } });
    expect(res.status).toBe(200);
  });

  it("accepts the key as the apikey query parameter", async () => {
    const res = await api(`${path(a.business.id)}?apikey=${a.apiKey}`);
    expect(res.status).toBe(200);
  });

  it("answers 401 with the error body when the key is missing", async () => {
    const res = await api(path(a.business.id));
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe("unauthorized");
    expect(res.json.error.message).toMatch(/x-api-key/);
    expect(res.json.error.requestId).toBe(res.headers.get("x-request-id"));
  });

  it("answers 401 for an unknown key", async () => {
    const res = await api(path(a.business.id), { headers: { "x-api-key": "sb_live_" + "x".repeat(32) } });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe("unauthorized");
  });

  it("answers 401 for a malformed Authorization header", async () => {
    const res = await api(path(a.business.id), { headers: { authorization: `Basic ${a.apiKey}` } });
    expect(res.status).toBe(401);
  });

  it("answers 401 when business A's key is used on business B's path", async () => {
    const res = await api(path(b.business.id), { headers: { "x-api-key": a.apiKey } });
    expect(res.status).toBe(401);
    expect(res.json.error.message).toMatch(/does not belong/);
    expect(res.text).not.toContain(b.business.name);
  });

  it("answers 401 for a business id that does not exist", async () => {
    const res = await api(path("00000000-0000-7000-8000-000000000000"), {
      headers: { "x-api-key": a.apiKey },
    });
    expect(res.status).toBe(401);
  });

  it("answers 401 once the key is revoked", async () => {
    const c = await createTestBusiness();
    expect((await api(path(c.business.id), { headers: { "x-api-key": c.apiKey } })).status).toBe(200);
    await revokeApiKey(systemCtx(), { businessId: c.business.id, id: c.keyId });
    const res = await api(path(c.business.id), { headers: { "x-api-key": c.apiKey } });
    expect(res.status).toBe(401);
    expect(res.json.error.message).toMatch(/revoked/);
  });

  it("answers 401 when the business is disabled", async () => {
    const c = await createTestBusiness();
    await setBusinessEnabled(systemCtx(), { businessId: c.business.id, enabled: false });
    const res = await api(path(c.business.id), { headers: { "x-api-key": c.apiKey } });
    expect(res.status).toBe(401);
  });
});
