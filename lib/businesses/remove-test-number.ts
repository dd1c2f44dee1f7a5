import { eq, sql } from "drizzle-orm";
import { businesses } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { notFound } from "../errors";
import { tryParseRecipient } from "../messages/send/recipient";
import { testNumberInput } from "./add-test-number";

/** Takes a number off the business's test numbers (absent: nothing changes). Answers the list. */
export async function removeTestNumber(
  ctx: Ctx,
  raw: { businessId: string; number: string },
): Promise<string[]> {
  const input = testNumberInput.parse(raw);
  const number = tryParseRecipient(input.number) ?? input.number.replace(/\D/g, "");
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .select({ testNumbers: businesses.testNumbers })
      .from(businesses)
      .where(eq(businesses.id, input.businessId))
      .for("update");
    if (!row) throw notFound("Business");
    if (!row.testNumbers.includes(number)) return row.testNumbers;
    const next = row.testNumbers.filter((n) => n !== number);
    await tx.db
      .update(businesses)
      .set({ testNumbers: next, updatedAt: sql`now()` })
      .where(eq(businesses.id, input.businessId));
    await recordAudit(tx, {
      businessId: input.businessId,
      action: "business.test_number_removed",
      targetType: "business",
      targetId: input.businessId,
      data: { number },
    });
    return next;
  });
}
