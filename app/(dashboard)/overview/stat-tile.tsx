import Link from "next/link";
import type { ReactNode } from "react";
import { cn, focusRing } from "@/components/ui/cn";

/** A number with its label, linking to the page that lists what it counts. */
export function StatTile({
  label,
  value,
  hint,
  href,
  tone = "neutral",
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  href: string;
  tone?: "neutral" | "danger" | "warning";
  testId?: string;
}) {
  return (
    <Link
      href={href}
      data-testid={testId}
      className={cn(
        "block min-w-0 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:ring-indigo-300",
        focusRing,
      )}
    >
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p
        className={cn(
          "mt-1 text-2xl font-semibold tabular-nums",
          tone === "danger" ? "text-red-700" : tone === "warning" ? "text-amber-800" : "text-slate-900",
        )}
      >
        {value}
      </p>
      {hint ? <p className="mt-1 text-xs text-slate-600">{hint}</p> : null}
    </Link>
  );
}
