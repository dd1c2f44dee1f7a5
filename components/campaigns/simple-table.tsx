import type { ReactNode } from "react";

export type SimpleColumn = { header: string; numeric?: boolean };

/**
 * A small read-only table in its own scrolling box (focusable and labelled, so keyboard users
 * can scroll it): the campaign page's rounds, failures and batches.
 */
export function SimpleTable({
  caption,
  columns,
  rows,
  testId,
}: {
  caption: string;
  columns: SimpleColumn[];
  rows: Array<{ key: string; cells: ReactNode[] }>;
  testId?: string;
}) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={caption}
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                className={`px-2 py-2 font-medium whitespace-nowrap ${c.numeric ? "text-right" : ""}`}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-slate-100 align-top">
              {r.cells.map((cell, i) => (
                <td key={i} className={`px-2 py-2 ${columns[i]?.numeric ? "text-right tabular-nums" : ""}`}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
