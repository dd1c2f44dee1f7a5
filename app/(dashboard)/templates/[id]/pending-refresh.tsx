"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { templateStatusAction } from "./actions";

/**
 * While a template is PENDING the page asks for its status alone every few seconds (one
 * indexed row) and re-renders from the server only when it changed, so the review outcome
 * appears without a reload. Re-rendering the whole page on every tick starved other
 * requests; one check at a time, and none while the tab is hidden. Stops after
 * an hour, when a review is left to an operator.
 */
export function PendingRefresh({
  templateId,
  intervalMs = 3000,
}: {
  templateId: string;
  intervalMs?: number;
}) {
  const router = useRouter();
  useEffect(() => {
    const started = Date.now();
    let busy = false;
    const timer = setInterval(async () => {
      if (busy || document.visibilityState !== "visible") return;
      if (Date.now() - started > 3_600_000) return clearInterval(timer);
      busy = true;
      try {
        const res = await templateStatusAction(templateId);
        if (!res.ok || res.data.status !== "PENDING") {
          clearInterval(timer);
          router.refresh();
        }
      } finally {
        busy = false;
      }
    }, intervalMs);
    return () => clearInterval(timer);
  }, [router, templateId, intervalMs]);
  return (
    <Alert tone="info" className="mb-6">
      <span className="inline-flex items-center gap-2" role="status">
        <Spinner className="size-4" />
        Waiting for review. This page updates itself when the decision arrives.
      </span>
    </Alert>
  );
}
