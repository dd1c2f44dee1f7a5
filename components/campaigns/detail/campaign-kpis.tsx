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

/** E4's totals (each recipient once, under its latest outcome), one tile each. */
export function CampaignKpis({ stats }: { stats: PromotionStats }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7" aria-label="Campaign totals">
      {kpis.map(([key, label]) => (
        <div key={key} className="min-w-0 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd
            className={`mt-1 text-2xl font-semibold tabular-nums ${key === "failed" && stats.failed > 0 ? "text-red-700" : "text-slate-900"}`}
            data-testid={`kpi-${key}`}
          >
            {stats[key].toLocaleString("en-US")}
          </dd>
        </div>
      ))}
    </dl>
  );
}
