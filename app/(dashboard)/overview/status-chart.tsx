"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { DayCounts } from "@/lib/overview/schemas";
import { statusColors, statusLabels, statusOrder } from "@/components/overview/status-colors";
import { axisTick, chartGrid, chartMargin } from "@/components/ui/chart-style";

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });

/**
 * Messages per day, stacked by current status. The chart is one image to screen readers
 * (role="img" with a summary); the table beside it has every number.
 */
export function StatusChart({ days, summary }: { days: DayCounts[]; summary: string }) {
  return (
    <div role="img" aria-label={summary} className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={chartMargin}>
          <CartesianGrid {...chartGrid} />
          <XAxis dataKey="day" tickFormatter={shortDay} tick={axisTick} minTickGap={16} />
          <YAxis allowDecimals={false} tick={axisTick} />
          <Tooltip labelFormatter={(d) => shortDay(String(d))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {statusOrder.map((s) => (
            <Bar key={s} dataKey={s} name={statusLabels[s]} stackId="status" fill={statusColors[s]} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
