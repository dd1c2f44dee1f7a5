import type { StoredAbTest } from "@/db/schema/ab-test";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import type { ArmPlan } from "./arm-deal";

/** The promotion's A/B draw (its stored `ab_test`), or null for a campaign of one template. */
export async function campaignArms(
  ctx: Ctx,
  promotionId: string,
  businessId: string,
): Promise<ArmPlan | null> {
  const [row] = await rawQuery<{ ab_test: StoredAbTest | null }>(
    ctx.db,
    "SELECT ab_test FROM promotions WHERE id = $1 AND business_id = $2",
    [promotionId, businessId],
  );
  const ab = row?.ab_test;
  if (!ab) return null;
  return {
    seed: ab.seed,
    holdoutPercent: ab.holdoutPercent,
    variantCount: ab.variants.length,
    testShare: ab.winner?.testShare ?? 100,
  };
}
