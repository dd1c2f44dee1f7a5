import type { ReactNode } from "react";

/** One figure of a row of tiles (inside a `<dl>`): its label, then its value, large. */
export function KpiTile({
  label,
  testId,
  tone = "normal",
  children,
}: {
  label: string;
  testId: string;
  tone?: "normal" | "alert";
  children: ReactNode;
}) {
  return (
    <div className="min-w-0 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd
        className={`mt-1 text-2xl font-semibold [overflow-wrap:anywhere] tabular-nums ${tone === "alert" ? "text-red-700" : "text-slate-900"}`}
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}
