import { consentSourceOf, OPT_OUT_SCOPE } from "./opt-out-consent";
import { recordConsent } from "../../audiences/consent/record-consent";
import { inTransaction, type Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import type { OptOutSource } from "./schemas";

/**
 * Puts numbers (already E.164 digits) on the business's opt-out list; a number already there
 * keeps its first source and date. Returns the numbers that were new. Later promotion launches count
 * them as `optout` and never send to them. Every number given also gets an `opt_out` event in
 * the consent ledger, in the same transaction (a repeated opt-out is evidence too): `sourceRef`
 * says what asked (API key, user, file name), `wording` what the customer sent, by number.
 */
export async function addOptOuts(
  ctx: Ctx,
  input: {
    businessId: string;
    phones: string[];
    source: OptOutSource;
    sourceRef?: string | null | ((phone: string) => string | null);
    wording?: (phone: string) => string | null;
  },
): Promise<string[]> {
  if (input.phones.length === 0) return [];
  return inTransaction(ctx, async (tx) => {
    const rows = await rawQuery<{ phone: string }>(
      tx.db,
      `INSERT INTO opt_outs (business_id, phone, source)
       SELECT $1, p, $3 FROM unnest($2::text[]) AS p ORDER BY p
       ON CONFLICT (business_id, phone) DO NOTHING RETURNING phone`,
      [input.businessId, input.phones, input.source],
    );
    await recordConsent(tx, {
      businessId: input.businessId,
      ...OPT_OUT_SCOPE,
      action: "opt_out",
      source: consentSourceOf[input.source],
      events: input.phones.map((phone) => ({
        phone,
        sourceRef: typeof input.sourceRef === "function" ? input.sourceRef(phone) : (input.sourceRef ?? null),
        wording: input.wording?.(phone) ?? null,
      })),
    });
    return rows.map((r) => r.phone);
  });
}
