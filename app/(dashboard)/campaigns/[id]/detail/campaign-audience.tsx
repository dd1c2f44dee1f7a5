import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { CampaignAudience as Audience } from "@/lib/promotions/dashboard/get-campaign-audience";

const n = (v: number) => v.toLocaleString("en-US");

/**
 * Every row of the list, as the wizard's dry run counted it: refused at launch (with a CSV of
 * the rows and their reasons), opted out, or sent (then a line of the report).
 */
export function CampaignAudience({ promotionId, audience }: { promotionId: string; audience: Audience }) {
  const items = [
    ["rows", "Rows in the list", audience.rows],
    ["refused", "Refused at launch", audience.refused],
    ["optout", "Opted out (never sent)", audience.optedOut],
    // An A/B test's holdout only: without one the dry run's four numbers stay as they were.
    ...(audience.holdout > 0 ? ([["holdout", "Holdout (never sent)", audience.holdout]] as const) : []),
    ["send", "To be sent", audience.toSend],
  ] as const;
  return (
    <Card className="min-w-0">
      <CardHeader
        title="Rows of the list"
        description="Every row is refused with a reason, opted out, or sent: the numbers of the dry run."
      />
      <CardBody className="space-y-3">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Rows of the list">
          {items.map(([id, label, value]) => (
            <div key={id} className="min-w-0">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd
                className="text-xl font-semibold text-slate-900 tabular-nums"
                data-testid={`audience-${id}`}
              >
                {n(value)}
              </dd>
            </div>
          ))}
        </dl>
        {audience.refused > 0 ? (
          <a
            href={`/campaigns/${promotionId}/refused`}
            download
            data-testid="download-refused"
            className="inline-block text-sm font-medium text-indigo-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            Download the {n(audience.refused)} refused rows (CSV, with reasons)
          </a>
        ) : null}
      </CardBody>
    </Card>
  );
}
