"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";

/**
 * While a template is PENDING the page re-renders itself from the server every few seconds
 * (router.refresh keeps scroll and form state), so the review outcome appears without a
 * reload. Polling stops when the status changes (the server renders this component no more)
 * or after an hour, when a review is left to an operator.
 */
export function PendingRefresh({ intervalMs = 3000 }: { intervalMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (document.visibilityState !== "visible") return;
      if (Date.now() - started > 3_600_000) return clearInterval(timer);
      router.refresh();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [router, intervalMs]);
  return (
    <Alert tone="info" className="mb-6">
      <span className="inline-flex items-center gap-2" role="status">
        <Spinner className="size-4" />
        Waiting for review. This page updates itself when the decision arrives.
      </span>
    </Alert>
  );
}
