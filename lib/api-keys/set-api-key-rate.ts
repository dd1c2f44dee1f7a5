import { and, eq } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { env } from "../env";
import { notFound } from "../errors";
import { effectiveRate } from "./key-rate-limiter";
import { setApiKeyRateInput, type ApiKeyRateView, type SetApiKeyRateInput } from "./rate-schemas";
import { forgetVerifiedKey } from "./verify-api-key";

type KeyRow = {
  id: string;
  name: string;
  prefix: string;
  revokedAt: Date | null;
  rateLimit: number | null;
  rateBurst: number | null;
};

export function toRateView(row: KeyRow): ApiKeyRateView {
  const rate = effectiveRate(row, env());
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    revoked: row.revokedAt !== null,
    perSecond: rate.perSecond,
    burst: rate.burst,
    ownPerSecond: row.rateLimit,
    ownBurst: row.rateBurst,
  };
}

/**
 * Sets a key's own rate limit and burst, or (null) returns it to the server's defaults.
 * Operator action (admin CLI, operator API): a business cannot raise its own limit. This
 * instance applies it at once; others when their cached key verification lapses
 * (API_KEY_CACHE_SECONDS, 5 s).
 */
export async function setApiKeyRate(ctx: Ctx, raw: SetApiKeyRateInput): Promise<ApiKeyRateView> {
  const input = setApiKeyRateInput.parse(raw);
  const { view, hash } = await inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .update(apiKeys)
      .set({ rateLimit: input.perSecond, rateBurst: input.burst })
      .where(and(eq(apiKeys.id, input.keyId), eq(apiKeys.businessId, input.businessId)))
      .returning();
    if (!row) throw notFound("API key");
    await recordAudit(tx, {
      businessId: input.businessId,
      action: "api_key.rate",
      targetType: "api_key",
      targetId: input.keyId,
      data: { perSecond: input.perSecond, burst: input.burst },
    });
    return { view: toRateView(row), hash: row.hash };
  });
  forgetVerifiedKey(hash);
  return view;
}
