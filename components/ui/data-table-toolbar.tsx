"use client";

import { useId, type ReactNode } from "react";
import { cn, focusRing } from "./cn";
import { Icon } from "./icons";

/** A DataTable's bar above the rows: the search box (unless `searchable` is false) and the page's own controls. */
export function DataTableToolbar({
  label,
  searchable,
  searchPlaceholder,
  search,
  onSearch,
  toolbar,
}: {
  label: string;
  searchable: boolean;
  searchPlaceholder: string;
  search: string;
  onSearch: (v: string) => void;
  toolbar?: ReactNode;
}) {
  const searchId = useId();
  return searchable || toolbar ? (
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
  ) : null;
}
