import { desc, eq } from "drizzle-orm";
import { apiKeys, businesses } from "@/db/schema";
import type { Ctx } from "../context";
import { notFound } from "../errors";
import type { ApiKeyRateView } from "./rate-schemas";
import { toRateView } from "./set-api-key-rate";

/** A business's keys, newest first, with the rate limit in force for each. 404 for an unknown business. */
export async function listApiKeyRates(ctx: Ctx, businessId: string): Promise<ApiKeyRateView[]> {
  // The business row only, not its view with channels: this module stays below lib/businesses.
  const [business] = await ctx.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!business) throw notFound("Business");
  const rows = await ctx.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.businessId, businessId))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(toRateView);
}
