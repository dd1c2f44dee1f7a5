import { log } from "../log";
import { runtimeSlot } from "../runtime";

export type GroupCommitOptions<T> = {
  /** For the log line when a batch fails. */
  name: string;
  /** Writes a batch, all or nothing (one statement, or a transaction of its own). */
  write: (batch: T[]) => Promise<void>;
  /** An item's weight against `maxBatch` (e.g. its messages). */
  size: (item: T) => number;
  /** A batch stops growing before it would pass this weight (a heavier single item goes alone). */
  maxBatch: number;
  /** Batches being written at once, read on every scheduling (a setting). */
  maxInFlight: () => number;
  /**
   * Items with the same key are never in two batches being written at once: an item whose key
   * is in flight waits for the next batch (behind it, items of other keys may go first). For
   * writes that serialise per key anyway (a lock per business): two small batches of one key
   * waiting on each other's lock make twice the statements for the same items.
   */
  exclusiveKey?: (item: T) => string;
};

type Pending<T> = { item: T; resolve: () => void; reject: (err: unknown) => void };
type State<T> = { queue: Pending<T>[]; inFlight: number; scheduled: boolean; keys: Set<string> };

declare module "../runtime" {
  interface Runtime {
    /** Group commits by name: the in-flight limit is the process's, not each module copy's. */
    groupCommits: Map<string, State<unknown>>;
  }
}
const states = runtimeSlot("groupCommits", () => new Map());

/**
 * Group commit: items submitted while batches are being written are written together in the
 * next batch. Each caller's promise settles only once its own item is committed, so an answer
 * still means "stored" (docs/architecture.md rule 6); under light load a batch is a single item. When a
 * batch fails, its items are written again one by one, so one bad item cannot fail its
 * neighbours. The caller chooses it explicitly (it writes outside any caller transaction).
 */
export function groupCommit<T>(opts: GroupCommitOptions<T>): (item: T) => Promise<void> {
  let state = states.get(opts.name) as State<T> | undefined;
  if (!state) states.set(opts.name, (state = { queue: [], inFlight: 0, scheduled: false, keys: new Set() }));
  const s = state;

  const schedule = (): void => {
    if (s.scheduled || s.queue.length === 0 || s.inFlight >= opts.maxInFlight()) return;
    s.scheduled = true;
    // Let the items submitted in the same tick join the batch.
    setImmediate(() => {
      s.scheduled = false;
      const batch: Pending<T>[] = [];
      const waiting: Pending<T>[] = [];
      let size = 0;
      while (s.queue.length > 0) {
        const next = s.queue[0]!;
        // An item whose key is being written waits (in order), whatever its size.
        if (opts.exclusiveKey && s.keys.has(opts.exclusiveKey(next.item))) {
          waiting.push(s.queue.shift()!);
          continue;
        }
        if (batch.length > 0 && size + opts.size(next.item) > opts.maxBatch) break;
        size += opts.size(s.queue.shift()!.item);
        batch.push(next);
      }
      s.queue.unshift(...waiting);
      if (batch.length === 0) return;
      const keys = opts.exclusiveKey ? [...new Set(batch.map((p) => opts.exclusiveKey!(p.item)))] : [];
      for (const k of keys) s.keys.add(k);
      s.inFlight++;
      void flush(batch).finally(() => {
        s.inFlight--;
        for (const k of keys) s.keys.delete(k);
        schedule();
      });
      schedule();
    });
  };

  const flush = async (batch: Pending<T>[]): Promise<void> => {
    try {
      await opts.write(batch.map((p) => p.item));
      for (const p of batch) p.resolve();
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      log.warn(
        { err, size: batch.length, batcher: opts.name },
        "group commit failed; retrying its items one by one",
      );
      for (const p of batch) {
        try {
          await opts.write([p.item]);
          p.resolve();
        } catch (e) {
          p.reject(e);
        }
      }
    }
  };

  return (item) =>
    new Promise<void>((resolve, reject) => {
      s.queue.push({ item, resolve, reject });
      schedule();
    });
}
