import { db, type Executor } from "../../db/pool";
import { groupCommit } from "../../db/group-commit";
import { transaction } from "../../db/sql";
import { env } from "../../env";
import {
  insertSendRows,
  ROWS_PER_STATEMENT,
  type IdempotencyCompletion,
  type NewMessage,
  type NewTransaction,
} from "./insert-send-rows";

type PendingSend = {
  transaction: NewTransaction;
  messages: NewMessage[];
  idempotency?: IdempotencyCompletion;
};

/**
 * The send path's group commit (lib/db/group-commit.ts): single sends arriving while a commit
 * is in flight are written together, by one statement with multi-row inserts and one dispatch
 * job per business (insert-send-rows.ts): one round trip. 1,000 messages at most per batch.
 * Commits in flight: MESSAGES_SEND_COMMITS_IN_FLIGHT, 1 by default: measured on 2 cores, 3 in
 * flight made smaller batches and cut A1 throughput to a third (the send path is CPU-bound,
 * not WAL-flush-bound).
 */
export const submitSend = groupCommit<PendingSend>({
  name: "messages.send",
  write: writeSends,
  size: (p) => p.messages.length,
  maxBatch: 1_000,
  maxInFlight: () => env().MESSAGES_SEND_COMMITS_IN_FLIGHT,
});

async function writeSends(batch: PendingSend[]): Promise<void> {
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
  else await transaction(db(), (tx) => rows(tx));
}
