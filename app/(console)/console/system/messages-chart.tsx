"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { axisTick, chartGrid, chartMargin } from "@/components/ui/chart-style";
import { EmptyState } from "@/components/ui/empty-state";
import type { StatusBucket } from "@/lib/system/get-system-status";

const COLORS: Record<string, string> = {
  attempted: "#94a3b8",
  accepted: "#60a5fa",
  sent: "#6366f1",
  delivered: "#10b981",
  read: "#0d9488",
  failed: "#ef4444",
  error: "#f59e0b",
};
const time = (t: number) =>
  new Date(t).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });

const QUARTER = 15 * 60_000;

/**
 * Messages per quarter hour by their status now, stacked, over every quarter hour of the
 * window up to `asOf` (empty ones as zero, so a lone busy quarter stays a narrow bar in time).
 */
export function MessagesChart({
  buckets,
  hours,
  asOf,
}: {
  buckets: StatusBucket[];
  hours: number;
  asOf: string;
}) {
  const counts = buckets.map((b) => ({ ...b, n: b.count }));
  const totals = new Map<string, number>();
  for (const b of counts) totals.set(b.status, (totals.get(b.status) ?? 0) + b.n);
  const statuses = [...totals]
    .filter(([, n]) => n > 0)
    .map(([status]) => status)
    .sort((a, b) => Object.keys(COLORS).indexOf(a) - Object.keys(COLORS).indexOf(b));
  const last = Math.floor(Date.parse(asOf) / QUARTER) * QUARTER;
  const slots = Array.from({ length: hours * 4 }, (_, i) => last - (hours * 4 - 1 - i) * QUARTER);
  const byBucket = new Map<number, Record<string, number>>(slots.map((t) => [t, { bucket: t }]));
  for (const b of counts) {
    const row = byBucket.get(new Date(b.bucket).getTime());
    if (row && statuses.includes(b.status)) row[b.status] = (row[b.status] ?? 0) + b.n;
  }
  const points = [...byBucket.values()];
  const total = [...totals.values()].reduce((a, b) => a + b, 0);
  return (
    <Card>
      <CardHeader
        title={`Messages per quarter hour, last ${hours} hours`}
        description="By the status each message has now, per quarter hour of its creation (UTC), from the message counters."
      />
      <CardBody>
        {total === 0 ? (
          <EmptyState title="No messages in these hours" description="Sends appear here within a minute." />
        ) : (
          <div
            role="img"
            aria-label={`${total.toLocaleString("en-US")} messages in the last ${hours} hours, by status: ${statuses.map((st) => `${st} ${(totals.get(st) ?? 0).toLocaleString("en-US")}`).join(", ")}`}
            className="h-64 w-full"
          >
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={points} margin={chartMargin}>
                <CartesianGrid {...chartGrid} />
                <XAxis
                  dataKey="bucket"
                  tickFormatter={(t: number) => time(t)}
                  tick={axisTick}
                  minTickGap={24}
                />
                <YAxis tick={axisTick} allowDecimals={false} />
                <Tooltip labelFormatter={(v) => `${time(Number(v))} UTC`} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                {statuses.map((st) => (
                  <Bar key={st} dataKey={st} name={st} stackId="status" fill={COLORS[st] ?? "#64748b"} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
