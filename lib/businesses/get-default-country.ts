import { eq } from "drizzle-orm";
import { businesses } from "@/db/schema";
import type { Ctx } from "../context";
import { notFound } from "../errors";

/** The region for the business's national numbers, or null (numbers need their country code). */
export async function getDefaultCountry(ctx: Ctx, businessId: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ defaultCountry: businesses.defaultCountry })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!row) throw notFound("Business");
  return row.defaultCountry;
}
