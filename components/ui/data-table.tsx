"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import {
  useTable,
  type PaginationState,
  type ReactTable,
  type RowData,
  type SortingState,
} from "@tanstack/react-table";
import { dataTableFeatures, type DataTableColumn, type DataTableFeatures } from "./data-table-features";
import { DataTableGrid } from "./data-table-grid";
import { DataTablePagination } from "./data-table-pagination";
import { DEFAULT_PAGE_SIZES } from "./data-table-params";
import { DataTableToolbar } from "./data-table-toolbar";
import { EmptyState } from "./empty-state";
import { useUrlParams } from "./use-url-params";

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
  const nothingAtAll = totalRows === 0 && !serverSearchActive && search === "";

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

  return (
    <div className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <DataTableToolbar
        label={label}
        searchable={searchable}
        searchPlaceholder={searchPlaceholder}
        search={search}
        onSearch={onSearch}
        toolbar={toolbar}
      />
      <DataTableGrid table={table} label={label} search={search} busy={busy} />
      <DataTablePagination table={table} label={label} pageSizes={pageSizes} />
    </div>
  );
}

/** Re-exported so feature tables need only this module. */
export { EmptyState };
export {
  dataTableColumns,
  dataTableFeatures,
  type DataTableColumn,
  type DataTableColumnMeta,
  type DataTableFeatures,
} from "./data-table-features";
