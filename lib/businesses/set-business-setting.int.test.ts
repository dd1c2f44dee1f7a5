import { describe, expect, it } from "vitest";
import { systemCtx } from "../context";
import { db } from "../db/pool";
import { rawQuery } from "../db/sql";
import { setBusinessSetting } from "./set-business-setting";
import { setDefaultCountry } from "./set-default-country";
import { setMarketingOptIn } from "../audiences/consent/set-marketing-opt-in";
import { createTestBusiness } from "@/test/factories";

const ctx = systemCtx("test");
const audits = async (businessId: string, action: string) =>
  rawQuery(db(), `SELECT data FROM audit_log WHERE business_id = $1 AND action = $2 ORDER BY id`, [
    businessId,
    action,
  ]);

describe("setBusinessSetting", () => {
  it("audits a change with the old and new value, and writes nothing when the value is already set", async () => {
    const t = await createTestBusiness();
    const id = t.business.id;
    await setMarketingOptIn(ctx, { businessId: id, required: false });
    expect(await audits(id, "business.require_marketing_opt_in")).toEqual([]);
    await setMarketingOptIn(ctx, { businessId: id, required: true });
    await setMarketingOptIn(ctx, { businessId: id, required: true });
    await setMarketingOptIn(ctx, { businessId: id, required: false });
    expect(await audits(id, "business.require_marketing_opt_in")).toEqual([
      { data: { from: false, to: true } },
      { data: { from: true, to: false } },
    ]);
    const [row] = await rawQuery<{ default_country: string | null }>(
      db(),
      `SELECT default_country FROM businesses WHERE id = $1`,
      [id],
    );
    await setDefaultCountry(ctx, { businessId: id, defaultCountry: "IN" });
    await setDefaultCountry(ctx, { businessId: id, defaultCountry: "IN" });
    expect(await audits(id, "business.default_country")).toEqual([
      { data: { from: row!.default_country, to: "IN" } },
    ]);
  });

  it("is a 404 for an unknown business", async () => {
    await expect(
      setBusinessSetting(
        ctx,
        "0193b6f2-8c1a-7cde-9f00-1234567890ab",
        "timeZone",
        "UTC",
        "business.time_zone",
      ),
    ).rejects.toMatchObject({ status: 404 });
  });
});
