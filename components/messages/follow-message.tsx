"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";

/** Statuses after which a message never changes (read ends the happy path). */
const FINAL = new Set(["read", "failed", "error"]);
/** Every 2 s at first (statuses come within seconds), then every 10 s, for at most 30 min. */
const FAST_MS = 2_000;
const SLOW_MS = 10_000;
const FAST_FOR_MS = 2 * 60_000;
const GIVE_UP_MS = 30 * 60_000;

/**
 * Keeps a message's page current until the message reaches a final status: the server
 * component is rendered again (router.refresh) while the tab is visible, so a message that
 * fails a second after it was sent reads "Failed" without a reload. A message that stays
 * delivered (no read receipts) is followed for 30 minutes, then the page stops asking.
 */
export function FollowMessage({ status }: { status: string }) {
  const router = useRouter();
  const final = FINAL.has(status);
  const [since] = useState(() => Date.now());
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (final || gaveUp) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const age = Date.now() - since;
      if (age > GIVE_UP_MS) return setGaveUp(true);
      if (document.visibilityState === "visible") router.refresh();
      timer = setTimeout(tick, age < FAST_FOR_MS ? FAST_MS : SLOW_MS);
    };
    timer = setTimeout(tick, FAST_MS);
    return () => clearTimeout(timer);
  }, [final, gaveUp, router, since]);
  if (final) return null;
  return (
    <span data-testid="follow-message" className="inline-flex items-center gap-1.5 text-xs text-slate-600">
      {gaveUp ? (
        "Reload the page for newer statuses."
      ) : (
        <>
          <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-emerald-500" />
          Live: this page follows the message until its final status.
        </>
      )}
    </span>
  );
}
