import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { VariantsReport } from "@/lib/promotions/ab/variants-report";
import type { WinnerState } from "@/lib/promotions/ab/winner-state";

const n = (v: number) => v.toLocaleString("en-US");
const pct = (rate: number) => `${(rate * 100).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;
const METRICS = ["delivered", "read", "replied", "clicked", "converted"] as const;

/** The winner's state (winnerStatus) as the badge beside its sentence says it. */
const STATE: Record<WinnerState, { label: string; tone: BadgeTone }> = {
  waiting: { label: "Testing", tone: "info" },
  held: { label: "Picking the winner", tone: "info" },
  picked: { label: "Sending the winner", tone: "accent" },
  not_enough_data: { label: "No verdict", tone: "warning" },
  sent: { label: "Sent to the rest", tone: "success" },
  ended: { label: "Ended before the rest was sent", tone: "neutral" },
};

/**
 * An A/B test's arms side by side (docs/economics.md, "A/B variants and a holdout"): each
 * arm's recipients and its rates, then each variant's conversion lift over the holdout (or the
 * first variant) with its 95% interval and the verdict in words. With a winner to send to the
 * rest, `winner` says where it stands (winnerSentence) and the badge its state (waiting, held,
 * picked, not enough data, sent, ended: report.winner.state).
 */
export function CampaignVariants({
  report,
  winner,
}: {
  report: VariantsReport;
  winner?: { decided: boolean; text: string } | null;
}) {
  return (
    <section aria-labelledby="variants-heading" className="min-w-0 space-y-2">
      <h2 id="variants-heading" className="text-sm text-slate-600">
        <span className="font-semibold text-slate-900">A/B test</span>:{" "}
        {report.arms.filter((a) => a.arm > 0).length} variants
        {report.holdoutPercent > 0 ? `, ${report.holdoutPercent}% holdout sent nothing` : ""}; recipients
        drawn at random by country.
      </h2>
      {winner ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800" data-testid="ab-winner">
          {report.winner.state ? (
            <Badge tone={STATE[report.winner.state].tone}>{STATE[report.winner.state].label}</Badge>
          ) : null}
          <span className="[overflow-wrap:anywhere]">{winner.text}</span>
        </p>
      ) : null}
      {/* Focusable and labelled: at 390 px the table scrolls sideways in this box, by keyboard too. */}
      <div
        tabIndex={0}
        role="region"
        aria-label="A/B test arms, scrolls sideways"
        className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <table className="min-w-full text-sm" aria-label="A/B test arms">
          <thead className="bg-slate-50 text-left text-xs text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Arm
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Recipients
              </th>
              {METRICS.map((m) => (
                <th key={m} scope="col" className="px-3 py-2 text-right font-medium">
                  {m}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.arms.map((a) => (
              <tr key={a.arm} className="border-t border-slate-100" data-testid={`arm-${a.name}`}>
                <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap text-slate-900">
                  {a.arm === 0 ? "Holdout" : `Variant ${a.name}`}
                  {a.template ? (
                    <span className="block text-xs font-normal text-slate-500">{a.template.name}</span>
                  ) : null}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{n(a.recipients)}</td>
                {METRICS.map((m) => (
                  <td key={m} className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                    {a.arm === 0 && m !== "converted" ? "—" : `${n(a[m].count)} (${pct(a[m].rate)})`}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-1" aria-label="Lift">
        {report.lifts.map((l) => (
          <li
            key={l.variant}
            className="flex flex-wrap items-center gap-2 text-sm text-slate-800"
            data-testid={`lift-${l.variant}`}
          >
            <Badge
              tone={
                !l.enoughData
                  ? "neutral"
                  : l.significant
                    ? (l.points ?? 0) > 0
                      ? "success"
                      : "danger"
                    : "info"
              }
            >
              {!l.enoughData ? "Not enough data" : l.significant ? "Significant" : "Not significant"}
            </Badge>
            <span className="[overflow-wrap:anywhere]">{l.verdict}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
