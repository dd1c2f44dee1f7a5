import { eq, sql } from "drizzle-orm";
import { businesses } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { notFound } from "../errors";
import { setDefaultCountryInput, type SetDefaultCountryInput } from "./schemas";

/**
 * Changes how the business's national numbers are read from now on. Stored numbers are E.164
 * already, so nothing stored changes meaning; only numbers typed afterwards do.
 */
export async function setDefaultCountry(
  ctx: Ctx,
  raw: SetDefaultCountryInput,
): Promise<{ defaultCountry: string | null }> {
  const input = setDefaultCountryInput.parse(raw);
  return inTransaction(ctx, async (tx) => {
    const [before] = await tx.db
      .select({ defaultCountry: businesses.defaultCountry })
      .from(businesses)
      .where(eq(businesses.id, input.businessId))
      .for("update");
    if (!before) throw notFound("Business");
    await tx.db
      .update(businesses)
      .set({ defaultCountry: input.defaultCountry, updatedAt: sql`now()` })
      .where(eq(businesses.id, input.businessId));
    await recordAudit(tx, {
      businessId: input.businessId,
      action: "business.default_country",
      targetType: "business",
      targetId: input.businessId,
      data: { from: before.defaultCountry, to: input.defaultCountry },
    });
    return { defaultCountry: input.defaultCountry };
  });
}
