import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { businesses } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { AppError, notFound } from "../errors";
import { parseRecipient } from "../messages/send/recipient";
import { MAX_TEST_NUMBERS } from "./test-numbers";

export const testNumberInput = z.object({
  businessId: z.uuid(),
  number: z.string().trim().min(1, "Enter a phone number with its country code").max(40),
});

/**
 * Puts a number on the business's test numbers ("Send a test" offers only these): typed in
 * Settings or on a test send, or picked on the virtual phone. A number already there stays
 * where it is. Answers the list.
 */
export async function addTestNumber(ctx: Ctx, raw: z.input<typeof testNumberInput>): Promise<string[]> {
  const input = testNumberInput.parse(raw);
  const number = parseRecipient(input.number, "number");
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .select({ testNumbers: businesses.testNumbers })
      .from(businesses)
      .where(eq(businesses.id, input.businessId))
      .for("update");
    if (!row) throw notFound("Business");
    if (row.testNumbers.includes(number)) return row.testNumbers;
    if (row.testNumbers.length >= MAX_TEST_NUMBERS) {
      const message = `At most ${MAX_TEST_NUMBERS} test numbers: remove one first`;
      throw new AppError("invalid_request", message, [{ path: "number", message }]);
    }
    const next = [...row.testNumbers, number];
    await tx.db
      .update(businesses)
      .set({ testNumbers: next, updatedAt: sql`now()` })
      .where(eq(businesses.id, input.businessId));
    await recordAudit(tx, {
      businessId: input.businessId,
      action: "business.test_number_added",
      targetType: "business",
      targetId: input.businessId,
      data: { number },
    });
    return next;
  });
}
