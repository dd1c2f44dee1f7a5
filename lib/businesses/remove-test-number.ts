import type { Ctx } from "../context";
import { readInternational } from "../phone/international";
import { testNumberInput } from "./add-test-number";
import { updateTestNumbers } from "./update-test-numbers";

/** Takes a number off the business's test numbers (absent: nothing changes). Answers the list. */
export async function removeTestNumber(
  ctx: Ctx,
  raw: { businessId: string; number: string },
): Promise<string[]> {
  const input = testNumberInput.parse(raw);
  const number = readInternational(input.number) ?? input.number.replace(/\D/g, "");
  return updateTestNumbers(ctx, {
    businessId: input.businessId,
    number,
    action: "business.test_number_removed",
    next: (current) => (current.includes(number) ? current.filter((n) => n !== number) : current),
  });
}
