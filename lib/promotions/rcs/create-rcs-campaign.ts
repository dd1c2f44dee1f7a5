import { eq } from "drizzle-orm";
import { businesses, promotionCounters, promotions } from "@/db/schema";
import { inTransaction, type Ctx } from "../../context";
import { AppError, notFound } from "../../errors";
import { uuidv7 } from "../../ids";
import { requireSender } from "../../messages/dispatch/sender-channel";
import { nextMidnight } from "./next-midnight";
import { createRcsCampaignInput, type CreateRcsCampaignInput } from "./schemas";
import { launchedBy } from "../launched-by";
import { validateFallback } from "./validate-fallback";

export type CreateRcsCampaignOptions = {
  /** Completes the request's Idempotency-Key with the answer in the same transaction. */
  onCommit?: (tx: Ctx, result: { promotionId: string }) => Promise<void>;
  now?: Date;
};

/**
 * C1: a batched RCS campaign. It is `Active` from the start with no recipients: batches (C2)
 * bring them, and the engine sends them until `promotionEndTime`. Its sender is the business's
 * RCS agent, as for A2/A5; the channel must be enabled.
 */
export async function createRcsCampaign(
  ctx: Ctx,
  businessId: string,
  raw: CreateRcsCampaignInput,
  opts: CreateRcsCampaignOptions = {},
): Promise<{ promotionId: string }> {
  const input = createRcsCampaignInput.parse(raw);
  const now = opts.now ?? new Date();
  const { sender } = await requireSender(ctx, businessId, "rcs");
  const fallback = input.fallback ? await validateFallback(ctx, businessId, input.fallback) : null;
  const [business] = await ctx.db
    .select({ timeZone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!business) throw notFound("Business");
  let endTime: Date;
  if (input.promotionExpiry === undefined) {
    endTime = nextMidnight(business.timeZone, now);
  } else {
    endTime = new Date(input.promotionExpiry * 1000);
    if (endTime.getTime() <= now.getTime()) {
      const message = `promotionExpiry ${input.promotionExpiry} is in the past; give a future time in epoch seconds, or leave it out for the coming midnight (${business.timeZone})`;
      throw new AppError("invalid_request", message, [{ path: "promotionExpiry", message }]);
    }
  }
  const promotionId = uuidv7();
  return inTransaction(ctx, async (tx) => {
    await tx.db.insert(promotions).values({
      id: promotionId,
      businessId,
      kind: "rcs_campaign",
      name: input.promotionName,
      channelType: "rcs",
      status: "Active",
      ...launchedBy(ctx),
      promotionType: "IMMEDIATE",
      targetSource: "API",
      phoneNumberId: sender,
      promotionEndTime: endTime,
      startTime: now,
      mostRecentStartTime: now,
      fallback,
      trackClicks: input.trackClicks ?? true,
      // Nothing to send until a batch arrives; due at expiry so the engine ends it on time.
      nextRunAt: endTime,
    });
    await tx.db.insert(promotionCounters).values({ promotionId, round: 0, businessId, optout: 0 });
    const result = { promotionId };
    await opts.onCommit?.(tx, result);
    return result;
  });
}
