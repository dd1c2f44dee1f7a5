import { businesses } from "@/db/schema";
import type { Ctx } from "../context";
import { readBusiness } from "./read-business";

/** The region for the business's national numbers, or null (numbers need their country code). */
export async function getDefaultCountry(ctx: Ctx, businessId: string): Promise<string | null> {
  return (await readBusiness(ctx, businessId, { defaultCountry: businesses.defaultCountry })).defaultCountry;
}
