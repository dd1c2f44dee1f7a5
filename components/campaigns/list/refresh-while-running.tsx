"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * Re-renders the page's server data (router.refresh: guarded like the page, no full reload)
 * every few seconds while `running`, so the counters of a running campaign move by themselves.
 * Paused while the tab is hidden.
 */
export function RefreshWhileRunning({ running, everyMs = 4000 }: { running: boolean; everyMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => {
      if (document.visibilityState === "visible") router.refresh();
    }, everyMs);
    return () => clearInterval(t);
  }, [running, everyMs, router]);
  return null;
}
