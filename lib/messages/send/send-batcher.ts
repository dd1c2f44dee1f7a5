import { db, type Executor } from "../../db";
import { log } from "../../log";
import { env } from "../../env";
import {
  insertSendRows,
  ROWS_PER_STATEMENT,
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
/**
 * Commits in flight at once. 1 by default: measured on 2 cores, 3 in flight made smaller
 * batches and cut A1 throughput to a third (the send path is CPU-bound, not WAL-flush-bound).
 */
const maxInFlight = () => env().MESSAGES_SEND_COMMITS_IN_FLIGHT;

const g = globalThis as unknown as {
  __sbSendBatcher?: { queue: Pending[]; inFlight: number; scheduled: boolean };
};
const state = (g.__sbSendBatcher ??= { queue: [], inFlight: 0, scheduled: false });

/**
 * Group commit for single sends: requests that arrive while commits are in flight are written
 * together in the next one (one statement with multi-row inserts and one dispatch job per
 * business for the batch: one round trip, see insert-send-rows.ts). Each caller's promise settles only after its rows and job have committed, so
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
    schedule();
  });
}

function schedule(): void {
  if (state.scheduled || state.queue.length === 0 || state.inFlight >= maxInFlight()) return;
  state.scheduled = true;
  // Let the requests parsed in the same tick join the batch.
  setImmediate(() => {
    state.scheduled = false;
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
    if (batch.length === 0) return;
    state.inFlight++;
    void flush(batch).finally(() => {
      state.inFlight--;
      schedule();
    });
    schedule();
  });
}

async function write(batch: Pending[]): Promise<void> {
  const rows = (executor: Executor) =>
    insertSendRows(
      executor,
      batch.map((p) => p.transaction),
      batch.flatMap((p) => p.messages),
      batch.flatMap((p) => (p.idempotency ? [p.idempotency] : [])),
    );
  // Up to ROWS_PER_STATEMENT messages the write is one statement, atomic on its own.
  const size = batch.reduce((n, p) => n + p.messages.length, 0);
  if (size <= ROWS_PER_STATEMENT) await rows(db());
  else await db().transaction((tx) => rows(tx));
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
