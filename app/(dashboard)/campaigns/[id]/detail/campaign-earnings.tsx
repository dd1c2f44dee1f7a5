import { CostByCountry, formatMoney } from "@/components/campaigns/cost-by-country";
import type { CampaignConversionsDoc } from "@/lib/economics/conversions/schemas";
import type { CostByCard } from "@/lib/economics/cost/price-numbers";
import { KpiTile } from "@/components/ui/kpi-tile";

const percent = (rate: number) => `${(rate * 100).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;

const days = (hours: number) =>
  hours % 24 === 0 ? `${hours / 24} ${hours === 24 ? "day" : "days"}` : `${hours} hours`;

/**
 * What the campaign earned (docs/economics.md): conversions attributed to it within its
 * attribution window, the rate against messages sent, revenue per currency, and what the
 * delivered messages cost by the rate card.
 */
export function CampaignEarnings({
  earned,
  cost,
}: {
  earned: CampaignConversionsDoc;
  cost: (CostByCard & { free: number; reported: number }) | null;
}) {
  const tiles: Array<[string, string, string]> = [
    ...(earned.conversions > 0
      ? ([
          ["conversions", "Conversions", earned.conversions.toLocaleString("en-US")],
          ["conversion-rate", "Conversion rate", percent(earned.conversionRate)],
        ] as Array<[string, string, string]>)
      : []),
    ...earned.revenue.flatMap((r): Array<[string, string, string]> => [
      [`revenue-${r.currency}`, `Revenue (${r.currency})`, formatMoney(r.value, r.currency)],
      [
        `revenue-per-message-${r.currency}`,
        `Per message sent (${r.currency})`,
        formatMoney(r.perMessageSent, r.currency),
      ],
    ]),
    ...(cost
      ? ([["cost", `Cost (${cost.currency})`, formatMoney(cost.total, cost.currency)]] as Array<
          [string, string, string]
        >)
      : []),
  ];
  return (
    <section aria-labelledby="earned-heading" className="space-y-2">
      <h2 id="earned-heading" className="text-sm text-slate-600">
        <span className="font-semibold text-slate-900">Earned</span>: conversions your system reported within{" "}
        {days(earned.attributionWindowHours)} of a message of this campaign (last touch).
      </h2>
      {earned.conversions === 0 ? (
        <p
          className="rounded-lg bg-white p-4 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200"
          data-testid="earned-empty"
        >
          No conversions yet. Report purchases and sign-ups with{" "}
          <code className="[overflow-wrap:anywhere]">POST /api/v3/conversions/&#123;business_id&#125;</code>;
          each is credited to the last campaign message its number received within the campaign&apos;s window.
        </p>
      ) : null}
      {tiles.length > 0 ? (
        // Up to five tiles (conversions, rate, revenue, per message, cost): one row of them at a
        // laptop's width, not four and one left alone.
        <dl
          className={`grid grid-cols-2 gap-3 sm:grid-cols-3 ${tiles.length > 4 ? "lg:grid-cols-5" : "lg:grid-cols-4"}`}
          aria-label="What the campaign earned"
        >
          {tiles.map(([key, label, value]) => (
            <KpiTile key={key} label={label} testId={`kpi-${key}`}>
              {value}
            </KpiTile>
          ))}
        </dl>
      ) : null}
      {cost && cost.messages > 0 ? (
        <details className="rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
          <summary className="cursor-pointer font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600">
            Cost by country: {cost.messages.toLocaleString("en-US")} charged messages by the rates of{" "}
            {cost.card.name} (effective {cost.card.effective})
            {cost.reported > 0
              ? `; ${cost.reported.toLocaleString("en-US")} at the category Meta reported`
              : ""}
            {cost.free > 0
              ? `; ${cost.free.toLocaleString("en-US")} delivered free (Meta: not billable)`
              : ""}
          </summary>
          <div className="mt-3">
            <CostByCountry cost={cost} caption="Cost by country" />
          </div>
        </details>
      ) : null}
    </section>
  );
}
