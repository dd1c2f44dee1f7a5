import { db } from "../db";
import { log } from "../log";
import {
  insertSendRows,
  type IdempotencyCompletion,
  type NewMessage,
  type NewTransaction,
} from "./insert-send-rows";

type Pending = {
  transaction: NewTransaction;
  messages: NewMessage[];
  idempotency?: IdempotencyCompletion;
  resolve: () => void;
  reject: (err: unknown) => void;
};

const MAX_BATCH_MESSAGES = 1_000;

const g = globalThis as unknown as { __sbSendBatcher?: { queue: Pending[]; flushing: boolean } };
const state = (g.__sbSendBatcher ??= { queue: [], flushing: false });

/**
 * Group commit for single sends: requests that arrive while a commit is in flight are written
 * together in the next one (one transaction, multi-row inserts, one dispatch job per business
 * for the batch). Each caller's promise settles only after its rows and job have committed, so
 * the answer still means "stored and queued" (DESIGN.md rule 6); under light load a batch is a
 * single request. If a batch fails, its requests are retried one by one so one bad request
 * cannot fail its neighbours.
 */
export function submitSend(
  transaction: NewTransaction,
  messages: NewMessage[],
  idempotency?: IdempotencyCompletion,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    state.queue.push({ transaction, messages, idempotency, resolve, reject });
    if (!state.flushing) {
      state.flushing = true;
      // Let the requests parsed in the same tick join the first batch.
      setImmediate(() => void flushLoop());
    }
  });
}

async function flushLoop(): Promise<void> {
  try {
    while (state.queue.length > 0) {
      const batch: Pending[] = [];
      let size = 0;
      while (
        state.queue.length > 0 &&
        (batch.length === 0 || size + state.queue[0]!.messages.length <= MAX_BATCH_MESSAGES)
      ) {
        const next = state.queue.shift()!;
        size += next.messages.length;
        batch.push(next);
      }
      await flush(batch);
    }
  } finally {
    state.flushing = false;
    // A request may have arrived between the last check and the flag reset.
    if (state.queue.length > 0) {
      state.flushing = true;
      setImmediate(() => void flushLoop());
    }
  }
}

async function write(batch: Pending[]): Promise<void> {
  await db().transaction(async (tx) => {
    await insertSendRows(
      tx,
      batch.map((p) => p.transaction),
      batch.flatMap((p) => p.messages),
      batch.flatMap((p) => (p.idempotency ? [p.idempotency] : [])),
    );
  });
}

async function flush(batch: Pending[]): Promise<void> {
  try {
    await write(batch);
    for (const p of batch) p.resolve();
  } catch (err) {
    if (batch.length === 1) return batch[0]!.reject(err);
    log.warn({ err, size: batch.length }, "send batch failed; retrying its requests one by one");
    for (const p of batch) {
      try {
        await write([p]);
        p.resolve();
      } catch (e) {
        p.reject(e);
      }
    }
  }
}
