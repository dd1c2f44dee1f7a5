"use client";

import { useRouter } from "next/navigation";
import { useInboxEvents } from "@/components/shell/use-inbox-events";

/** Re-reads the page when the inbox's event stream reports a change the user sees. */
export function LiveRefresh() {
  const router = useRouter();
  // Several changes in a burst cost one refresh; `agent`: a user's status changed (the assign
  // control shows who is Available).
  useInboxEvents(() => router.refresh(), { events: ["conversation", "agent"], debounceMs: 150 });
  return null;
}
