import { KpiTile } from "@/components/ui/kpi-tile";
import type { PromotionStats } from "@/lib/promotions/reports/get-promotion-stats";

export const kpis = [
  ["attempted", "Attempted"],
  ["sent", "Sent"],
  ["delivered", "Delivered"],
  ["read", "Read"],
  ["interacted", "Interacted"],
  ["failed", "Failed"],
  ["optout", "Opted out"],
] as const;

/**
 * Reach, as the funnel counts it: a recipient counts at every step it reached (a read message
 * was also sent and delivered), from E4's totals, which count it once under its latest status.
 */
export function reachOf(s: PromotionStats): Record<(typeof kpis)[number][0], number> {
  const delivered = s.delivered + s.read;
  return { ...s, sent: s.sent + delivered, delivered };
}

/** One tile per count: reach (as the funnel beside it), failures and opt-outs. */
export function CampaignKpis({ stats }: { stats: PromotionStats }) {
  const reach = reachOf(stats);
  return (
    <section aria-labelledby="kpis-heading" className="space-y-2">
      <h2 id="kpis-heading" className="text-sm text-slate-600">
        <span className="font-semibold text-slate-900">Reach</span>: each recipient at every step it reached,
        as in the funnel. The rounds table below shows current states.
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7" aria-label="Campaign reach">
        {kpis.map(([key, label]) => (
          <KpiTile
            key={key}
            label={label}
            testId={`kpi-${key}`}
            tone={key === "failed" && stats.failed > 0 ? "alert" : "normal"}
          >
            {reach[key].toLocaleString("en-US")}
          </KpiTile>
        ))}
      </dl>
    </section>
  );
}
