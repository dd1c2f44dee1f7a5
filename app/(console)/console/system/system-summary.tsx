import type { SystemStatus } from "@/lib/system/get-system-status";
import { formatBytes } from "./format-bytes";

/** Four figures an operator looks at first. */
export function SystemSummary({ status }: { status: SystemStatus }) {
  const alive = status.workers.filter((w) => w.alive).length;
  const waiting = status.queues.reduce((n, q) => n + q.waiting, 0);
  const rate = status.callbacks.successRate;
  const items = [
    { label: "Jobs waiting", value: waiting.toLocaleString("en-US") },
    { label: "Worker processes alive", value: `${alive} of ${status.workers.length}` },
    {
      label: "Callbacks delivered, last hour",
      value:
        rate === null
          ? "no deliveries"
          : `${(rate * 100).toFixed(1)}% of ${status.callbacks.lastHour.toLocaleString("en-US")}`,
    },
    { label: "Database size", value: formatBytes(status.database.bytes) },
  ];
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {/* A <dl> holds only <div> groups of <dt> and <dd>: each card is such a div. */}
      {items.map((i) => (
        <div key={i.label} className="rounded-lg bg-white px-5 py-4 shadow-sm ring-1 ring-slate-200">
          <dt className="text-sm text-slate-600">{i.label}</dt>
          <dd className="mt-1 text-xl font-semibold text-slate-900">{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}
