import type { promotions } from "@/db/schema";

export type PromotionRow = typeof promotions.$inferSelect;

const epoch = (d: Date | null): number => (d ? Math.floor(d.getTime() / 1000) : 0);

/** The spec's "Promotion record (list entry)" (E2); `platformId` is the business id too. */
export function toPromotionRecord(row: PromotionRow) {
  return {
    promotionId: row.id,
    businessId: row.businessId,
    platformId: row.businessId,
    name: row.name,
    channelType: row.channelType,
    status: row.status,
    createdBy: row.createdBy,
    promotionType: row.promotionType,
    targetSource: row.targetSource,
    targetType: row.targetListName ?? "",
    flowId: row.flowId,
    flowName: row.flowName,
    promotionBase: row.promotionBase,
    attributionWindow: row.attributionWindow,
    promotionEndTime: epoch(row.promotionEndTime),
    createdDate: epoch(row.createdAt),
  };
}

/** "The full promotion record" (E1's answer, E5's answer): the list entry and the rest. */
export function toFullPromotionRecord(row: PromotionRow) {
  return {
    ...toPromotionRecord(row),
    targetListId: row.targetListId ?? "",
    targetListName: row.targetListName ?? "",
    phoneNumberId: row.phoneNumberId ?? "",
    template: row.template ?? null,
    startTime: epoch(row.startTime),
    mostRecentStartTime: epoch(row.mostRecentStartTime),
    scheduleTime: row.scheduleTime ? row.scheduleTime.toISOString() : "",
    tagSearchCriteria: row.tagSearchCriteria,
    retryPromotion: row.retryPromotion,
    maxRetries: row.maxRetries,
    retriesLeft: row.retriesLeft,
    batchSize: row.batchSize,
    batchTimer: row.batchTimer,
    staggered: row.staggered,
    subscriberLimitPerGroup: row.subscriberLimitPerGroup,
    callCampaign: row.callCampaign,
    utilityTemplateIndex: row.utilityTemplateIndex,
    stopOnCategoryUpdate: row.stopOnCategoryUpdate,
    /** Not in the spec: why the promotion stopped or ended when no user did it. */
    statusReason: row.statusReason,
    /** Not in the spec: its links are tracked short links (docs/economics.md). */
    trackClicks: row.trackClicks,
  };
}

export type PromotionRecord = ReturnType<typeof toPromotionRecord>;
export type FullPromotionRecord = ReturnType<typeof toFullPromotionRecord>;
