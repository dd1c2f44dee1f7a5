import type { Ctx } from "../../context";
import { invalid } from "../../errors";
import { rawQuery } from "../../db/sql";
import { promotionCounters } from "@/db/schema";
import { ANALYZE_FROM, analyzeListRows } from "../lists/analyze-list-rows";
import { keyListRows } from "../lists/list-rows-table";
import { createRecipients } from "./create-recipients";
import { campaignRequiresConsent } from "./campaign-consent";
import { campaignArms } from "../ab/campaign-arms";
import { ARM_SORT_WORK_MEM } from "../ab/assign-arms-sql";

export type PreparedCounts = { accepted: number; optout: number; missing: number; holdout: number };

/**
 * The end of a promotion's preparation, in the caller's transaction (which holds the list FOR
 * SHARE and the promotion, in `Preparing`, FOR UPDATE): its recipients from the list, the
 * round-0 counters and the hand-over to the engine: `Active` with next_run_at = now, or
 * `Scheduled` at `scheduleTime`. Refused (400) when no row has a value for every column the
 * template refers to. E1 runs it inline for lists of up to PROMOTION_PREPARE_INLINE_MAX_ROWS
 * rows; the scheduler's tick runs it for larger ones (preparePromotions).
 */
export async function prepareRecipients(
  tx: Ctx,
  input: {
    promotionId: string;
    businessId: string;
    list: { id: string; name: string; rowCount: number; rejectedCount: number; columns: string[] };
    columns: string[];
    scheduleTime: Date | null;
  },
): Promise<PreparedCounts> {
  const { promotionId, businessId, list, columns } = input;
  await keyListRows(tx.db, list.id);
  await analyzeListRows(tx.db, list.id, list.rowCount);
  const requireConsent = await campaignRequiresConsent(tx, promotionId, businessId);
  const arms = await campaignArms(tx, promotionId, businessId);
  if (arms) await rawQuery(tx.db, `SET LOCAL work_mem = '${ARM_SORT_WORK_MEM}'`, []);
  const counts = await createRecipients(tx, { promotionId, businessId, list, columns, requireConsent, arms });
  if (counts.accepted === 0) {
    throw invalid(`No row of the list '${list.name}' has a value for every variable`, [
      { path: "template.components", message: `Missing values of ${columns.join(", ")}` },
    ]);
  }
  // Likewise promotion_recipients: until autovacuum's next ANALYZE (up to a minute later) the
  // planner may scan the table for the engine's lookups by message id, seconds per status
  // batch. Analyzed here, in this transaction (ANALYZE counts the transaction's own rows).
  if (counts.accepted >= ANALYZE_FROM) await rawQuery(tx.db, "ANALYZE promotion_recipients", []);
  // Round 0 keeps the rows refused at launch, so the campaign page accounts for every row.
  const refused = list.rejectedCount + counts.missing;
  await tx.db
    .insert(promotionCounters)
    .values({ promotionId, round: 0, businessId, optout: counts.optout, refused, holdout: counts.holdout });
  await rawQuery(
    tx.db,
    `UPDATE promotions SET status = $2, next_run_at = coalesce($3::timestamptz, now()), updated_at = now()
     WHERE id = $1`,
    [promotionId, input.scheduleTime ? "Scheduled" : "Active", input.scheduleTime],
  );
  return counts;
}
