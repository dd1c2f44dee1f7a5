import { toWallTime } from "@/lib/dates/zoned-time";
import type { MessageStatus } from "@/lib/messages/schemas";

/** One colour per status, the same in the chart, its legend and the totals table. */
export const statusColors: Record<MessageStatus, string> = {
  attempted: "#94a3b8",
  accepted: "#64748b",
  sent: "#0ea5e9",
  delivered: "#10b981",
  read: "#6366f1",
  failed: "#ef4444",
  error: "#ea580c",
};

export const statusOrder: MessageStatus[] = [
  "read",
  "delivered",
  "sent",
  "accepted",
  "attempted",
  "failed",
  "error",
];

export const statusLabels: Record<MessageStatus, string> = {
  attempted: "Attempted",
  accepted: "Accepted",
  sent: "Sent",
  delivered: "Delivered",
  read: "Read",
  failed: "Failed",
  error: "Error",
};

/** "12.3%", or an en dash when there is nothing to divide. */
export const percent = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)}%`);

/**
 * The Messages page filtered by status (optional) from an instant; its filters are wall times
 * in the business's zone, so the instant is written in `timeZone`.
 */
export function messagesHref(from: Date, timeZone: string, status?: MessageStatus): string {
  const p = new URLSearchParams({ from: toWallTime(from, timeZone) });
  if (status) p.set("status", status);
  return `/messages?${p.toString()}`;
}
