import { desc, eq } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import type { Ctx } from "../context";
import type { ApiKeyView } from "./schemas";

export async function listApiKeys(ctx: Ctx, businessId: string): Promise<ApiKeyView[]> {
  return ctx.db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.businessId, businessId))
    .orderBy(desc(apiKeys.createdAt));
}
