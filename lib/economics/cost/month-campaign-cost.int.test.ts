import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { createTestBusiness } from "@/test/factories";
import { createTestPromotion, finalStatus, numbers, runUntil } from "@/test/promotions";
import { monthCampaignCost } from "./month-campaign-cost";

const ctx = systemCtx("test");

const deliveredOf = async (id: string) =>
  (
    await rawQuery<{ n: number }>(
      db(),
      `SELECT count(*)::int AS n FROM promotion_recipients WHERE promotion_id = $1 AND state = 'delivered'`,
      [id],
    )
  )[0]!.n;

describe("this month's campaign cost (the overview's tile)", () => {
  it("sums the month's campaigns as their pages price them; last month's and other businesses' are not in it", async () => {
    const t = await createTestBusiness();
    const a = await createTestPromotion(t, { phones: numbers(3, "0002") });
    const b = await createTestPromotion(t, { phones: numbers(2, "0002", 10) });
    const old = await createTestPromotion(t, { phones: numbers(2, "0002", 20) });
    for (const p of [a, b, old]) {
      await runUntil(finalStatus(p.id));
      await runUntil(async () => (await deliveredOf(p.id)) === (p === a ? 3 : 2));
    }
    // Created before this month in the business's time zone: not this month's.
    await rawQuery(db(), `UPDATE promotions SET created_at = now() - interval '40 days' WHERE id = $1`, [
      old.id,
    ]);

    const cost = await monthCampaignCost(ctx, t.business.id, "UTC");
    // 5 Indian marketing messages at the card's 0.0107.
    expect(cost).toMatchObject({ campaigns: 2, priced: 2, messages: 5 });
    expect(cost.totals).toEqual([{ currency: "USD", total: expect.closeTo(0.0535, 6) }]);
    expect(cost.monthStart.getTime()).toBeLessThanOrEqual(Date.now());

    const other = await createTestBusiness();
    expect(await monthCampaignCost(ctx, other.business.id, "UTC")).toMatchObject({
      campaigns: 0,
      messages: 0,
      totals: [],
    });
  });

  it("starts the month at midnight of the first in the business's time zone", async () => {
    const t = await createTestBusiness();
    const at = new Date("2026-12-01T03:00:00Z"); // still 30 November in New York
    expect(
      (await monthCampaignCost(ctx, t.business.id, "America/New_York", at)).monthStart.toISOString(),
    ).toBe("2026-11-01T04:00:00.000Z");
    expect((await monthCampaignCost(ctx, t.business.id, "Asia/Kolkata", at)).monthStart.toISOString()).toBe(
      "2026-11-30T18:30:00.000Z",
    );
  });
});
