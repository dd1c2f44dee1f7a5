import { desc, eq } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import { getBusiness } from "../businesses/list-businesses";
import type { Ctx } from "../context";
import type { ApiKeyRateView } from "./rate-schemas";
import { toRateView } from "./set-api-key-rate";

/** A business's keys, newest first, with the rate limit in force for each. 404 for an unknown business. */
export async function listApiKeyRates(ctx: Ctx, businessId: string): Promise<ApiKeyRateView[]> {
  await getBusiness(ctx, businessId);
  const rows = await ctx.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.businessId, businessId))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(toRateView);
}
