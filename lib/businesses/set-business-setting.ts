import { eq, sql } from "drizzle-orm";
import { businesses } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { notFound } from "../errors";

type BusinessRow = typeof businesses.$inferSelect;
/** The business's own settings a dashboard admin changes one at a time. */
export type BusinessSetting = "timeZone" | "defaultCountry" | "requireMarketingOptIn" | "attributionModel";

/**
 * Changes one of the business's settings the one way they all change: the business's row locked,
 * compared with the value asked for, and, when it differs, updated and audited as `action` with
 * the old and the new value, in one transaction. Asking for the value it has changes nothing and
 * writes no audit row. 404 for an unknown business.
 */
export async function setBusinessSetting<K extends BusinessSetting>(
  ctx: Ctx,
  businessId: string,
  setting: K,
  value: BusinessRow[K],
  action: `business.${string}`,
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const [before] = await tx.db
      .select({ value: businesses[setting] })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .for("update");
    if (!before) throw notFound("Business");
    if (before.value === value) return;
    await tx.db
      .update(businesses)
      .set({ [setting]: value, updatedAt: sql`now()` })
      .where(eq(businesses.id, businessId));
    await recordAudit(tx, {
      businessId,
      action,
      targetType: "business",
      targetId: businessId,
      data: { from: before.value, to: value },
    });
  });
}
