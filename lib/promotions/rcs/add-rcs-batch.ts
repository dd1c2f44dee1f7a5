import { and, eq, sql } from "drizzle-orm";
import { promotions } from "@/db/schema";
import { inTransaction, type Ctx } from "../../context";
import { AppError } from "../../errors";
import { isUuid, uuidv7 } from "../../ids";
import { rawQuery } from "../../db/sql";
import { rcsCardsFromSpec } from "../../messages/content/rcs-card-values";
import { fillRcsCards } from "../../messages/content/rcs-content";
import { sendableTemplate } from "../../messages/send/sendable-template";
import { referencedColumns, stringsIn } from "../column-references";
import { capabilityQueue } from "./capability-queue";
import { claimBatchSubscribers } from "./claim-batch-subscribers";
import { prepareSubscribers } from "./prepare-subscribers";
import { addRcsBatchInput, type AddRcsBatchInput, type AddRcsBatchResult } from "./schemas";
import { validateFallback } from "./validate-fallback";

const bad = (path: string, message: string) => new AppError("invalid_request", message, [{ path, message }]);

/**
 * C2: a batch of an RCS campaign. Without `doCapability` its subscribers are `pending` at once
 * (the engine sends them); with it they wait in the batch until the capability job has checked
 * them. Opted-out numbers become `optout` recipients either way (counted, never sent).
 */
export async function addRcsBatch(
  ctx: Ctx,
  businessId: string,
  raw: AddRcsBatchInput,
  opts: { onCommit?: (tx: Ctx, result: AddRcsBatchResult) => Promise<void> } = {},
): Promise<AddRcsBatchResult> {
  const input = addRcsBatchInput.parse(raw);
  const unknown = bad(
    "promotionId",
    `No RCS campaign with promotionId '${input.promotionId}' in this business`,
  );
  if (!isUuid(input.promotionId)) throw unknown;
  const [campaign] = await ctx.db
    .select({ kind: promotions.kind })
    .from(promotions)
    .where(and(eq(promotions.id, input.promotionId), eq(promotions.businessId, businessId)));
  if (!campaign || campaign.kind !== "rcs_campaign") throw unknown;

  const template = await sendableTemplate(ctx, { businessId, channel: "rcs", id: input.templateId });
  // Checks each card's variable count against the template now, rather than failing every send later.
  const cards = rcsCardsFromSpec(input.components, undefined, "components");
  fillRcsCards(template, cards, "components");
  const values = cards.flatMap((c) => [...(c?.values ?? []), ...(c?.mediaUrl ? [c.mediaUrl] : [])]);
  const fallback = input.fallback ? await validateFallback(ctx, businessId, input.fallback) : null;

  const { accepted, rejected } = prepareSubscribers(input.subscribers, referencedColumns(stringsIn(values)));
  const batchId = uuidv7();
  return inTransaction(ctx, async (tx) => {
    const [p] = await tx.db
      .select({
        status: promotions.status,
        // On the database's clock, as the scheduler expires it.
        ended: sql<boolean>`${promotions.promotionEndTime} <= now()`,
        endTime: promotions.promotionEndTime,
      })
      .from(promotions)
      .where(and(eq(promotions.id, input.promotionId), eq(promotions.businessId, businessId)))
      .for("update");
    if (!p) throw unknown;
    if (["Stopped", "Cancelled", "Completed", "Expired"].includes(p.status)) {
      throw bad("promotionId", `The campaign is ${p.status}: no batch can be added to it`);
    }
    if (p.ended) {
      throw bad(
        "promotionId",
        `The campaign expired at ${p.endTime?.toISOString()} (promotionExpiry): no batch can be added to it; create a new campaign`,
      );
    }
    const claimed = await claimBatchSubscribers(tx, {
      businessId,
      promotionId: input.promotionId,
      batchId,
      accepted,
      rejected,
      doCapability: input.doCapability,
    });
    if (claimed.total === 0) {
      const message = "No subscriber of this batch can be added: every one was rejected (see details)";
      throw new AppError(
        "invalid_request",
        message,
        rejected
          .slice(0, 100)
          .map((r) => ({ path: `subscribers[${r.index}].phone`, message: `${r.phone}: ${r.reason}` })),
      );
    }
    await rawQuery(
      tx.db,
      `INSERT INTO promotion_batches (id, business_id, promotion_id, template_id, components, do_capability,
         state, total, fallback, first_seq, awaiting)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9::jsonb, $10, $11::jsonb)`,
      [
        batchId,
        businessId,
        input.promotionId,
        template.id,
        JSON.stringify(input.components),
        input.doCapability,
        input.doCapability ? "checking" : "ready",
        claimed.total,
        fallback ? JSON.stringify(fallback) : null,
        claimed.firstSeq,
        input.doCapability ? JSON.stringify(claimed.awaiting) : null,
      ],
    );
    if (input.doCapability) {
      await capabilityQueue.send(tx.db, { businessId, promotionId: input.promotionId, batchId });
    } else if (claimed.pending > 0) {
      await tx.db
        .update(promotions)
        .set({ nextRunAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(promotions.id, input.promotionId), eq(promotions.businessId, businessId)));
    }
    const result: AddRcsBatchResult = { batchId, accepted: claimed.total, rejected };
    await opts.onCommit?.(tx, result);
    return result;
  });
}
