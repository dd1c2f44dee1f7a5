import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { formatInZone } from "@/components/ui/format";
import { BATCHES_SHOWN, type CampaignBatch } from "@/lib/promotions/dashboard/list-campaign-batches";
import { SimpleTable } from "@/components/campaigns/simple-table";

const n = (v: number | null) => (v === null ? "—" : v.toLocaleString("en-US"));

/** An RCS campaign's batches (C2) with their capability results and fallback sends. */
export function CampaignBatches({
  batches,
  total,
  timeZone,
}: {
  batches: CampaignBatch[];
  total: number;
  timeZone: string;
}) {
  return (
    <Card className="min-w-0">
      <CardHeader
        title="Batches"
        description={
          total > BATCHES_SHOWN
            ? `The latest ${BATCHES_SHOWN} of ${total.toLocaleString("en-US")} batches.`
            : "Each batch added through the API, with its RCS capability check."
        }
      />
      <CardBody>
        {batches.length === 0 ? (
          <p className="text-sm text-slate-600">
            No batches yet. Add recipients with POST /api/v3/promotion/&#123;tenant_id&#125;/rcs/batch.
          </p>
        ) : (
          <SimpleTable
            caption="Batches of the RCS campaign"
            testId="batches"
            columns={[
              { header: "Added" },
              { header: "Template" },
              { header: "Check" },
              { header: "Subscribers", numeric: true },
              { header: "RCS", numeric: true },
              { header: "Not RCS", numeric: true },
              { header: "Fallback sends", numeric: true },
            ]}
            rows={batches.map((b) => ({
              key: b.id,
              cells: [
                <span key="a" className="whitespace-nowrap">
                  {formatInZone(b.createdAt, timeZone)}
                </span>,
                b.templateName ?? "—",
                !b.doCapability ? "Not asked" : b.state === "checking" ? "Checking…" : "Checked",
                n(b.total),
                n(b.rcsCount),
                n(b.nonRcsCount),
                n(b.fallbackSends),
              ],
            }))}
          />
        )}
      </CardBody>
    </Card>
  );
}
