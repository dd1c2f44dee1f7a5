"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { axisTick, chartGrid, chartMargin } from "@/components/ui/chart-style";
import type { ClickHour } from "@/lib/economics/links/get-campaign-clicks";

/** Clicks and people per hour, with a text alternative. */
export function ClicksChart({ hourly, timeZone }: { hourly: ClickHour[]; timeZone: string }) {
  const f = new Intl.DateTimeFormat("en-GB", {
    day: "2-digit",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  });
  const label = (v: unknown) => f.format(new Date(Number(v) * 1000));
  const busiest = hourly.reduce((a, h) => (h.clicks > a.clicks ? h : a), hourly[0]!);
  const counts = (h: ClickHour) =>
    `${h.clicks.toLocaleString("en-US")} clicks by ${h.uniqueClickers.toLocaleString("en-US")} people`;
  // One hour so far: "from X to X; busiest hour X" would say the same hour three times.
  const summary =
    hourly.length === 1
      ? `All clicks so far in the hour from ${label(busiest.hour)} (${timeZone}): ${counts(busiest)}.`
      : `Clicks per hour from ${label(hourly[0]!.hour)} to ${label(hourly[hourly.length - 1]!.hour)} (${timeZone}); busiest hour ${label(busiest.hour)} with ${counts(busiest)}.`;
  return (
    <Card className="min-w-0">
      <CardHeader
        title="Clicks per hour"
        description={`Human clicks and the people who made them (${timeZone}).`}
      />
      <CardBody>
        <div role="img" aria-label={summary} className="h-48 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={hourly} margin={chartMargin}>
              <CartesianGrid {...chartGrid} />
              <XAxis dataKey="hour" tickFormatter={label} tick={axisTick} minTickGap={16} />
              <YAxis allowDecimals={false} tick={axisTick} />
              <Tooltip labelFormatter={label} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar dataKey="clicks" name="Clicks" fill="#4f46e5" maxBarSize={48} />
              <Bar dataKey="uniqueClickers" name="People" fill="#14b8a6" maxBarSize={48} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <p className="mt-2 text-sm text-slate-600" data-testid="clicks-summary">
          {summary}
        </p>
      </CardBody>
    </Card>
  );
}
