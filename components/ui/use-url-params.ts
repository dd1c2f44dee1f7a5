"use client";

import { usePathname, useRouter } from "next/navigation";
import { useCallback, useTransition } from "react";
import { mergeSearchParams, type ParamsChange } from "./data-table-params";

/**
 * Queries this tab asked for, oldest first, while the router may still be rendering them: the
 * URL only changes once a navigation commits, so a second change inside that window (a
 * debounced search landing after a sort click) builds on the last query asked for, not on the
 * URL. Any other URL (back button, a link) starts the chain again.
 */
let asked: { pathname: string; queries: string[] } = { pathname: "", queries: [] };

function baseQuery(pathname: string): string {
  const now = window.location.search.replace(/^\?/, "");
  if (asked.pathname === pathname && asked.queries.includes(now)) return asked.queries.at(-1)!;
  asked = { pathname, queries: [now] };
  return now;
}

/**
 * `setParams(change)` writes a control's own URL params on top of the current ones (see
 * mergeSearchParams), never from a copy of the params captured at render; `pending` while the
 * page re-renders. It replaces the history entry, like every table control.
 */
export function useUrlParams(): { setParams: (change: ParamsChange) => void; pending: boolean } {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const setParams = useCallback(
    (change: ParamsChange) => {
      const qs = mergeSearchParams(baseQuery(pathname), change);
      asked.queries = [...asked.queries.slice(-20), qs];
      startTransition(() => router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false }));
    },
    [router, pathname],
  );
  return { setParams, pending };
}
