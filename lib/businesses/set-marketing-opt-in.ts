import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { businesses } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { notFound } from "../errors";
import { forgetMarketingOptInSetting } from "../audiences/consent/require-marketing-consent";

export const setMarketingOptInInput = z.object({ businessId: z.uuid(), required: z.boolean() });
export type SetMarketingOptInInput = z.input<typeof setMarketingOptInInput>;

/**
 * Turns "require a marketing opt-in" on or off (off by default). On: campaigns and MARKETING
 * templates (A1, B1) skip every number whose latest marketing consent event in the ledger is not
 * an opt-in, each with the reason `no_marketing_consent`. Campaigns already launched keep the
 * audience they were launched with. Audited with who changed it. Single sends in other
 * processes see the change within the send path's cache time (MESSAGES_CACHE_MS, 2 s).
 */
export async function setMarketingOptIn(
  ctx: Ctx,
  raw: SetMarketingOptInInput,
): Promise<{ requireMarketingOptIn: boolean }> {
  const input = setMarketingOptInInput.parse(raw);
  const result = await inTransaction(ctx, async (tx) => {
    const [before] = await tx.db
      .select({ on: businesses.requireMarketingOptIn })
      .from(businesses)
      .where(eq(businesses.id, input.businessId))
      .for("update");
    if (!before) throw notFound("Business");
    if (before.on !== input.required) {
      await tx.db
        .update(businesses)
        .set({ requireMarketingOptIn: input.required, updatedAt: sql`now()` })
        .where(eq(businesses.id, input.businessId));
      await recordAudit(tx, {
        businessId: input.businessId,
        action: "business.require_marketing_opt_in",
        targetType: "business",
        targetId: input.businessId,
        data: { from: before.on, to: input.required },
      });
    }
    return { requireMarketingOptIn: input.required };
  });
  // After the commit, so no send in this process caches the old value from here on.
  forgetMarketingOptInSetting();
  return result;
}
