"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { Spinner } from "@/components/ui/spinner";
import { campaignProgressAction } from "@/app/(dashboard)/campaigns/[id]/actions";

/**
 * While the campaign runs (Preparing, Scheduled, Active) the page asks for its status and
 * counters alone every few seconds (the counters rows: one indexed read) and re-renders from
 * the server only when they moved, so progress shows without a reload. One check at a time,
 * none while the tab is hidden; it stops once the campaign is Stopped or final (the page that
 * renders then has no LiveProgress).
 */
export function LiveProgress({
  promotionId,
  intervalMs = 2500,
}: {
  promotionId: string;
  intervalMs?: number;
}) {
  const router = useRouter();
  const last = useRef<string | null>(null);
  useEffect(() => {
    let busy = false;
    const timer = setInterval(async () => {
      if (busy || document.visibilityState !== "visible") return;
      busy = true;
      try {
        const res = await campaignProgressAction(promotionId);
        if (!res.ok) return clearInterval(timer);
        if (last.current !== null && last.current !== res.data.fingerprint) router.refresh();
        last.current = res.data.fingerprint;
      } finally {
        busy = false;
      }
    }, intervalMs);
    return () => clearInterval(timer);
  }, [router, promotionId, intervalMs]);
  return (
    <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
      <Spinner className="size-4 text-indigo-600" />
      Live: the numbers update by themselves while the campaign runs.
    </p>
  );
}
