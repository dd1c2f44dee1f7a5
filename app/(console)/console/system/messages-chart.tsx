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
const time = (iso: string) =>
  new Date(iso).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });

/** Messages per minute (each quarter hour's average) by their status now, stacked. */
export function MessagesChart({ buckets, hours }: { buckets: StatusBucket[]; hours: number }) {
  const statuses = [...new Set(buckets.map((b) => b.status))].sort(
    (a, b) => Object.keys(COLORS).indexOf(a) - Object.keys(COLORS).indexOf(b),
  );
  const byBucket = new Map<string, Record<string, number | string>>();
  for (const b of buckets) {
    const row = byBucket.get(b.bucket) ?? { bucket: b.bucket };
    row[b.status] = Math.round(b.perMinute * 10) / 10;
    byBucket.set(b.bucket, row);
  }
  const points = [...byBucket.values()];
  const total = buckets.reduce((n, b) => n + b.perMinute * 15, 0);
  return (
    <Card>
      <CardHeader
        title={`Messages per minute, last ${hours} hours`}
        description="By the status each message has now, per quarter hour of its creation (UTC), from the message counters."
      />
      <CardBody>
        {points.length === 0 ? (
          <EmptyState title="No messages in these hours" description="Sends appear here within a minute." />
        ) : (
          <div
            role="img"
            aria-label={`${Math.round(total).toLocaleString("en-US")} messages in the last ${hours} hours, by status: ${statuses.join(", ")}`}
            className="h-64 w-full"
          >
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={points} margin={chartMargin}>
                <CartesianGrid {...chartGrid} />
                <XAxis dataKey="bucket" tickFormatter={time} tick={axisTick} minTickGap={16} />
                <YAxis tick={axisTick} allowDecimals />
                <Tooltip labelFormatter={(v) => `${time(String(v))} UTC`} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                {statuses.map((s) => (
                  <Bar key={s} dataKey={s} name={s} stackId="status" fill={COLORS[s] ?? "#64748b"} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
