import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { ttlCache } from "../../cache/ttl-cache";
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

/** Whether the business requires a marketing opt-in before marketing sends (read now). */
export async function requiresMarketingOptIn(ctx: Ctx, businessId: string): Promise<boolean> {
  const [row] = await rawQuery<{ on: boolean }>(
    ctx.db,
    "SELECT require_marketing_opt_in AS on FROM businesses WHERE id = $1",
    [businessId],
  );
  return row?.on ?? false;
}

// The send path (A1, B1, RCS batches) asks on every request: the setting behind the send path's
// short cache (MESSAGES_CACHE_MS), dropped in this process when it changes (setMarketingOptIn).
const sendPathSetting = ttlCache<boolean>();
export const forgetMarketingOptInSetting = () => sendPathSetting.clear();

/**
 * Among `phones` (E.164 digits), the ones a marketing send must refuse: none when the business
 * does not require an opt-in (the default: no query past the cached setting), else those whose
 * latest marketing or all-kinds consent event is not an opt-in, in one statement.
 */
export async function lackingMarketingConsent(
  ctx: Ctx,
  businessId: string,
  phones: string[],
): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const required = await sendPathSetting.get(businessId, () => requiresMarketingOptIn(ctx, businessId));
  if (!required) return new Set();
  const rows = await rawQuery<{ phone: string }>(
    ctx.db,
    `SELECT n.phone FROM unnest($2::text[]) AS n(phone)
     WHERE NOT ${hasMarketingConsentSql("$1::uuid", "n.phone")}`,
    [businessId, phones],
  );
  return new Set(rows.map((r) => r.phone));
}
