import type { Ctx } from "../../context";
import { getTimeZone } from "../../businesses/get-time-zone";
import { retryableCodes } from "../engine/config";
import { findPromotion } from "../engine/find-promotion";
import { findRetryWait } from "../engine/retry-failed-now";
import { campaignConversions } from "../../economics/conversions/campaign-conversions";
import { armCounts } from "../ab/arm-counts";
import { variantsOfCounts } from "../ab/variants-report";
import { readCampaignClicks } from "../../economics/links/get-campaign-clicks";
import { cachedCampaignCost } from "../../economics/cost/cached-campaign-cost";
import { getPromotionStats } from "../reports/get-promotion-stats";
import { getCampaignAudience } from "./get-campaign-audience";
import { getCampaignTimeline } from "./get-campaign-timeline";
import { listCampaignBatches } from "./list-campaign-batches";
import { listCampaignFailures } from "./list-campaign-failures";
import { listCampaignRecipients, RECIPIENTS_PAGEABLE } from "./list-campaign-recipients";

type RecipientsQuery = Omit<Parameters<typeof listCampaignRecipients>[3], "offset"> & { offset: number };

/**
 * Everything the campaign page reads, at once: each read is one indexed range or counters rows
 * (never a scan of the campaign's messages or recipients: the cost is priced again only when
 * the delivered count moved; the A/B arms and the clicks are their counters rows, kept as they
 * move), so the page's server time does not grow with the campaign
 * (bench/campaign-page.ts measures it on 1,000,000 messages, bench/campaign-report.ts on
 * 1,000,000 recipients with an A/B test, clicks and conversions).
 */
export async function loadCampaignPage(
  ctx: Ctx,
  businessId: string,
  id: string,
  recipients: RecipientsQuery,
) {
  const p = await findPromotion(ctx, businessId, id, undefined);
  // The recipients table's unfiltered total is the launch's account of the list (every row a
  // recipient or refused): read first (one counters row), it spares the table its count.
  const audience = await getCampaignAudience(ctx, businessId, p.id);
  const recipientCount =
    audience && p.status !== "Preparing" ? audience.toSend + audience.optedOut + audience.holdout : undefined;
  const [timeZone, stats, timeline, failures, page, batches, retryWait, earned, arms, clicks] =
    await Promise.all([
      getTimeZone(ctx, businessId),
      getPromotionStats(ctx, businessId, p.id),
      getCampaignTimeline(ctx, businessId, p.id),
      listCampaignFailures(ctx, businessId, p.id, retryableCodes()),
      listCampaignRecipients(
        ctx,
        businessId,
        p.id,
        { ...recipients, offset: Math.min(recipients.offset, RECIPIENTS_PAGEABLE) },
        recipientCount,
      ),
      p.kind === "rcs_campaign" ? listCampaignBatches(ctx, businessId, p.id) : null,
      findRetryWait(ctx, p),
      campaignConversions(ctx, businessId, p.id),
      p.abTest ? armCounts(ctx, { id: p.id, businessId }) : null,
      readCampaignClicks(ctx, businessId, p),
    ]);
  const variants = arms ? await variantsOfCounts(ctx, businessId, p, arms) : null;
  // Priced again only when the delivered count moved (a scan of the delivered recipients).
  const cost = await cachedCampaignCost(ctx, businessId, p.id, stats.delivered + stats.read);
  return {
    p,
    timeZone,
    stats,
    timeline,
    failures,
    recipients: page,
    batches,
    retryWait,
    audience,
    earned,
    cost,
    clicks,
    variants,
  };
}
