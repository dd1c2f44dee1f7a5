import { apiKeys } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { uuidv7 } from "../ids";
import { displayPrefix, generateApiKey, hashApiKey } from "./key-material";
import type { ApiKeyView } from "./schemas";

/** Issues a key. The plain key is returned once and never stored. */
export async function createApiKey(
  ctx: Ctx,
  input: { businessId: string; name: string },
): Promise<ApiKeyView & { key: string }> {
  const key = generateApiKey();
  const id = uuidv7();
  const createdBy = ctx.actor.type === "user" ? ctx.actor.id : null;
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(apiKeys)
      .values({
        id,
        businessId: input.businessId,
        name: input.name,
        prefix: displayPrefix(key),
        hash: hashApiKey(key),
        createdBy,
      })
      .returning();
    await recordAudit(tx, {
      businessId: input.businessId,
      action: "api_key.create",
      targetType: "api_key",
      targetId: id,
      data: { name: input.name },
    });
    return {
      id,
      name: row!.name,
      prefix: row!.prefix,
      createdAt: row!.createdAt,
      lastUsedAt: null,
      revokedAt: null,
      key,
    };
  });
}
