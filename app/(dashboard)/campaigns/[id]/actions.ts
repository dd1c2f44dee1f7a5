"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { findPromotion } from "@/lib/promotions/engine/find-promotion";
import { retryFailedNow } from "@/lib/promotions/engine/retry-failed-now";
import {
  updatePromotionStatus,
  type UpdatePromotionStatusInput,
} from "@/lib/promotions/engine/update-promotion-status";
import { getPromotionStats } from "@/lib/promotions/reports/get-promotion-stats";
import type { PromotionStatus } from "@/lib/promotions/state-machine";

/** Stop, resume (Active) or cancel: E5's status change, the same domain function as the API. */
export async function changeCampaignStatusAction(
  promotionId: string,
  status: UpdatePromotionStatusInput["status"],
): Promise<ActionResult<{ status: PromotionStatus }>> {
  return runAction(
    async () => {
      const user = await requireAction("changeCampaignStatusAction");
      const record = await updatePromotionStatus(userCtx(user), user.businessId, String(promotionId), {
        type: "status",
        status,
      });
      revalidatePath(`/campaigns/${record.promotionId}`);
      return { status: record.status };
    },
    promotionId,
    status,
  );
}

/** Starts the waiting retry round now instead of after PROMOTIONS_RETRY_DELAY_SECONDS. */
export async function retryFailedNowAction(
  promotionId: string,
): Promise<ActionResult<{ recipients: number; round: number }>> {
  return runAction(async () => {
    const user = await requireAction("retryFailedNowAction");
    const res = await retryFailedNow(userCtx(user), user.businessId, String(promotionId));
    revalidatePath(`/campaigns/${promotionId}`);
    return res;
  }, promotionId);
}

/**
 * What the live page compares between polls: the campaign's status and E4's counters (one
 * indexed read of the counters rows), so it re-renders only when something moved.
 */
export async function campaignProgressAction(
  promotionId: string,
): Promise<ActionResult<{ status: PromotionStatus; fingerprint: string }>> {
  return runAction(async () => {
    const user = await requireAction("campaignProgressAction");
    const ctx = userCtx(user);
    const p = await findPromotion(ctx, user.businessId, String(promotionId), undefined);
    const stats = await getPromotionStats(ctx, user.businessId, p.id);
    return {
      status: p.status,
      fingerprint: JSON.stringify([p.status, p.currentRound, p.nextRunAt, stats.statsReport]),
    };
  }, promotionId);
}
