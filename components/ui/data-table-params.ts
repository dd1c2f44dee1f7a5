/**
 * URL search params of a server-side DataTable: `q` (search), `sort` ("name" ascending,
 * "-name" descending), `page` (1-based) and `size`. Pages parse them with parseTableParams
 * and run their query with the result; the DataTable writes them when the user searches,
 * sorts or pages. Plain module (no "use client"): pages import it on the server.
 */
export type TableParams = {
  q: string;
  sort: { id: string; desc: boolean } | null;
  /** 1-based. */
  page: number;
  pageSize: number;
  offset: number;
};

export type SearchParams = Record<string, string | string[] | undefined>;

export const DEFAULT_PAGE_SIZES = [10, 25, 50, 100] as const;

export function parseTableParams(
  sp: SearchParams,
  opts: {
    /** Column ids the server can sort by; anything else is ignored. */
    sortable?: readonly string[];
    defaultSort?: { id: string; desc: boolean } | null;
    pageSizes?: readonly number[];
    defaultPageSize?: number;
  } = {},
): TableParams {
  const one = (k: string) => {
    const v = sp[k];
    return (Array.isArray(v) ? v[0] : v) ?? "";
  };
  const sizes = opts.pageSizes ?? DEFAULT_PAGE_SIZES;
  const sizeRaw = Number(one("size"));
  const pageSize = sizes.includes(sizeRaw) ? sizeRaw : (opts.defaultPageSize ?? sizes[0] ?? 25);
  const pageRaw = Math.floor(Number(one("page")));
  const page = Number.isFinite(pageRaw) && pageRaw >= 1 && pageRaw <= 100_000 ? pageRaw : 1;
  const sortRaw = one("sort");
  const sortId = sortRaw.replace(/^-/, "");
  const sort =
    sortId && (!opts.sortable || opts.sortable.includes(sortId))
      ? { id: sortId, desc: sortRaw.startsWith("-") }
      : (opts.defaultSort ?? null);
  return { q: one("q").trim().slice(0, 200), sort, page, pageSize, offset: (page - 1) * pageSize };
}

/** A control's change to the URL: a value sets its key; null or "" removes it; undefined leaves it. */
export type ParamsChange = Record<string, string | null | undefined>;

/**
 * The query string (without "?") of `change` applied on top of `current`, the URL's query as it
 * is NOW. Every control of a server-side table (search box, sort, pager, filters) writes only
 * its own keys through this, so a change never drops what another control wrote meanwhile
 * (e.g. a debounced search landing after a sort click). Keys keep their order; new keys go last.
 */
export function mergeSearchParams(current: string | URLSearchParams, change: ParamsChange): string {
  const next = new URLSearchParams(current);
  for (const [k, v] of Object.entries(change)) {
    if (v === undefined) continue;
    if (v === null || v === "") next.delete(k);
    else next.set(k, v);
  }
  return next.toString();
}
