"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { findPromotion } from "@/lib/promotions/engine/find-promotion";
import { retryFailedNow } from "@/lib/promotions/engine/retry-failed-now";
import {
  updatePromotionStatus,
  updatePromotionStatusInput,
} from "@/lib/promotions/engine/update-promotion-status";
import { getPromotionStats } from "@/lib/promotions/reports/get-promotion-stats";

const id = z.string();
const pageOf = (promotionId: string) => `/campaigns/${promotionId}`;

/** Stop, resume (Active) or cancel: E5's status change, the same domain function as the API. */
export const changeCampaignStatusAction = defineAction(
  {
    action: "changeCampaignStatusAction",
    input: z.tuple([id, updatePromotionStatusInput.shape.status]),
    revalidate: ([promotionId]) => [pageOf(promotionId)],
  },
  async ([promotionId, status], { ctx, businessId }) => {
    const record = await updatePromotionStatus(ctx, businessId, promotionId, { type: "status", status });
    return { status: record.status };
  },
);

/** Starts the waiting retry round now instead of after PROMOTIONS_RETRY_DELAY_SECONDS. */
export const retryFailedNowAction = defineAction(
  { action: "retryFailedNowAction", input: id, revalidate: (promotionId) => [pageOf(promotionId)] },
  async (promotionId, { ctx, businessId }) => retryFailedNow(ctx, businessId, promotionId),
);

/**
 * What the live page compares between polls: the campaign's status and E4's counters (one
 * indexed read of the counters rows), so it re-renders only when something moved.
 */
export const campaignProgressAction = defineAction(
  { action: "campaignProgressAction", input: id },
  async (promotionId, { ctx, businessId }) => {
    const p = await findPromotion(ctx, businessId, promotionId, undefined);
    const stats = await getPromotionStats(ctx, businessId, p.id);
    return {
      status: p.status,
      fingerprint: JSON.stringify([p.status, p.currentRound, p.nextRunAt, stats.statsReport]),
    };
  },
);
