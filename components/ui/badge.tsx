import type { ReactNode } from "react";
import { cn } from "./cn";

export type BadgeTone = "neutral" | "success" | "warning" | "danger" | "info" | "accent";

const tones: Record<BadgeTone, string> = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-500/20",
  success: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  warning: "bg-amber-50 text-amber-800 ring-amber-600/30",
  danger: "bg-red-50 text-red-700 ring-red-600/20",
  info: "bg-sky-50 text-sky-800 ring-sky-600/20",
  accent: "bg-indigo-50 text-indigo-700 ring-indigo-600/20",
};

const dots: Record<BadgeTone, string> = {
  neutral: "bg-slate-400",
  success: "bg-emerald-500",
  warning: "bg-amber-500",
  danger: "bg-red-500",
  info: "bg-sky-500",
  accent: "bg-indigo-500",
};

export function Badge({
  tone = "neutral",
  dot = false,
  children,
  className,
}: {
  tone?: BadgeTone;
  dot?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        tones[tone],
        className,
      )}
    >
      {dot ? <span aria-hidden="true" className={cn("size-1.5 rounded-full", dots[tone])} /> : null}
      {children}
    </span>
  );
}

// Every status word the product shows, mapped once so the same word has the same colour on
// every page. Unknown words fall back to neutral.
const statusTones: Record<string, BadgeTone> = {
  approved: "success",
  active: "success",
  enabled: "success",
  delivered: "success",
  read: "success",
  available: "success",
  succeeded: "success",
  completed: "success",
  pending: "warning",
  submitted: "warning",
  queued: "warning",
  attempted: "warning",
  scheduled: "warning",
  retrying: "warning",
  busy: "warning",
  away: "warning",
  incall: "info",
  sent: "info",
  accepted: "info",
  running: "info",
  rejected: "danger",
  failed: "danger",
  error: "danger",
  revoked: "danger",
  disabled: "neutral",
  paused: "neutral",
  draft: "neutral",
  cancelled: "neutral",
};

export function statusTone(status: string): BadgeTone {
  return statusTones[status.toLowerCase().replace(/[\s_-]/g, "")] ?? "neutral";
}

/** A status word in its standard colour, e.g. <StatusBadge status="APPROVED" />. */
export function StatusBadge({ status, label }: { status: string; label?: ReactNode }) {
  return (
    <Badge tone={statusTone(status)} dot>
      {label ?? humanize(status)}
    </Badge>
  );
}

function humanize(s: string): string {
  const words = s.replace(/[_-]+/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
