"use client";

import type { ReactNode } from "react";
import type { ReactTable, RowData } from "@tanstack/react-table";
import { cn, focusRing } from "./cn";
import type { DataTableFeatures } from "./data-table-features";
import { Icon } from "./icons";

/** A DataTable's bar below the rows: which rows of how many, rows per page, previous and next. */
export function DataTablePagination<TData extends RowData>({
  table,
  label,
  pageSizes,
}: {
  table: ReactTable<DataTableFeatures, TData, any>;
  label: string;
  pageSizes: readonly number[];
}) {
  const filtered = table.getRowCount();
  const { pageIndex, pageSize } = table.state.pagination;
  const first = filtered === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(filtered, (pageIndex + 1) * pageSize);
  return (
    <nav
      aria-label={`${label} pages`}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-2.5 text-sm text-slate-600"
    >
      <p>{filtered === 0 ? "No rows" : `${first}–${last} of ${filtered}`}</p>
      <div className="flex items-center gap-3">
        <label className="flex items-center gap-2">
          <span>Rows per page</span>
          <select
            value={pageSize}
            onChange={(e) => table.setPageSize(Number(e.target.value))}
            className={cn(
              "h-8 rounded-md border-0 bg-white py-1 pr-7 pl-2 text-sm ring-1 ring-slate-300 ring-inset",
              focusRing,
            )}
          >
            {pageSizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-center gap-1">
          <PageButton
            label="Previous page"
            disabled={!table.getCanPreviousPage()}
            onClick={() => table.previousPage()}
          >
            <Icon name="chevronLeft" className="size-4" />
          </PageButton>
          <span className="px-1 tabular-nums">
            Page {filtered === 0 ? 0 : pageIndex + 1} of {table.getPageCount()}
          </span>
          <PageButton label="Next page" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
            <Icon name="chevronRight" className="size-4" />
          </PageButton>
        </div>
      </div>
    </nav>
  );
}

function PageButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        "inline-flex size-8 items-center justify-center rounded-md ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40",
        focusRing,
      )}
    >
      {children}
    </button>
  );
}
