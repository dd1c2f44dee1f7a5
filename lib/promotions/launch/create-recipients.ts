import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { cellSql } from "../lists/list-cells";
import { valuePosition } from "../lists/list-columns";
import { NO_MARKETING_CONSENT } from "../../audiences/consent/require-marketing-consent";
import { hasMarketingConsentSql } from "../../audiences/consent/marketing-consent-sql";

/**
 * The promotion's recipients from its list, in ONE statement (no row travels through the
 * application): each list row whose referenced columns all have a value becomes a recipient,
 * `optout` when its number is on the business's opt-out list or, when `requireConsent` (the
 * business requires a marketing opt-in and this is a marketing campaign), has no opt-in in the
 * ledger (error_code `no_marketing_consent`), else `pending`. Its values are
 * not copied (`vars` stays NULL): the engine reads them from the list row at send time
 * (list_id, row_number = seq), so the launch writes narrow rows. Rows missing a value are
 * counted and left out ("missing variable value"). Returns the counts.
 */
export async function createRecipients(
  tx: Ctx,
  input: {
    promotionId: string;
    businessId: string;
    list: { id: string; columns: string[] };
    columns: string[];
    requireConsent?: boolean;
  },
): Promise<{ accepted: number; optout: number; missing: number }> {
  const { list } = input;
  const at = (key: string) => valuePosition(list.columns, key);
  // One plain condition per referenced column (a missing position's NULL fails `<> ''` as an
  // empty cell does): cheaper than an anti-join over unnest() for every row. Rows come in list
  // order (the COPY's).
  const filled = input.columns
    .filter((c) => c !== "phone")
    .map((c) => ` AND ${cellSql("r", at(c))} <> ''`)
    .join("");
  const value = (key: string) => cellSql("r", at(key));
  // The ledger probe runs once per row (a lateral column), and only when the rule applies.
  const consent = input.requireConsent
    ? `CROSS JOIN LATERAL (SELECT NOT ${hasMarketingConsentSql("$2", "r.phone")} AS lacking) c`
    : "";
  const state = consent
    ? "CASE WHEN o.phone IS NOT NULL OR c.lacking THEN 'optout' ELSE 'pending' END"
    : "CASE WHEN o.phone IS NULL THEN 'pending' ELSE 'optout' END";
  const errorCode = consent
    ? `CASE WHEN o.phone IS NULL AND c.lacking THEN '${NO_MARKETING_CONSENT.code}' END`
    : "NULL";
  const [counts] = await rawQuery<{ accepted: number; optout: number }>(
    tx.db,
    `WITH inserted AS (
       INSERT INTO promotion_recipients
         (promotion_id, seq, business_id, phone, name, language, subscriber_id, state, error_code)
       SELECT $1, r.row_number, $2, r.phone, ${value("name")}, ${value("language")},
              nullif(${value("businesssubscriberid")}, ''),
              ${state}, ${errorCode}
       FROM target_list_rows r
       LEFT JOIN opt_outs o ON o.business_id = $2 AND o.phone = r.phone
       ${consent}
       WHERE r.list_id = $3 AND r.business_id = $2${filled}
       RETURNING state
     )
     SELECT count(*)::int AS accepted, count(*) FILTER (WHERE state = 'optout')::int AS optout FROM inserted`,
    [input.promotionId, input.businessId, list.id],
  );
  const [stored] = await rawQuery<{ row_count: number }>(
    tx.db,
    "SELECT row_count FROM target_lists WHERE id = $1 AND business_id = $2",
    [list.id, input.businessId],
  );
  const accepted = counts?.accepted ?? 0;
  return { accepted, optout: counts?.optout ?? 0, missing: (stored?.row_count ?? accepted) - accepted };
}
