import { eq, sql } from "drizzle-orm";
import { businesses } from "@/db/schema";
import { forgetVerifiedKey } from "../api-keys/verify-api-key";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { notFound } from "../errors";

/** A disabled business's API keys stop working (see verifyApiKey). */
export async function setBusinessEnabled(
  ctx: Ctx,
  input: { businessId: string; enabled: boolean },
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const rows = await tx.db
      .update(businesses)
      .set({ enabled: input.enabled, updatedAt: sql`now()` })
      .where(eq(businesses.id, input.businessId))
      .returning({ id: businesses.id });
    if (rows.length === 0) throw notFound("Business");
    await recordAudit(tx, {
      businessId: input.businessId,
      action: input.enabled ? "business.enable" : "business.disable",
      targetType: "business",
      targetId: input.businessId,
    });
  });
  forgetVerifiedKey();
}
