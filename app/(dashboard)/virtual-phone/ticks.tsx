import type { InboxMessage } from "@/lib/messages/simulator/list-simulator-inbox";

/** WhatsApp-style ticks: one grey (sent), two grey (delivered), two blue (read), red (failed). */
export function Ticks({ status }: { status: InboxMessage["status"] }) {
  if (status === "failed" || status === "error")
    return (
      <span role="img" className="font-bold text-red-600" aria-label="failed">
        !
      </span>
    );
  const count = status === "sent" ? 1 : status === "delivered" || status === "read" ? 2 : 0;
  if (count === 0)
    return (
      <span role="img" aria-label="pending" className="text-slate-400">
        ◷
      </span>
    );
  return (
    <span role="img" aria-label={status} className={status === "read" ? "text-sky-500" : "text-slate-400"}>
      {"✓".repeat(count)}
    </span>
  );
}
