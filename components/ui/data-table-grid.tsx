"use client";

import type { ReactTable, RowData } from "@tanstack/react-table";
import { cn, focusRing } from "./cn";
import type { DataTableColumnMeta, DataTableFeatures } from "./data-table-features";
import { Icon } from "./icons";

/**
 * A DataTable's rows under their sortable headers; a phone shows each row as a card. `search`
 * names what matched nothing when a search leaves no row.
 */
export function DataTableGrid<TData extends RowData>({
  table,
  label,
  search,
  busy,
}: {
  table: ReactTable<DataTableFeatures, TData, any>;
  label: string;
  search: string;
  busy: boolean;
}) {
  const rows = table.getRowModel().rows;
  const colCount = table.getAllLeafColumns().length;
  const anySortable = table.getAllLeafColumns().some((c) => c.getCanSort());
  return (
    <div
      // relative: absolutely positioned sr-only text in cells is placed (and clipped) here
      // instead of widening the whole page beyond the table's scroll box.
      className={cn("relative overflow-x-auto transition-opacity", busy && "opacity-60")}
      aria-busy={busy || undefined}
    >
      {/*
        Below 640 px (max-sm) every row is a card of "label  value" lines, so a row shows what
        it is, its state and its actions without sideways scrolling; the sortable headers
        become a row of sort buttons above the cards. The explicit roles keep the table's
        semantics for screen readers once CSS changes the elements' display.
      */}
      <table
        role="table"
        className="min-w-full divide-y divide-slate-200 text-sm max-sm:block"
        aria-label={label}
      >
        <thead role="rowgroup" className={cn("bg-slate-50 max-sm:block", !anySortable && "max-sm:sr-only")}>
          {table.getHeaderGroups().map((group) => (
            <tr
              key={group.id}
              role="row"
              className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-4 max-sm:gap-y-1 max-sm:px-4 max-sm:py-2"
            >
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta;
                const sorted = header.column.getIsSorted();
                const canSort = header.column.getCanSort();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    role="columnheader"
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                    className={cn(
                      "px-4 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase",
                      meta?.align === "end" ? "text-right" : "text-left",
                      meta?.className,
                      "max-sm:block max-sm:w-auto max-sm:min-w-0 max-sm:p-0",
                      !canSort && "max-sm:sr-only",
                    )}
                  >
                    {header.isPlaceholder ? null : canSort ? (
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className={cn(
                          "-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-900",
                          focusRing,
                        )}
                      >
                        <table.FlexRender header={header} />
                        <Icon
                          name={
                            sorted === "asc"
                              ? "chevronUp"
                              : sorted === "desc"
                                ? "chevronDown"
                                : "chevronUpDown"
                          }
                          className={cn("size-3.5", sorted ? "text-slate-900" : "text-slate-400")}
                        />
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody role="rowgroup" className="divide-y divide-slate-100 max-sm:block">
          {rows.length === 0 ? (
            <tr role="row" className="max-sm:block">
              <td
                role="cell"
                colSpan={colCount}
                className="px-4 py-10 text-center text-sm text-slate-500 max-sm:block"
              >
                No {label.toLowerCase()} match “{search}”.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} role="row" className="hover:bg-slate-50 max-sm:block max-sm:px-4 max-sm:py-3">
                {row.getAllCells().map((cell) => {
                  const meta = cell.column.columnDef.meta;
                  const cardLabel = columnLabel(cell.column.columnDef);
                  return (
                    <td
                      key={cell.id}
                      role="cell"
                      className={cn(
                        "px-4 py-3 align-middle text-slate-700",
                        meta?.align === "end" && "text-right",
                        meta?.className,
                        "max-sm:flex max-sm:w-auto max-sm:min-w-0 max-sm:items-baseline max-sm:gap-3 max-sm:px-0 max-sm:py-1",
                        cardLabel ? "max-sm:justify-between" : "max-sm:justify-end",
                      )}
                    >
                      {cardLabel ? (
                        // The header already names the cell for screen readers.
                        <span
                          aria-hidden="true"
                          className="shrink-0 text-xs font-medium text-slate-600 sm:hidden"
                        >
                          {cardLabel}
                        </span>
                      ) : null}
                      <div className="min-w-0 max-sm:text-right max-sm:wrap-anywhere sm:contents">
                        <table.FlexRender cell={cell} />
                      </div>
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The text a column's cells are labelled with on a phone (see DataTableColumnMeta.label). */
function columnLabel(def: { header?: unknown; meta?: DataTableColumnMeta }): string | undefined {
  return def.meta?.label ?? (typeof def.header === "string" ? def.header : undefined);
}
