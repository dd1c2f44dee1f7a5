import { eq, sql } from "drizzle-orm";
import { businesses } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { notFound } from "../errors";

type Change = {
  businessId: string;
  /** The number added or removed, as the audit row records it. */
  number: string;
  action: "business.test_number_added" | "business.test_number_removed";
  /** The new list from the current one; the same array when nothing changes (no write, no audit). */
  next: (current: string[]) => string[];
};

/**
 * The one way the business's test numbers change (addTestNumber, removeTestNumber): the row is
 * locked while `next` decides, so two changes at once cannot lose one. Answers the list.
 */
export async function updateTestNumbers(
  ctx: Ctx,
  { businessId, number, action, next }: Change,
): Promise<string[]> {
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .select({ testNumbers: businesses.testNumbers })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .for("update");
    if (!row) throw notFound("Business");
    const list = next(row.testNumbers);
    if (list === row.testNumbers) return list;
    await tx.db
      .update(businesses)
      .set({ testNumbers: list, updatedAt: sql`now()` })
      .where(eq(businesses.id, businessId));
    await recordAudit(tx, {
      businessId,
      action,
      targetType: "business",
      targetId: businessId,
      data: { number },
    });
    return list;
  });
}
