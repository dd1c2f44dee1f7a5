"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useId, useMemo, useState, type ReactNode } from "react";
import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type ReactTable,
  type RowData,
  type SortingState,
} from "@tanstack/react-table";
import { cn, focusRing } from "./cn";
import { DEFAULT_PAGE_SIZES } from "./data-table-params";
import { EmptyState } from "./empty-state";
import { Icon } from "./icons";
import { useUrlParams } from "./use-url-params";

export type DataTableColumnMeta = {
  /** Classes for the header and body cells of the column (width, alignment). */
  className?: string;
  /** Right-align (numbers, actions). */
  align?: "start" | "end";
  /**
   * The cell's label on a phone, where each row is a card of label/value lines (the header's
   * text by default; columns whose header is not plain text, such as actions, show none).
   */
  label?: string;
};

/** The one feature set every DataTable uses; column helpers are typed against it. */
export const dataTableFeatures = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { includesString: filterFn_includesString },
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: {
    alphanumeric: sortFn_alphanumeric,
    text: sortFn_text,
    datetime: sortFn_datetime,
    basic: sortFn_basic,
  },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
  columnMeta: metaHelper<DataTableColumnMeta>(),
});
export type DataTableFeatures = typeof dataTableFeatures;
export type DataTableColumn<TData extends RowData> = ColumnDef<DataTableFeatures, TData, any>;

/** Column helper for a row type: `const col = dataTableColumns<ApiKeyRow>()` at module scope. */
export function dataTableColumns<TData extends RowData>() {
  return createColumnHelper<DataTableFeatures, TData>();
}

export type DataTableProps<TData extends RowData> = {
  /** Define at module scope (or memoize): a new array every render rebuilds the table. */
  columns: DataTableColumn<TData>[];
  data: TData[];
  getRowId?: (row: TData) => string;
  /** Accessible name of the table, e.g. "API keys". */
  label: string;
  searchPlaceholder?: string;
  /** false hides the search box. */
  searchable?: boolean;
  initialSort?: SortingState;
  pageSizes?: readonly number[];
  /** Shown when there are no rows at all (not when a search matches nothing). */
  empty?: ReactNode;
  /** Extra controls right of the search box (filters, buttons). */
  toolbar?: ReactNode;
  /**
   * Server mode: `data` is one page, already searched/sorted; `total` counts all matches.
   * Search, sort and page live in the URL (see parseTableParams); the page re-renders on change.
   */
  server?: { total: number; defaultPageSize?: number };
};

export function DataTable<TData extends RowData>(props: DataTableProps<TData>) {
  return props.server ? <ServerDataTable {...props} server={props.server} /> : <ClientDataTable {...props} />;
}

function ClientDataTable<TData extends RowData>({
  columns,
  data,
  getRowId,
  initialSort = [],
  pageSizes = DEFAULT_PAGE_SIZES,
  ...view
}: DataTableProps<TData>) {
  const [sorting, setSorting] = useState<SortingState>(initialSort);
  const [globalFilter, setGlobalFilter] = useState("");
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: pageSizes[0] ?? 10,
  });
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId,
    globalFilterFn: "includesString",
    state: { sorting, globalFilter, pagination },
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    onPaginationChange: setPagination,
  });
  return (
    <TableView
      {...view}
      table={table}
      totalRows={data.length}
      search={globalFilter}
      onSearch={(v) => {
        setGlobalFilter(v);
        setPagination((p) => ({ ...p, pageIndex: 0 }));
      }}
      pageSizes={pageSizes}
      busy={false}
    />
  );
}

function ServerDataTable<TData extends RowData>({
  columns,
  data,
  getRowId,
  initialSort = [],
  pageSizes = DEFAULT_PAGE_SIZES,
  server,
  ...view
}: DataTableProps<TData> & { server: NonNullable<DataTableProps<TData>["server"]> }) {
  const params = useSearchParams();
  const { setParams: navigate, pending: busy } = useUrlParams();

  const sorting = useMemo<SortingState>(() => {
    const s = params.get("sort");
    if (!s) return initialSort;
    return [{ id: s.replace(/^-/, ""), desc: s.startsWith("-") }];
  }, [params, initialSort]);
  const pagination = useMemo<PaginationState>(() => {
    const size = Number(params.get("size"));
    const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
    return {
      pageIndex: page - 1,
      pageSize: pageSizes.includes(size) ? size : (server.defaultPageSize ?? pageSizes[0] ?? 10),
    };
  }, [params, pageSizes, server.defaultPageSize]);
  const q = params.get("q") ?? "";
  const [search, setSearch] = useState(q);

  // Debounce typing; a new search starts at page 1.
  useEffect(() => {
    if (search === q) return;
    const t = setTimeout(() => navigate({ q: search.trim() || null, page: null }), 300);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId,
    manualFiltering: true,
    manualSorting: true,
    manualPagination: true,
    rowCount: server.total,
    state: { sorting, pagination, globalFilter: q },
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      const s = next[0];
      navigate({ sort: s ? `${s.desc ? "-" : ""}${s.id}` : null, page: null });
    },
    onPaginationChange: (updater) => {
      const next = typeof updater === "function" ? updater(pagination) : updater;
      navigate({
        page: next.pageIndex > 0 ? String(next.pageIndex + 1) : null,
        ...(next.pageSize !== pagination.pageSize ? { size: String(next.pageSize) } : {}),
      });
    },
  });
  return (
    <TableView
      {...view}
      table={table}
      totalRows={server.total}
      search={search}
      onSearch={setSearch}
      pageSizes={pageSizes}
      busy={busy}
      serverSearchActive={q !== ""}
    />
  );
}

function TableView<TData extends RowData>({
  table,
  label,
  searchable = true,
  searchPlaceholder = "Search…",
  empty,
  toolbar,
  totalRows,
  search,
  onSearch,
  pageSizes,
  busy,
  serverSearchActive = false,
}: Pick<DataTableProps<RowData>, "label" | "searchable" | "searchPlaceholder" | "empty" | "toolbar"> & {
  table: ReactTable<DataTableFeatures, TData, any>;
  totalRows: number;
  search: string;
  onSearch: (v: string) => void;
  pageSizes: readonly number[];
  busy: boolean;
  serverSearchActive?: boolean;
}) {
  const searchId = useId();
  const rows = table.getRowModel().rows;
  const filtered = table.getRowCount();
  const { pageIndex, pageSize } = table.state.pagination;
  const nothingAtAll = totalRows === 0 && !serverSearchActive && search === "";
  const colCount = table.getAllLeafColumns().length;
  const anySortable = table.getAllLeafColumns().some((c) => c.getCanSort());

  if (nothingAtAll && empty) {
    return (
      <div className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        {toolbar ? (
          <div className="flex justify-end border-b border-slate-200 px-4 py-3">{toolbar}</div>
        ) : null}
        {empty}
      </div>
    );
  }

  const first = filtered === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(filtered, (pageIndex + 1) * pageSize);

  return (
    <div className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      {searchable || toolbar ? (
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
          {searchable ? (
            <div className="relative w-full max-w-xs">
              <label htmlFor={searchId} className="sr-only">
                Search {label}
              </label>
              <Icon
                name="search"
                className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
              />
              <input
                id={searchId}
                type="search"
                value={search}
                onChange={(e) => onSearch(e.target.value)}
                placeholder={searchPlaceholder}
                className={cn(
                  "h-9 w-full rounded-md border-0 bg-white pr-3 pl-8 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400",
                  focusRing,
                )}
              />
            </div>
          ) : (
            <span />
          )}
          {toolbar ? <div className="flex items-center gap-2">{toolbar}</div> : null}
        </div>
      ) : null}
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
                      aria-sort={
                        sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined
                      }
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
                <tr
                  key={row.id}
                  role="row"
                  className="hover:bg-slate-50 max-sm:block max-sm:px-4 max-sm:py-3"
                >
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
    </div>
  );
}

/** The text a column's cells are labelled with on a phone (see DataTableColumnMeta.label). */
function columnLabel(def: { header?: unknown; meta?: DataTableColumnMeta }): string | undefined {
  return def.meta?.label ?? (typeof def.header === "string" ? def.header : undefined);
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

/** Re-exported so feature tables need only this module. */
export { EmptyState };
