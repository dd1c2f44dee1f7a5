"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** Re-reads the page when the inbox's event stream reports a change the user sees. */
export function LiveRefresh() {
  const router = useRouter();
  useEffect(() => {
    const source = new EventSource("/inbox/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Several changes in a burst cost one refresh.
    const refresh = () => {
      if (!timer) timer = setTimeout(() => ((timer = undefined), router.refresh()), 150);
    };
    source.addEventListener("conversation", refresh);
    // A user's status changed: the assign control shows who is Available.
    source.addEventListener("agent", refresh);
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [router]);
  return null;
}
