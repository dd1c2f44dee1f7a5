import { describe, expect, it } from "vitest";
import { systemCtx } from "../context";
import { db } from "../db/pool";
import { rawQuery } from "../db/sql";
import { createBusiness } from "./create-business";
import { createBusinessInput } from "./schemas";
import { getTimeZone, setTimeZone } from "./set-time-zone";
import { createTestBusiness } from "@/test/factories";

const ctx = systemCtx("test");

describe("setTimeZone", () => {
  it("starts at UTC, stores a valid zone with an audit row, and refuses anything else", async () => {
    const t = await createTestBusiness();
    expect(await getTimeZone(ctx, t.business.id)).toBe("UTC");
    expect(await setTimeZone(ctx, { businessId: t.business.id, timeZone: "america/new_york" })).toEqual({
      timeZone: "America/New_York",
    });
    expect(await getTimeZone(ctx, t.business.id)).toBe("America/New_York");
    const audit = await rawQuery(
      db(),
      `SELECT data FROM audit_log WHERE business_id = $1 AND action = 'business.time_zone'`,
      [t.business.id],
    );
    expect(audit).toEqual([{ data: { from: "UTC", to: "America/New_York" } }]);
    for (const bad of ["Mars/Base", "+05:30", ""]) {
      await expect(setTimeZone(ctx, { businessId: t.business.id, timeZone: bad })).rejects.toThrow();
    }
    expect(await getTimeZone(ctx, t.business.id)).toBe("America/New_York");
  });

  it("stores an alias under its IANA name (Asia/Calcutta and US/Eastern as Asia/Kolkata and America/New_York)", async () => {
    const t = await createTestBusiness();
    expect(await setTimeZone(ctx, { businessId: t.business.id, timeZone: "Asia/Calcutta" })).toEqual({
      timeZone: "Asia/Kolkata",
    });
    expect(await getTimeZone(ctx, t.business.id)).toBe("Asia/Kolkata");
    expect(await setTimeZone(ctx, { businessId: t.business.id, timeZone: "US/Eastern" })).toEqual({
      timeZone: "America/New_York",
    });
    const made = await createBusiness(ctx, { name: "Kolkata business", timeZone: "asia/calcutta" });
    expect(await getTimeZone(ctx, made.id)).toBe("Asia/Kolkata");
  });

  it("the console's create form takes a time zone, validated as the settings page's (UTC unless given)", async () => {
    const picked = await createBusiness(ctx, { name: "Zoned business", timeZone: "asia/tokyo" });
    expect(await getTimeZone(ctx, picked.id)).toBe("Asia/Tokyo");
    const plain = await createBusiness(ctx, { name: "Plain business" });
    expect(await getTimeZone(ctx, plain.id)).toBe("UTC");
    const bad = createBusinessInput.safeParse({ name: "Bad zone", timeZone: "+05:30" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues).toEqual([
      expect.objectContaining({
        path: ["timeZone"],
        message: expect.stringContaining("not an IANA time zone"),
      }),
    ]);
    await expect(createBusiness(ctx, { name: "Bad zone", timeZone: "Mars/Base" })).rejects.toThrow();
  });
});
