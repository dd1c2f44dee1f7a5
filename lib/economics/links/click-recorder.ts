import { countDroppedClicks, countLinkRequest } from "../../metrics/record";
import { runtimeSlot } from "../../runtime";
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
