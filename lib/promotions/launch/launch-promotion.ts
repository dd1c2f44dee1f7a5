import { eq } from "drizzle-orm";
import { promotionCounters, promotions } from "@/db/schema";
import { inTransaction, type Ctx } from "../../context";
import { invalid, invalidInput, conflict } from "../../errors";
import { uuidv7 } from "../../ids";
import { rawQuery } from "../../db/sql";
import type { IdempotencyRef } from "../../messages/send/commit-send";
import { storeIdempotentResponse } from "../../messages/send/idempotency";
import type { TargetList } from "../lists/find-list";
import type { RejectedRow } from "../lists/schemas";
import { launchedBy } from "../launched-by";
import { toFullPromotionRecord, type FullPromotionRecord, type PromotionRow } from "../promotion-record";
import { createRecipients } from "./create-recipients";
import { launchRejects } from "./launch-rejects";
import { launchPromotionInput } from "./schemas";
import { validateLaunch } from "./validate-launch";

export type LaunchResult = FullPromotionRecord & {
  accepted: number;
  rejected: number;
  optout: number;
  rejectedRows: RejectedRow[];
};

/**
 * E1: validates the body against the list, writes the promotion in `Preparing` (visible, and
 * cancellable, while its recipients are created), then in one transaction its recipients
 * (INSERT ... SELECT from the list), the round-0 counters and the hand-over to the engine:
 * `Active` with next_run_at = now, or `Scheduled` at scheduleTime (promo-shared contract).
 */
/** Recipients from which a launch refreshes the table's planner statistics itself. */
const ANALYZE_FROM = 10_000;

export async function launchPromotion(
  ctx: Ctx,
  input: { businessId: string; list: TargetList; body: unknown; idempotency?: IdempotencyRef },
): Promise<LaunchResult> {
  const parsed = launchPromotionInput.safeParse(input.body);
  if (!parsed.success) throw invalidInput(parsed.error, "Invalid promotion");
  const body = parsed.data;
  const { businessId, list } = input;
  const checked = await validateLaunch(ctx, businessId, body, list.columns);
  const now = new Date();
  const endTime = body.promotionEndTime ?? body.expiry ?? null;
  if (endTime && endTime <= now) {
    throw invalid("promotionEndTime is in the past", [{ path: "promotionEndTime", message: "In the past" }]);
  }
  const at = body.scheduleTime ?? body.scheduledTime;
  const scheduleTime = at && at > now ? at : null;
  const maxRetries = body.retryPromotion ? (body.maxRetries ?? 3) : (body.maxRetries ?? 0);
  const id = uuidv7();
  await ctx.db.insert(promotions).values({
    id,
    businessId,
    kind: "promotion",
    name: body.name,
    channelType: body.channelType,
    status: "Preparing",
    ...launchedBy(ctx),
    promotionType: body.promotionType ?? (scheduleTime ? "SCHEDULED" : "IMMEDIATE"),
    targetListId: list.id,
    targetListName: list.name,
    flowId: body.flowId ?? null,
    flowName: body.flowName ?? null,
    promotionBase: body.promotionBase ?? "TEMPLATE",
    attributionWindow: body.attributionWindow ?? 24,
    phoneNumberId: checked.sender,
    templateId: checked.template.id,
    template: {
      name: checked.template.name,
      id: checked.template.id,
      language: checked.template.language,
      category: checked.template.category,
      components: body.template.components,
    },
    promotionEndTime: endTime,
    scheduleTime,
    retryPromotion: body.retryPromotion ?? false,
    maxRetries,
    retriesLeft: maxRetries,
    batchSize: body.batchSize ?? 0,
    batchTimer: body.batchTimer ?? 0,
    staggered: body.staggered ?? false,
    subscriberLimitPerGroup: body.subscriberLimitPerGroup ?? 0,
    callCampaign: body.callCampaign ?? false,
    utilityTemplateIndex: body.utilityTemplateIndex ?? 0,
    stopOnCategoryUpdate: body.stopOnCategoryUpdate ?? false,
  });
  try {
    return await inTransaction(ctx, async (tx) => {
      // The list cannot be replaced under the launch, nor the promotion cancelled mid-way. (A
      // list replaced before this point may be kept, retired under a hidden name: not this one.)
      const [held] = await rawQuery(
        tx.db,
        "SELECT 1 FROM target_lists WHERE id = $1 AND name = $2 FOR SHARE",
        [list.id, list.name],
      );
      if (!held) throw conflict(`The list '${list.name}' was replaced during the launch; launch again`);
      const [current] = await rawQuery<{ status: string }>(
        tx.db,
        "SELECT status FROM promotions WHERE id = $1 FOR UPDATE",
        [id],
      );
      if (current?.status !== "Preparing") throw conflict("The promotion was cancelled during its launch");
      const counts = await createRecipients(tx, {
        promotionId: id,
        businessId,
        listId: list.id,
        columns: checked.columns,
      });
      if (counts.accepted === 0) {
        throw invalid(`No row of the list '${list.name}' has a value for every variable`, [
          { path: "template.components", message: `Missing values of ${checked.columns.join(", ")}` },
        ]);
      }
      // A large launch changes promotion_recipients more than its statistics know until
      // autovacuum's next ANALYZE (up to a minute later): meanwhile the planner may scan the
      // table for the engine's lookups by message id, seconds per status batch. Analyzed here,
      // in the launch's transaction (ANALYZE counts this transaction's own rows).
      if (counts.accepted >= ANALYZE_FROM) await rawQuery(tx.db, "ANALYZE promotion_recipients", []);
      await tx.db
        .insert(promotionCounters)
        .values({ promotionId: id, round: 0, businessId, optout: counts.optout });
      await rawQuery(
        tx.db,
        `UPDATE promotions SET status = $2, next_run_at = coalesce($3::timestamptz, now()), updated_at = now()
         WHERE id = $1`,
        [id, scheduleTime ? "Scheduled" : "Active", scheduleTime],
      );
      const [record] = await tx.db.select().from(promotions).where(eq(promotions.id, id));
      const rejectedRows =
        list.rejectedCount + counts.missing > 0
          ? await launchRejects(tx, { businessId, listId: list.id, columns: checked.columns })
          : [];
      const result: LaunchResult = {
        ...toFullPromotionRecord(record as PromotionRow),
        accepted: counts.accepted,
        rejected: list.rejectedCount + counts.missing,
        optout: counts.optout,
        rejectedRows,
      };
      if (input.idempotency) {
        await storeIdempotentResponse(tx, {
          businessId,
          key: input.idempotency.key,
          status: 200,
          body: result,
        });
      }
      return result;
    });
  } catch (err) {
    // Nothing of the launch committed but the promotion row: a refused launch leaves no trace.
    await rawQuery(ctx.db, "DELETE FROM promotions WHERE id = $1 AND status = 'Preparing'", [id]).catch(
      () => undefined,
    );
    throw err;
  }
}
