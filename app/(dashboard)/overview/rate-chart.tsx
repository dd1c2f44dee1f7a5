"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { axisTick, chartGrid, chartMargin } from "@/components/ui/chart-style";

export type RatePoint = { day: string; delivery: number | null; read: number | null };

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
const pct = (v: unknown) => (typeof v === "number" ? `${Math.round(v * 100)}%` : "–");

/** Daily delivery and read rates; days without messages leave a gap rather than a false 0%. */
export function RateChart({ points, summary }: { points: RatePoint[]; summary: string }) {
  return (
    <div role="img" aria-label={summary} className="h-48 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={chartMargin}>
          <CartesianGrid {...chartGrid} />
          <XAxis dataKey="day" tickFormatter={shortDay} tick={axisTick} minTickGap={16} />
          <YAxis domain={[0, 1]} tickFormatter={pct} tick={axisTick} />
          <Tooltip labelFormatter={(d) => shortDay(String(d))} formatter={(v) => pct(v)} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line
            type="monotone"
            dataKey="delivery"
            name="Delivery rate"
            stroke="#10b981"
            dot={{ r: 2 }}
            connectNulls={false}
          />
          <Line
            type="monotone"
            dataKey="read"
            name="Read rate"
            stroke="#6366f1"
            dot={{ r: 2 }}
            connectNulls={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
