"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { statusColors, statusLabels, statusOrder } from "@/components/overview/status-colors";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { TimelinePoint } from "@/lib/promotions/dashboard/get-campaign-timeline";
import type { PromotionStats } from "@/lib/promotions/reports/get-promotion-stats";
import { reachOf } from "./campaign-kpis";
import { axisTick, chartGrid, chartMargin } from "@/components/ui/chart-style";

const funnelSteps = [
  ["attempted", "Attempted", "#94a3b8"],
  ["sent", "Sent", statusColors.sent],
  ["delivered", "Delivered", statusColors.delivered],
  ["read", "Read", statusColors.read],
  ["interacted", "Interacted", "#a855f7"],
] as const;

/**
 * The funnel counts a recipient at every step it reached (a read message was also sent and
 * delivered), from E4's totals, which count it once under its furthest status.
 */
export function funnelOf(s: PromotionStats) {
  const values = reachOf(s);
  return funnelSteps.map(([key, label, color]) => ({ key, label, color, value: values[key] }));
}

const pct = (n: number, of: number) => (of > 0 ? `${((n / of) * 100).toFixed(1)}%` : "–");

function minuteLabel(timeZone: string) {
  const f = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone });
  return (v: unknown) => f.format(new Date(v as string | number | Date));
}

/** The funnel (attempted -> interacted) and messages per minute by status, each with a text alternative. */
export function CampaignCharts({
  stats,
  timeline,
  timeZone,
}: {
  stats: PromotionStats;
  timeline: TimelinePoint[];
  timeZone: string;
}) {
  const funnel = funnelOf(stats);
  const first = funnel[0]!.value;
  const funnelSummary = `Funnel: ${funnel.map((f) => `${f.label} ${f.value.toLocaleString("en-US")} (${pct(f.value, first)})`).join(", ")}.`;
  const label = minuteLabel(timeZone);
  const points = timeline.map((p) => ({ ...p, minute: new Date(p.minute).getTime() }));
  const totals = statusOrder
    .map((s) => [s, timeline.reduce((a, p) => a + p[s], 0)] as const)
    .filter(([, n]) => n > 0);
  const peak = timeline.reduce(
    (a, p) =>
      Math.max(
        a,
        statusOrder.reduce((b, s) => b + p[s], 0),
      ),
    0,
  );
  const timelineSummary =
    timeline.length === 0
      ? "No messages sent yet."
      : `${
          points.length === 1
            ? // One minute so far: "from X to X" would name it twice.
              `Messages in the minute from ${label(points[0]!.minute)} (${timeZone}): ${peak.toLocaleString("en-US")}`
            : `Messages per minute from ${label(points[0]!.minute)} to ${label(points[points.length - 1]!.minute)} (${timeZone}), busiest minute ${peak.toLocaleString("en-US")}`
        }; by current status: ${totals.map(([s, n]) => `${statusLabels[s]} ${n.toLocaleString("en-US")}`).join(", ")}.`;
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
      <Card className="min-w-0">
        <CardHeader title="Funnel" description="Each recipient at every step it reached." />
        <CardBody>
          <div role="img" aria-label={funnelSummary} className="h-56 w-full">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={funnel} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="#e2e8f0" />
                <XAxis type="number" allowDecimals={false} tick={axisTick} />
                <YAxis type="category" dataKey="label" width={76} tick={{ fontSize: 12, fill: "#334155" }} />
                <Tooltip
                  formatter={(v) => [
                    `${Number(v).toLocaleString("en-US")} (${pct(Number(v), first)})`,
                    "Recipients",
                  ]}
                />
                <Bar dataKey="value" name="Recipients">
                  {funnel.map((f) => (
                    <Cell key={f.key} fill={f.color} />
                  ))}
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </div>
          <p className="mt-2 text-sm text-slate-600" data-testid="funnel-summary">
            {funnelSummary}
          </p>
        </CardBody>
      </Card>
      <Card className="min-w-0">
        <CardHeader
          title="Messages per minute: current states"
          description={`By the minute they were created, each under its current status (${timeZone}).`}
        />
        <CardBody>
          {timeline.length === 0 ? (
            <p className="text-sm text-slate-600">No messages sent yet. They appear here minute by minute.</p>
          ) : (
            <>
              <div role="img" aria-label={timelineSummary} className="h-56 w-full">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={points} margin={chartMargin}>
                    <CartesianGrid {...chartGrid} />
                    <XAxis dataKey="minute" tickFormatter={label} tick={axisTick} minTickGap={16} />
                    <YAxis allowDecimals={false} tick={axisTick} />
                    <Tooltip labelFormatter={label} />
                    <Legend wrapperStyle={{ fontSize: 12 }} />
                    {statusOrder.map((s) => (
                      <Bar
                        key={s}
                        dataKey={s}
                        name={statusLabels[s]}
                        stackId="status"
                        fill={statusColors[s]}
                        maxBarSize={48}
                      />
                    ))}
                  </BarChart>
                </ResponsiveContainer>
              </div>
              <p className="mt-2 text-sm text-slate-600">{timelineSummary}</p>
            </>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
