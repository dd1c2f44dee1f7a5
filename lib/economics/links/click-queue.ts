import { log } from "../../log";
import type { AgentClass } from "./agent-class";

/** One request to a tracked link, as the queue keeps it until it is written. */
export type Click = {
  id: string;
  businessId: string;
  code: string;
  promotionId: string | null;
  phone: string;
  messageId: string | null;
  clickedAt: Date;
  agentClass: AgentClass;
  userAgent: string | null;
};

export type ClickQueueOptions = {
  /** Writes one batch, all or nothing; a failure keeps the batch for the next try. */
  write: (batch: Click[]) => Promise<void>;
  /** Clicks kept in memory at most; past it the oldest are dropped (and counted). */
  maxQueued: number;
  batchSize: number;
  /** The wait before a flush of what has queued, and after a failed write (doubling, up to 30 s). */
  flushMs: number;
  /** Counts dropped clicks (the metric). */
  onDrop?: (n: number) => void;
};

export type ClickQueue = ReturnType<typeof createClickQueue>;

/**
 * The clicks of the redirect, written in batches behind it: `push` returns at once, whatever
 * the database does. A batch that fails to write (the database stopped, slow, restarting)
 * stays at the head of the queue and is tried again after a back-off, so the clicks are written
 * once the database is back; while it is away the queue holds up to `maxQueued` clicks and then
 * drops the oldest, counting them (`dropped`, and the switchboard_link_clicks_dropped_total
 * metric). One write at a time. A process that ends loses what it still holds (bounded by
 * `maxQueued`; `flush` on shutdown writes it when the database is there).
 */
export function createClickQueue(opts: ClickQueueOptions) {
  let queue: Click[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  /** How many clicks at the head of the queue the write in flight holds. */
  let inFlight = 0;
  let failures = 0;
  let dropped = 0;
  const drop = (n: number) => {
    dropped += n;
    opts.onDrop?.(n);
  };

  const schedule = (ms: number) => {
    if (timer || writing) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flushOnce();
    }, ms);
    timer.unref();
  };

  /** Writes the batch; one that fails for its data is written click by click, the bad ones dropped. */
  const writeBatch = async (batch: Click[]): Promise<void> => {
    try {
      await opts.write(batch);
    } catch (err) {
      if (!isPermanent(err)) throw err;
      log.warn(
        { err, clicks: batch.length },
        "a batch of tracked clicks refused for its data; writing them one by one",
      );
      for (const click of batch) {
        try {
          await opts.write([click]);
        } catch (one) {
          if (!isPermanent(one)) throw one;
          // Its business was deleted meanwhile, or its text cannot be stored: it never will be.
          drop(1);
        }
      }
    }
  };

  const flushOnce = (): Promise<void> => {
    if (writing) return writing;
    if (queue.length === 0) return Promise.resolve();
    const batch = queue.slice(0, opts.batchSize);
    inFlight = batch.length;
    writing = writeBatch(batch).then(
      () => {
        queue = queue.slice(inFlight);
        failures = 0;
      },
      (err: unknown) => {
        failures++;
        if (failures === 1 || failures % 20 === 0)
          log.warn({ err, queued: queue.length, failures }, "tracked clicks not written yet; retrying");
      },
    );
    return writing.finally(() => {
      writing = undefined;
      inFlight = 0;
      if (queue.length === 0) return;
      if (failures > 0) schedule(backoff(failures, opts.flushMs));
      else schedule(queue.length >= opts.batchSize ? 0 : opts.flushMs);
    });
  };

  return {
    push(click: Click): void {
      queue.push(click);
      if (queue.length > opts.maxQueued) {
        // The oldest click not held by the write in flight (the newest when it holds them all).
        queue.splice(Math.min(writing ? inFlight : 0, queue.length - 1), 1);
        drop(1);
      }
      schedule(queue.length >= opts.batchSize ? 0 : opts.flushMs);
    },
    /** Writes until the queue is empty or a write fails; true when everything is written. */
    async flush(): Promise<boolean> {
      if (timer) clearTimeout(timer);
      timer = undefined;
      while (queue.length > 0) {
        const before = failures;
        await flushOnce();
        if (failures > before) return false;
      }
      return true;
    },
    get size(): number {
      return queue.length;
    },
    get dropped(): number {
      return dropped;
    },
  };
}

/**
 * PostgreSQL refused the rows themselves (data exception, integrity violation: SQLSTATE
 * classes 22 and 23), so trying again will not help; anything else (no connection, a restart,
 * a timeout) is tried again.
 */
function isPermanent(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^(22|23)/.test(code);
}

const backoff = (failures: number, base: number) =>
  Math.min(30_000, Math.max(base, 100) * 2 ** Math.min(failures, 10));
