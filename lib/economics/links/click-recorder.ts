import { countDroppedClicks, countLinkRequest } from "../../metrics/record";
import { log } from "../../log";
import { runtime, runtimeSlot } from "../../runtime";
import { createClickQueue, type ClickQueue } from "./click-queue";
import { writeClicks } from "./write-clicks";

/** Clicks held while the database is away: about 300 bytes each, so ~60 MB at most. */
export const MAX_QUEUED_CLICKS = 200_000;

declare module "../../runtime" {
  interface Runtime {
    /** The redirect's clicks waiting to be written (one queue per process). */
    clickQueue: ClickQueue;
  }
}

/** The process's click queue (lib/economics/links/click-queue.ts), writing to link_clicks. */
export const clickQueue = (): ClickQueue =>
  runtimeSlot("clickQueue", () =>
    createClickQueue({
      write: writeClicks,
      maxQueued: MAX_QUEUED_CLICKS,
      batchSize: 1_000,
      flushMs: 250,
      onDrop: countDroppedClicks,
    }),
  );

/** Queues one request to a tracked link; returns at once. */
export function recordClick(click: Parameters<ClickQueue["push"]>[0]): void {
  countLinkRequest(click.agentClass);
  clickQueue().push(click);
}

/**
 * On shutdown, after the HTTP server has closed: writes what the queue still holds, waiting at
 * most `timeoutMs` (a database that is away loses them; the log says how many).
 */
export async function flushClicksOnShutdown(timeoutMs: number): Promise<void> {
  const q = runtime().clickQueue;
  if (!q || q.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const done = await Promise.race([q.flush(), late]);
  clearTimeout(timer);
  if (!done) log.warn({ clicks: q.size }, "tracked clicks not written before shutdown");
}
