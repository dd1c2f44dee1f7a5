import type { CampaignRow } from "@/lib/promotions/dashboard/list-campaigns";

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** Sent of total as a bar with its numbers beside it (the numbers are the text alternative). */
export function CampaignProgress({ row }: { row: Pick<CampaignRow, "sent" | "total" | "name"> }) {
  const value = pct(row.sent, row.total);
  return (
    <div className="flex min-w-32 items-center gap-2">
      <div
        role="progressbar"
        aria-label={`${row.name}: sent`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-1.5 w-20 shrink-0 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-indigo-600" style={{ width: `${value}%` }} />
      </div>
      <span className="text-xs whitespace-nowrap text-slate-600 tabular-nums">
        {row.sent.toLocaleString("en")} / {row.total.toLocaleString("en")}
      </span>
    </div>
  );
}

/** "62%" of what was sent, or a dash before anything was. */
export function rateOf(part: number, sent: number): string {
  return sent > 0 ? `${pct(part, sent)}%` : "—";
}
