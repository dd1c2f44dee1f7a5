import Link from "next/link";
import type { MessageOverview } from "@/lib/overview/schemas";
import { totalOf } from "@/lib/overview/schemas";
import { messagesHref, statusColors, statusLabels, statusOrder } from "@/components/overview/status-colors";

const periods = [
  { key: "today", label: "Today" },
  { key: "last7", label: "7 days" },
  { key: "last30", label: "30 days" },
] as const;

/** Every number of the chart by status and period, each linking to those messages. */
export function StatusTotals({ m }: { m: MessageOverview }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="status-totals">
        <caption className="sr-only">Messages by current status, today and the last 7 and 30 days</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th scope="col" className="py-2 pr-3 font-medium">
              Status
            </th>
            {periods.map((p) => (
              <th key={p.key} scope="col" className="px-3 py-2 text-right font-medium">
                {p.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {statusOrder.map((s) => (
            <tr key={s} className="border-b border-slate-100" data-status={s}>
              <th scope="row" className="py-2 pr-3 text-left font-normal text-slate-800">
                <span className="inline-flex items-center gap-2">
                  <span
                    aria-hidden
                    className="size-2.5 rounded-full"
                    style={{ background: statusColors[s] }}
                  />
                  {statusLabels[s]}
                </span>
              </th>
              {periods.map((p) => (
                <td key={p.key} className="px-3 py-2 text-right tabular-nums" data-period={p.key}>
                  <Link
                    className="text-indigo-700 underline-offset-2 hover:underline"
                    href={messagesHref(m.starts[p.key], m.timeZone, s)}
                    aria-label={`${m.totals[p.key][s]} ${statusLabels[s].toLowerCase()}, ${p.label.toLowerCase()}`}
                  >
                    {m.totals[p.key][s].toLocaleString("en-US")}
                  </Link>
                </td>
              ))}
            </tr>
          ))}
          <tr className="font-medium">
            <th scope="row" className="py-2 pr-3 text-left">
              Total
            </th>
            {periods.map((p) => (
              <td key={p.key} className="px-3 py-2 text-right tabular-nums" data-period={p.key} data-total>
                {totalOf(m.totals[p.key]).toLocaleString("en-US")}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
