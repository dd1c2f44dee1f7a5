import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { profiles } from "@/db/schema";
import { db } from "@/lib/db/pool";
import { uploadProfiles } from "@/lib/profiles/upload-profiles";
import { systemCtx } from "@/lib/context";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";

/**
 * A number written with its calling code keeps its own country; the default country (the
 * business's, or the countrycode the import fills in for every row) reads national numbers only.
 */
describe("profiles: a number's own country beats the default", () => {
  let a: TestBusiness;
  beforeAll(async () => {
    a = await createTestBusiness(undefined, { defaultCountry: "IN" });
  });
  const upload = (profile: unknown) =>
    api("/api/v3/profile/upload", { headers: { "x-api-key": a.apiKey }, json: { profile } });
  const stored = async (phone: string) =>
    (
      await db()
        .select()
        .from(profiles)
        .where(and(eq(profiles.businessId, a.business.id), eq(profiles.phone, phone)))
    )[0];

  it("+44 and +1 numbers keep GB and US; national numbers take the default IN", async () => {
    const res = await upload([
      { phone: "+44 7400 123456", name: "Uk" },
      { phone: "+1 415 555 2671", name: "Us" },
      // The dashboard import writes its default country into every row without one.
      { phone: "+1 (202) 555-0143", countrycode: "IN", name: "Us with IN" },
      { phone: "+44 7400 123457", countrycode: "in", name: "Uk with IN" },
      { phone: "98100 00021", name: "National" },
      { phone: "09810000022", countrycode: "IN", name: "National 0" },
    ]);
    expect(res.json).toMatchObject({ status: "success", total: 6, uploaded: 6, rejected: 0 });
    expect((await stored("447400123456"))?.countryCode).toBe("GB");
    expect((await stored("14155552671"))?.countryCode).toBe("US");
    expect((await stored("12025550143"))?.countryCode).toBe("US");
    expect((await stored("447400123457"))?.countryCode).toBe("GB");
    expect((await stored("919810000021"))?.countryCode).toBe("IN");
    expect((await stored("919810000022"))?.countryCode).toBe("IN");
  });

  it("a +44 number outside the ranges in use is refused for GB, never 'for country IN'", async () => {
    // 07700 900xxx is Ofcom's range for drama: no real subscriber has it.
    const res = await upload([{ phone: "+44 7700 900123" }, { phone: "+44 7400 123458", countrycode: "IN" }]);
    expect(res.json).toMatchObject({ status: "success with errors", uploaded: 1, rejected: 1 });
    expect(res.json.errors).toEqual([{ index: 0, reason: "phone: Not a valid phone number for +44 (GB)" }]);
    expect(JSON.stringify(res.json)).not.toContain("country IN");
  });

  it("the dashboard's import path (the same domain function) stores the own country too", async () => {
    const r = await uploadProfiles(systemCtx("test"), a.business.id, {
      profile: [{ phone: "+1 650 253 0000", countrycode: "IN" }],
    });
    expect(r).toMatchObject({ uploaded: 1, rejected: 0 });
    expect((await stored("16502530000"))?.countryCode).toBe("US");
  });
});
