import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { profiles } from "@/db/schema";
import { db } from "@/lib/db/pool";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";

const URL = "/api/v3/profile/upload";
const phone = (i: number) => `98${String(10_000_000 + i).padStart(8, "0")}`;

describe("POST /api/v3/profile/upload (F1)", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  const upload = (t: TestBusiness, profile: unknown) =>
    api(URL, { headers: { "x-api-key": t.apiKey }, json: { profile } });
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
  });

  it("creates profiles with normalised phones and day/month/year dates", async () => {
    const res = await upload(a, [
      { phone: "+91 98100 00001", countrycode: "IN", name: "Asha", age: 31, dob: "21/04/1993", city: "Pune" },
      { phone: "9810000002", countrycode: "in", businesssubscriberid: "CRM-2", gender: "male" },
    ]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "success", total: 2, uploaded: 2, rejected: 0, errors: [] });
    // A vendor client's body (no tags, no attributes) is answered byte for byte as before.
    expect(res.text).toBe('{"status":"success","total":2,"uploaded":2,"rejected":0,"errors":[]}');
    expect(res.headers.get("content-type")).toBe("application/json");
    const rows = await db().select().from(profiles).where(eq(profiles.businessId, a.business.id));
    const asha = rows.find((r) => r.phone === "919810000001");
    expect(asha).toMatchObject({ name: "Asha", age: 31, dob: "1993-04-21", city: "Pune", countryCode: "IN" });
    expect(asha?.attributes).toEqual({});
    expect(rows.find((r) => r.phone === "919810000002")?.businessSubscriberId).toBe("CRM-2");
  });

  it("updates on re-upload (by phone), keeps fields left out, never duplicates", async () => {
    await upload(a, [{ phone: "919810000003", countrycode: "IN", name: "Old", city: "Delhi" }]);
    const res = await upload(a, [{ phone: "9810000003", countrycode: "IN", name: "New" }]);
    expect(res.json.uploaded).toBe(1);
    const rows = await db()
      .select()
      .from(profiles)
      .where(and(eq(profiles.businessId, a.business.id), eq(profiles.phone, "919810000003")));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "New", city: "Delhi" });
  });

  it("reports each rejected record with its index and reason", async () => {
    const res = await upload(a, [
      { phone: "12", countrycode: "IN" },
      { phone: "9810000004", countrycode: "IN" },
      { countrycode: "IN" },
      { phone: "9810000005", countrycode: "ZZ" },
      { phone: "9810000006", countrycode: "IN", dob: "12/25/1990" },
      "not an object",
      { phone: "9810000007", countrycode: "IN", age: -3 },
    ]);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "success with errors", total: 7, uploaded: 1, rejected: 6 });
    expect(res.json.errors.map((e: { index: number }) => e.index)).toEqual([0, 2, 3, 4, 5, 6]);
    expect(res.json.errors[0].reason).toMatch(/^phone: Not a valid phone number for country IN/);
    expect(res.json.errors[1].reason).toMatch(/^phone: Required/);
    expect(res.json.errors[2].reason).toMatch(/^countrycode:/);
    expect(res.json.errors[3].reason).toMatch(/^dob: .*day\/month\/year/);
    expect(res.json.errors[4].reason).toBe("Must be an object");
  });

  it("takes a repeated phone once (the last record wins) and counts both", async () => {
    const res = await upload(a, [
      { phone: "9810000008", countrycode: "IN", name: "First" },
      { phone: "919810000008", countrycode: "IN", name: "Second" },
    ]);
    expect(res.json).toMatchObject({ uploaded: 2, rejected: 0 });
    const [row] = await db()
      .select()
      .from(profiles)
      .where(and(eq(profiles.businessId, a.business.id), eq(profiles.phone, "919810000008")));
    expect(row?.name).toBe("Second");
  });

  it("accepts exactly 1,000 profiles, half new and half updates", async () => {
    const first = Array.from({ length: 500 }, (_, i) => ({ phone: phone(i), countrycode: "IN" }));
    expect((await upload(b, first)).json.uploaded).toBe(500);
    const batch = Array.from({ length: 1000 }, (_, i) => ({
      phone: phone(i),
      countrycode: "IN",
      name: `P${i}`,
    }));
    const res = await upload(b, batch);
    expect(res.json).toMatchObject({ status: "success", total: 1000, uploaded: 1000, rejected: 0 });
    const rows = await db().select().from(profiles).where(eq(profiles.businessId, b.business.id));
    expect(rows).toHaveLength(1000);
  });

  it("answers 400 naming the limit for 1,001 profiles", async () => {
    const batch = Array.from({ length: 1001 }, (_, i) => ({ phone: phone(i), countrycode: "IN" }));
    const res = await upload(a, batch);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/1000 profiles per call/);
    expect(res.json.error.details[0].path).toBe("profile");
  });

  it("answers 400 for a missing or empty profile array and for malformed JSON", async () => {
    expect((await api(URL, { headers: { "x-api-key": a.apiKey }, json: {} })).status).toBe(400);
    expect((await upload(a, [])).status).toBe(400);
    expect((await upload(a, "x")).status).toBe(400);
    const bad = await api(URL, {
      headers: { "x-api-key": a.apiKey, "content-type": "application/json" },
      body: "{not json",
    });
    expect(bad.status).toBe(400);
  });

  it("answers 401 without a valid key", async () => {
    expect((await api(URL, { json: { profile: [] } })).status).toBe(401);
    expect((await api(URL, { headers: { "x-api-key": "nope" }, json: { profile: [] } })).status).toBe(401);
  });

  it("keeps businesses apart: the same phone is a separate profile per business", async () => {
    await upload(b, [{ phone: "9810000001", countrycode: "IN", name: "B's Asha" }]);
    const [rowA] = await db()
      .select()
      .from(profiles)
      .where(and(eq(profiles.businessId, a.business.id), eq(profiles.phone, "919810000001")));
    expect(rowA?.name).toBe("Asha");
  });
});
