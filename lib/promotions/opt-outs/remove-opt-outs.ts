import { consentSourceOf, OPT_OUT_SCOPE } from "./opt-out-consent";
import { recordConsent } from "../../audiences/consent/record-consent";
import { inTransaction, type Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import type { OptOutSource } from "./schemas";

/**
 * Takes numbers off the business's opt-out list (a customer who opted back in); returns how many
 * were on it. Every number given gets an `opt_in` event in the consent ledger, in the same
 * transaction, with what asked (`source`: api or dashboard, `sourceRef`: key or user id).
 */
export async function removeOptOuts(
  ctx: Ctx,
  input: {
    businessId: string;
    phones: string[];
    source?: Extract<OptOutSource, "api" | "dashboard">;
    sourceRef?: string | null;
  },
): Promise<number> {
  if (input.phones.length === 0) return 0;
  return inTransaction(ctx, async (tx) => {
    const rows = await rawQuery(
      tx.db,
      "DELETE FROM opt_outs WHERE business_id = $1 AND phone = ANY($2::text[]) RETURNING 1",
      [input.businessId, input.phones],
    );
    await recordConsent(tx, {
      businessId: input.businessId,
      ...OPT_OUT_SCOPE,
      action: "opt_in",
      source: consentSourceOf[input.source ?? "api"],
      events: input.phones.map((phone) => ({ phone, sourceRef: input.sourceRef ?? null })),
    });
    return rows.length;
  });
}
