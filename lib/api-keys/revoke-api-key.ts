import { and, eq, isNull } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { notFound } from "../errors";
import { forgetVerifiedKey } from "./verify-api-key";

/** Revokes a key of the business; revoking twice is a no-op, another business's key a 404. */
export async function revokeApiKey(ctx: Ctx, input: { businessId: string; id: string }): Promise<void> {
  const hash = await inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .select({ hash: apiKeys.hash, revokedAt: apiKeys.revokedAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, input.id), eq(apiKeys.businessId, input.businessId)));
    if (!row) throw notFound("API key");
    if (row.revokedAt) return row.hash;
    await tx.db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, input.id), isNull(apiKeys.revokedAt)));
    await recordAudit(tx, {
      businessId: input.businessId,
      action: "api_key.revoke",
      targetType: "api_key",
      targetId: input.id,
    });
    return row.hash;
  });
  forgetVerifiedKey(hash);
}
