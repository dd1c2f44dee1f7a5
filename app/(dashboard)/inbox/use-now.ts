"use client";

import { useSyncExternalStore } from "react";

let current = 0;

function subscribe(onChange: () => void): () => void {
  current = Date.now();
  queueMicrotask(onChange);
  const t = setInterval(() => {
    current = Date.now();
    onChange();
  }, 30_000);
  return () => clearInterval(t);
}

/**
 * The browser's clock, ticking every 30 s: the server's time while hydrating (so the first
 * render matches the server's HTML), then the browser's. The service window counts down with
 * it and closes in front of the agent without a reload.
 */
export function useNow(serverNow: number): number {
  return useSyncExternalStore(
    subscribe,
    () => current || serverNow,
    () => serverNow,
  );
}
