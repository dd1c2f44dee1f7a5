import { businesses } from "@/db/schema";
import type { Ctx } from "../context";
import { readBusiness } from "./read-business";

/** At most this many test numbers per business: a short list to pick from, not an audience. */
export const MAX_TEST_NUMBERS = 20;

/** The business's test numbers (E.164 digits without "+"), in the order they were added. */
export async function listTestNumbers(ctx: Ctx, businessId: string): Promise<string[]> {
  return (await readBusiness(ctx, businessId, { testNumbers: businesses.testNumbers })).testNumbers;
}
