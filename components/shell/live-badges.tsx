"use client";

import { usePathname } from "next/navigation";
import { createContext, useContext, useState, type ReactNode } from "react";
import { useInboxEvents } from "./use-inbox-events";

/** How long a page is open before its menu count follows the inbox live. */
const FOLLOW_AFTER_MS = 2_000;

const BadgesContext = createContext<Record<string, number>>({});

/** The menu's counts by href: the layout's figures, kept live by LiveBadges. */
export const useBadges = () => useContext(BadgesContext);

/**
 * Keeps the Inbox's unread count live on every page: after the page has been open 2 s it
 * follows the inbox's event stream and re-reads the count (GET /inbox/unread) after a burst of
 * changes. On the inbox itself the
 * page's own live refresh re-renders the layout, count included, so nothing is opened twice.
 */
export function LiveBadges({ initial, children }: { initial: Record<string, number>; children: ReactNode }) {
  const [badges, setBadges] = useState(initial);
  const [seen, setSeen] = useState(initial);
  // A refresh of the layout (navigation, router.refresh) brings new figures: they win.
  if (seen !== initial) {
    setSeen(initial);
    setBadges(initial);
  }
  const pathname = usePathname();
  const follow = "/inbox" in initial && !pathname.startsWith("/inbox");
  // Once the page has been open a moment: the count rendered with it is current, and a visitor
  // passing through pages costs the server no stream and no re-read per page. `open`: (re)connected,
  // what changed since the page was rendered is read once.
  useInboxEvents(
    () => {
      fetch("/inbox/unread", { cache: "no-store" })
        .then((r) => (r.ok ? (r.json() as Promise<{ unread: number }>) : null))
        .then((body) => {
          if (body) setBadges((b) => ({ ...b, "/inbox": body.unread }));
        })
        .catch(() => undefined); // offline for a moment: the next change or page load catches up
    },
    { enabled: follow, events: ["conversation", "open"], debounceMs: 300, afterMs: FOLLOW_AFTER_MS },
  );
  return <BadgesContext.Provider value={badges}>{children}</BadgesContext.Provider>;
}
