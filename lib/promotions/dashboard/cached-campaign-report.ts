import type { Ctx } from "../../context";
import { readCampaignClicks, type CampaignClicks } from "../../economics/links/get-campaign-clicks";
import { armCounts, type ArmCounts } from "../ab/arm-counts";
import { campaignReportMark } from "./campaign-report-mark";

/** Campaigns whose report is kept (the most recently asked). */
const KEPT = 1_000;
type Report = { armCounts: ArmCounts[] | null; clicks: CampaignClicks };
const kept = new Map<string, { mark: string; report: Report }>();

type Campaign = {
  id: string;
  trackClicks: boolean;
  abTest: unknown;
  startTime: Date | null;
  createdAt: Date;
  attributionWindow: number;
};

/**
 * The campaign page's report reads that scan the campaign (the A/B arms' numbers over its
 * recipients, armCounts, and its clicks and links, readCampaignClicks), read again only when
 * their mark (campaignReportMark: counters, clicks, conversions) has moved since they were
 * kept: a campaign nothing happened to since the last load is answered from memory, as its
 * cost is (cachedCampaignCost). Each instance keeps its own; any change is seen on the next load.
 */
export async function cachedCampaignReport(ctx: Ctx, businessId: string, p: Campaign): Promise<Report> {
  const c = {
    id: p.id,
    businessId,
    startedAt: p.startTime ?? p.createdAt,
    attributionWindow: p.attributionWindow,
  };
  const key = `${businessId}:${p.id}:${p.trackClicks}:${c.startedAt.getTime()}:${c.attributionWindow}:${p.abTest ? 1 : 0}`;
  const mark = await campaignReportMark(ctx, businessId, c);
  const hit = kept.get(key);
  if (hit && hit.mark === mark) {
    kept.delete(key);
    kept.set(key, hit);
    return hit.report;
  }
  const [counts, clicks] = await Promise.all([
    p.abTest ? armCounts(ctx, c) : null,
    readCampaignClicks(ctx, businessId, p),
  ]);
  const report = { armCounts: counts, clicks };
  kept.delete(key);
  kept.set(key, { mark, report });
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return report;
}
