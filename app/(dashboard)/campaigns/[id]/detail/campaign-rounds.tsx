import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { PromotionStats } from "@/lib/promotions/reports/get-promotion-stats";
import { kpis } from "./campaign-kpis";
import { SimpleTable } from "@/components/campaigns/simple-table";

const n = (v: number) => v.toLocaleString("en-US");

/** E4's statsReport: one row per round (0 = first send, then each retry), as it was counted. */
export function CampaignRounds({ stats }: { stats: PromotionStats }) {
  return (
    <Card className="min-w-0">
      <CardHeader
        title="Rounds: current states"
        description="The first send and each retry round: each recipient once, under its current state (the same counts as the campaign's statistics in the API)."
      />
      <CardBody>
        <SimpleTable
          caption="Current states per retry round"
          testId="rounds"
          columns={[{ header: "Round" }, ...kpis.map(([, label]) => ({ header: label, numeric: true }))]}
          rows={stats.statsReport.map((r) => ({
            key: String(r.promotionRetryNumber),
            cells: [
              <span key="r" className="whitespace-nowrap">
                {r.promotionRetryNumber === 0 ? "First send" : `Retry ${r.promotionRetryNumber}`}
              </span>,
              ...kpis.map(([k]) => n(r[k])),
            ],
          }))}
        />
      </CardBody>
    </Card>
  );
}
