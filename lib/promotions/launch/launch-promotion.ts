import { and, eq } from "drizzle-orm";
import { promotions, targetLists } from "@/db/schema";
import { inTransaction, type Ctx } from "../../context";
import { invalid, invalidInput, conflict } from "../../errors";
import { uuidv7 } from "../../ids";
import type { IdempotencyRef } from "../../messages/send/commit-send";
import { storeIdempotentResponse } from "../../idempotency/key-store";
import type { TargetList } from "../lists/find-list";
import type { RejectedRow } from "../lists/schemas";
import { launchedBy } from "../launched-by";
import { flowForCampaign } from "../../flows/flow-for-campaign";
import { toFullPromotionRecord, type FullPromotionRecord, type PromotionRow } from "../promotion-record";
import { env } from "../../env";
import { listRejects } from "../lists/list-rejects";
import { launchRejects } from "./launch-rejects";
import { prepareRecipients } from "./prepare-recipients";
import { DEFAULT_ATTRIBUTION_WINDOW_HOURS, launchPromotionInput } from "./schemas";
import { validateLaunch } from "./validate-launch";
import { variableCells } from "./variable-columns";
import { checkVariants, storedAbTest } from "../ab/check-variants";
import { withVariantTemplate } from "../ab/schemas";

export type LaunchResult = FullPromotionRecord & {
  accepted: number;
  rejected: number;
  optout: number;
  /** With an A/B test: recipients drawn into its holdout (never sent). */
  holdout?: number;
  rejectedRows: RejectedRow[];
};

/**
 * E1: validates the body against the list and writes the promotion in `Preparing` (visible, and
 * cancellable, while its recipients are created). A list of up to
 * PROMOTION_PREPARE_INLINE_MAX_ROWS rows is then prepared in the same request, in one
 * transaction (prepareRecipients): the answer has the final counts and the promotion is
 * `Active` (next_run_at = now) or `Scheduled` at scheduleTime. A larger list answers at once,
 * its rows stored and validated, in `Preparing` with next_run_at = now: the scheduler's next
 * tick prepares it (preparePromotions), and E4/E2 then have the final counts.
 */
export async function launchPromotion(
  ctx: Ctx,
  input: {
    businessId: string;
    list: TargetList;
    body: unknown;
    idempotency?: IdempotencyRef;
    /** A segment's or tags' audience (launchOnAudience): `list` is its frozen snapshot. */
    audience?: { source: string; name: string; criteria: string };
  },
): Promise<LaunchResult> {
  const parsed = launchPromotionInput.safeParse(withVariantTemplate(input.body));
  if (!parsed.success) throw invalidInput(parsed.error, "Invalid promotion");
  const body = parsed.data;
  const { businessId, list } = input;
  const checked = await validateLaunch(ctx, businessId, body, list.columns);
  const ab = await checkVariants(ctx, businessId, body, list.columns);
  const flow = await flowForCampaign(ctx, businessId, body);
  const now = new Date();
  const endTime = body.promotionEndTime ?? body.expiry ?? null;
  if (endTime && endTime <= now) {
    throw invalid("promotionEndTime is in the past", [{ path: "promotionEndTime", message: "In the past" }]);
  }
  const at = body.scheduleTime ?? body.scheduledTime;
  const scheduleTime = at && at > now ? at : null;
  const maxRetries = body.retryPromotion ? (body.maxRetries ?? 3) : (body.maxRetries ?? 0);
  const id = uuidv7();
  const row: typeof promotions.$inferInsert = {
    id,
    businessId,
    kind: "promotion",
    name: body.name,
    channelType: body.channelType,
    status: "Preparing",
    ...launchedBy(ctx),
    promotionType: body.promotionType ?? (scheduleTime ? "SCHEDULED" : "IMMEDIATE"),
    targetListId: list.id,
    targetListName: input.audience?.name ?? list.name,
    ...(input.audience && {
      targetSource: input.audience.source,
      tagSearchCriteria: input.audience.criteria,
    }),
    flowId: flow?.flowId ?? null,
    flowName: flow?.flowName ?? null,
    promotionBase: body.promotionBase ?? "TEMPLATE",
    attributionWindow: body.attributionWindow ?? DEFAULT_ATTRIBUTION_WINDOW_HOURS,
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
    trackClicks: body.trackClicks ?? true,
    abTest: ab && body.abTest ? storedAbTest(ab, body.abTest, id) : null,
    abWinnerHours: (ab && body.abTest?.winner?.testHours) || null,
  };
  if (list.rowCount > env().PROMOTION_PREPARE_INLINE_MAX_ROWS) {
    return launchForPreparation(ctx, { row, list, idempotency: input.idempotency });
  }
  await ctx.db.insert(promotions).values(row);
  try {
    return await inTransaction(ctx, async (tx) => {
      // The list cannot be replaced under the launch, nor the promotion cancelled mid-way. (A
      // list replaced before this point may be kept, retired under a hidden name: not this one.)
      await holdList(tx, list);
      const [current] = await tx.db
        .select({ status: promotions.status })
        .from(promotions)
        .where(eq(promotions.id, id))
        .for("update");
      if (current?.status !== "Preparing") throw conflict("The promotion was cancelled during its launch");
      const counts = await prepareRecipients(tx, {
        promotionId: id,
        businessId,
        // A snapshot's refusal names the audience, not its hidden list.
        list: input.audience ? { ...list, name: input.audience.name } : list,
        columns: ab ? [...new Set([...checked.columns, ...ab.columns])] : checked.columns,
        scheduleTime,
      });
      const [record] = await tx.db.select().from(promotions).where(eq(promotions.id, id));
      const rejectedRows =
        list.rejectedCount + counts.missing > 0
          ? await launchRejects(tx, {
              businessId,
              listId: list.id,
              vars: variableCells(list.columns, [
                ...body.template.components,
                ...(ab?.variants.flatMap((v) => v.components) ?? []),
              ]),
            })
          : [];
      const result: LaunchResult = {
        ...toFullPromotionRecord(record as PromotionRow),
        accepted: counts.accepted,
        rejected: list.rejectedCount + counts.missing,
        optout: counts.optout,
        ...(ab ? { holdout: counts.holdout } : {}),
        rejectedRows,
      };
      if (input.idempotency) await storeAnswer(tx, businessId, input.idempotency, result);
      return result;
    });
  } catch (err) {
    // Nothing of the launch committed but the promotion row: a refused launch leaves no trace.
    await ctx.db
      .delete(promotions)
      .where(and(eq(promotions.id, id), eq(promotions.status, "Preparing")))
      .catch(() => undefined);
    throw err;
  }
}

/** The list, FOR SHARE until commit: not replaced (renamed, deleted) under the launch. */
async function holdList(tx: Ctx, list: TargetList): Promise<void> {
  const [held] = await tx.db
    .select({ id: targetLists.id })
    .from(targetLists)
    .where(and(eq(targetLists.id, list.id), eq(targetLists.name, list.name)))
    .for("share");
  if (!held) throw conflict(`The list '${list.name}' was replaced during the launch; launch again`);
}

const storeAnswer = (tx: Ctx, businessId: string, idempotency: IdempotencyRef, body: LaunchResult) =>
  storeIdempotentResponse(tx, { businessId, key: idempotency.key, status: 200, body });

/**
 * A large list's launch: the promotion in `Preparing`, due now for the scheduler's preparation,
 * committed with the list held (a replacement of the list from then on retires it instead of
 * deleting it: dropList) and with the answer under the idempotency key. `accepted` and
 * `rejected` count the list's rows; rows missing a variable's value and opted-out numbers are
 * taken out during the preparation (E4 then counts them).
 */
async function launchForPreparation(
  ctx: Ctx,
  input: { row: typeof promotions.$inferInsert; list: TargetList; idempotency?: IdempotencyRef },
): Promise<LaunchResult> {
  const { row, list } = input;
  return inTransaction(ctx, async (tx) => {
    await holdList(tx, list);
    const [record] = await tx.db
      .insert(promotions)
      .values({ ...row, nextRunAt: new Date() })
      .returning();
    const rejectedRows = list.rejectedCount > 0 ? await listRejects(tx, row.businessId, list.id) : [];
    const result: LaunchResult = {
      ...toFullPromotionRecord(record as PromotionRow),
      accepted: list.rowCount,
      rejected: list.rejectedCount,
      optout: 0,
      rejectedRows,
    };
    if (input.idempotency) await storeAnswer(tx, row.businessId, input.idempotency, result);
    return result;
  });
}
