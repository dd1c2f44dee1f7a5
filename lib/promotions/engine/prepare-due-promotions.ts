import type { RowOf } from "../../db/row-of";
import type { promotions } from "@/db/schema";
import type { StoredAbTest } from "@/db/schema/ab-test";
import type { Ctx } from "../../context";
import { db } from "../../db/pool";
import { rawQuery, transaction } from "../../db/sql";
import { AppError, invalid } from "../../errors";
import { log } from "../../log";
import { referencedColumns, stringsIn } from "../column-references";
import { prepareRecipients } from "../launch/prepare-recipients";

/** Preparations per tick: each is seconds per million rows, so one at a time. */
const PREPARED_PER_TICK = 1;

/** Pause before a preparation that failed on an error of ours (database, bug) is tried again. */
const RETRY_AFTER_SECONDS = 30;

type Due = {
  id: string;
  business_id: string;
  target_list_id: string;
  schedule_time: Date | null;
  template: { components?: unknown } | null;
  ab_test: StoredAbTest | null;
};

/**
 * The scheduler's preparation of launches on large lists (launchPromotion leaves them
 * `Preparing` with next_run_at set): recipients, counters and `Active`/`Scheduled` in one
 * transaction per promotion, which holds the promotion FOR UPDATE SKIP LOCKED (two workers never
 * prepare one promotion; a Cancel waits for it and is then refused) and the list FOR SHARE. A
 * worker that dies mid-way rolls back: the promotion stays due and the next tick prepares it.
 * A list without any row that has every variable's value cancels the promotion, saying so.
 * Returns how many were prepared.
 */
export async function preparePromotions(ctx: Ctx): Promise<number> {
  const due = await rawQuery<Pick<RowOf<typeof promotions>, "id">>(
    db(),
    `SELECT id FROM promotions WHERE status = 'Preparing' AND next_run_at <= now()
     ORDER BY next_run_at LIMIT ${PREPARED_PER_TICK}`,
    [],
  );
  let prepared = 0;
  for (const { id } of due) {
    try {
      if (await prepareOne(ctx, id)) prepared++;
    } catch (err) {
      if (err instanceof AppError && err.status < 500) await cancelUnpreparable(id, err.message);
      else {
        // Tried again after a pause, not on every tick (a failing preparation of a large list
        // would otherwise repeat seconds of work twice a second).
        log.error({ err, promotionId: id }, "promotion preparation failed");
        await rawQuery(
          db(),
          `UPDATE promotions SET next_run_at = now() + make_interval(secs => $2) WHERE id = $1 AND status = 'Preparing'`,
          [id, RETRY_AFTER_SECONDS],
        );
      }
    }
  }
  return prepared;
}

async function prepareOne(ctx: Ctx, id: string): Promise<boolean> {
  return transaction(db(), async (tx) => {
    const [p] = await rawQuery<Due>(
      tx,
      `SELECT id, business_id, target_list_id, schedule_time, template, ab_test FROM promotions
       WHERE id = $1 AND status = 'Preparing' AND next_run_at <= now() FOR UPDATE SKIP LOCKED`,
      [id],
    );
    if (!p) return false;
    const [list] = await rawQuery<{
      name: string;
      row_count: number;
      rejected_count: number;
      columns: string[];
    }>(
      tx,
      "SELECT name, row_count, rejected_count, columns FROM target_lists WHERE id = $1 AND business_id = $2 FOR SHARE",
      [p.target_list_id, p.business_id],
    );
    // Kept while a promotion refers to it (dropList): not expected, but never a stuck promotion.
    if (!list) throw invalid("The promotion's target list no longer exists", []);
    const scheduleTime = p.schedule_time && p.schedule_time > new Date() ? p.schedule_time : null;
    await prepareRecipients(
      { ...ctx, db: tx },
      {
        promotionId: p.id,
        businessId: p.business_id,
        list: {
          id: p.target_list_id,
          name: list.name,
          rowCount: list.row_count,
          rejectedCount: list.rejected_count,
          columns: list.columns,
        },
        // An A/B test's variants refer to columns too: each recipient needs all of them.
        columns: referencedColumns(
          stringsIn([p.template?.components, p.ab_test?.variants.map((v) => v.components)]),
        ),
        scheduleTime,
      },
    );
    return true;
  });
}

/** A launch whose list turned out to have nothing to send: Cancelled, with the reason. */
async function cancelUnpreparable(id: string, reason: string): Promise<void> {
  await rawQuery(
    db(),
    `UPDATE promotions SET status = 'Cancelled', status_reason = $2, next_run_at = NULL, updated_at = now()
     WHERE id = $1 AND status = 'Preparing'`,
    [id, reason],
  );
}
