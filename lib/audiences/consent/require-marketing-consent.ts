import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { hasMarketingConsentSql } from "./marketing-consent-sql";

/** The error code and reason a send refused for want of a marketing opt-in carries. */
export const NO_MARKETING_CONSENT = {
  code: "no_marketing_consent",
  reason:
    "No marketing opt-in on record for this number, and the business requires one for marketing messages (record the opt-in, or send a utility template)",
} as const;

/** Whether a chatapp template of this category is a marketing send (docs/audiences.md, Consent). */
export const isMarketingTemplate = (category: string | null | undefined): boolean =>
  (category ?? "").toUpperCase() === "MARKETING";

/**
 * Among `phones` (E.164 digits), the ones a marketing send must refuse: none when the business
 * does not require an opt-in (the default), else those whose latest marketing or all-kinds
 * consent event is not an opt-in. One statement: the business's setting and the ledger probes.
 */
export async function lackingMarketingConsent(
  ctx: Ctx,
  businessId: string,
  phones: string[],
): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await rawQuery<{ phone: string }>(
    ctx.db,
    `SELECT n.phone FROM businesses b, unnest($2::text[]) AS n(phone)
     WHERE b.id = $1 AND b.require_marketing_opt_in AND NOT ${hasMarketingConsentSql("$1", "n.phone")}`,
    [businessId, phones],
  );
  return new Set(rows.map((r) => r.phone));
}

/** Whether the business requires a marketing opt-in before marketing sends. */
export async function requiresMarketingOptIn(ctx: Ctx, businessId: string): Promise<boolean> {
  const [row] = await rawQuery<{ on: boolean }>(
    ctx.db,
    "SELECT require_marketing_opt_in AS on FROM businesses WHERE id = $1",
    [businessId],
  );
  return row?.on ?? false;
}
