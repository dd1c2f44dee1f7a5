"use client";

import { useEffect, useRef } from "react";

/**
 * Follows the signed-in user's inbox stream (GET /inbox/events) and calls `onChange` once per
 * burst of the named events (`debounceMs` after the first). With `afterMs`, the stream opens
 * only once the page has been open that long. Used by the inbox page (re-render) and the menu's
 * unread count (re-read).
 */
export function useInboxEvents(
  onChange: () => void,
  opts: { enabled?: boolean; events: string[]; debounceMs: number; afterMs?: number },
): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const { enabled = true, debounceMs, afterMs = 0 } = opts;
  const events = opts.events.join(",");
  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        latest.current();
      }, debounceMs);
    };
    const open = () => {
      source = new EventSource("/inbox/events");
      for (const name of events.split(",")) source.addEventListener(name, changed);
    };
    const start = afterMs > 0 ? setTimeout(open, afterMs) : (open(), undefined);
    return () => {
      if (start) clearTimeout(start);
      source?.close();
      if (timer) clearTimeout(timer);
    };
  }, [enabled, events, debounceMs, afterMs]);
}
