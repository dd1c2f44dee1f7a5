import type { RowOf } from "../../db/row-of";
import type { targetLists } from "@/db/schema";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { cellSql } from "../lists/list-cells";
import { valuePosition } from "../lists/list-columns";
import { NO_MARKETING_CONSENT } from "../../audiences/consent/require-marketing-consent";
import { hasMarketingConsentSql } from "../../audiences/consent/marketing-consent-sql";
import type { ArmPlan } from "../ab/arm-deal";
import { armedInsert } from "../ab/assign-arms-sql";

const RECIPIENT_COLUMNS = [
  "promotion_id",
  "seq",
  "business_id",
  "phone",
  "name",
  "language",
  "subscriber_id",
  "state",
  "error_code",
] as const;

/**
 * The promotion's recipients from its list, in ONE statement (no row travels through the
 * application): each list row whose referenced columns all have a value becomes a recipient,
 * `optout` when its number is on the business's opt-out list or, when `requireConsent` (the
 * business requires a marketing opt-in and this is a marketing campaign), has no opt-in in the
 * ledger (error_code `no_marketing_consent`), else `pending`. Its values are
 * not copied (`vars` stays NULL): the engine reads them from the list row at send time
 * (list_id, row_number = seq), so the launch writes narrow rows. Rows missing a value are
 * counted and left out ("missing variable value"). With an A/B test, each pending recipient is
 * drawn an arm in the same statement, the holdout's in state `holdout`, and each arm's
 * promotion_arm_counters row written with its recipients. Returns the counts.
 */
export async function createRecipients(
  tx: Ctx,
  input: {
    promotionId: string;
    businessId: string;
    list: { id: string; columns: string[] };
    columns: string[];
    requireConsent?: boolean;
    /** An A/B test's draw: each pending recipient's arm, in the same statement (assign-arms-sql.ts). */
    arms?: ArmPlan | null;
  },
): Promise<{ accepted: number; optout: number; missing: number; holdout: number }> {
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
  const insert = armedInsert(
    `SELECT $1::uuid AS promotion_id, r.row_number AS seq, $2::uuid AS business_id, r.phone, ${value("name")} AS name,
            ${value("language")} AS language, nullif(${value("businesssubscriberid")}, '') AS subscriber_id,
            ${state} AS state, ${errorCode} AS error_code
     FROM target_list_rows r
     LEFT JOIN opt_outs o ON o.business_id = $2 AND o.phone = r.phone
     ${consent}
     WHERE r.list_id = $3 AND r.business_id = $2${filled}`,
    RECIPIENT_COLUMNS,
    input.arms ?? null,
  );
  // With a test, each arm's counters row starts with its recipients, in the same statement.
  const [counts] = await rawQuery<{ accepted: number; optout: number; holdout: number }>(
    tx.db,
    input.arms
      ? `WITH inserted AS (
           INSERT INTO promotion_recipients (${insert.columns})
           ${insert.select}
           RETURNING state, arm
         ),
         arms AS (
           INSERT INTO promotion_arm_counters (promotion_id, arm, business_id, recipients)
           SELECT $1, arm, $2, count(*) FROM inserted WHERE arm IS NOT NULL GROUP BY arm
         )
         SELECT count(*)::int AS accepted, count(*) FILTER (WHERE state = 'optout')::int AS optout,
                count(*) FILTER (WHERE state = 'holdout')::int AS holdout FROM inserted`
      : `WITH inserted AS (
           INSERT INTO promotion_recipients (${insert.columns})
           ${insert.select}
           RETURNING state
         )
         SELECT count(*)::int AS accepted, count(*) FILTER (WHERE state = 'optout')::int AS optout,
                count(*) FILTER (WHERE state = 'holdout')::int AS holdout FROM inserted`,
    [input.promotionId, input.businessId, list.id],
  );
  const [stored] = await rawQuery<Pick<RowOf<typeof targetLists>, "row_count">>(
    tx.db,
    "SELECT row_count FROM target_lists WHERE id = $1 AND business_id = $2",
    [list.id, input.businessId],
  );
  const accepted = counts?.accepted ?? 0;
  return {
    accepted,
    optout: counts?.optout ?? 0,
    holdout: counts?.holdout ?? 0,
    missing: (stored?.row_count ?? accepted) - accepted,
  };
}
