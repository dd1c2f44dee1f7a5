import { z } from "zod";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { requireRecipient } from "../phone/international";
import { MAX_TEST_NUMBERS } from "./test-numbers";
import { updateTestNumbers } from "./update-test-numbers";

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
  const number = requireRecipient(input.number, "number");
  return updateTestNumbers(ctx, {
    businessId: input.businessId,
    number,
    action: "business.test_number_added",
    next: (current) => {
      if (current.includes(number)) return current;
      if (current.length >= MAX_TEST_NUMBERS) {
        const message = `At most ${MAX_TEST_NUMBERS} test numbers: remove one first`;
        throw new AppError("invalid_request", message, [{ path: "number", message }]);
      }
      return [...current, number];
    },
  });
}
