import type { Executor } from "../../db/pool";
import { dispatchJobs, dispatchQueue } from "../dispatch/dispatch-queue";
import {
  completeSend,
  insertMessageRows,
  ROWS_PER_STATEMENT,
  type NewMessage,
  type NewTransaction,
} from "./insert-send-rows";

/**
 * The sends made in one transaction, written and enqueued once at its end: a caller that sends
 * many single messages in one transaction (the inbound batch, whose flows reply to each
 * customer) puts one on its Ctx (`deferredDispatch`), commitSend adds each send here (its rows,
 * or only its messages' ids when it also completes an Idempotency-Key and so wrote its rows at
 * once), and the caller flushes before it commits: the rows in one statement with one dispatch
 * job per business and chunk of MESSAGES_DISPATCH_CHUNK messages, in the order they were sent,
 * instead of a statement and a job per reply (a job costs ~5 commits). The messages are born
 * leased to those jobs as to their own (DispatchJob.leased). What was added inside a savepoint
 * that rolled back is dropped (mark / rollbackTo, lib/context.ts inTransaction), as its rows
 * would have been.
 */
export class DeferredDispatch {
  /** Every deferred message in the order sent: its id, and its row unless already written. */
  private pending: Array<{ id: string; businessId: string; row?: NewMessage }> = [];
  private transactions: NewTransaction[] = [];

  /** Messages whose rows the caller wrote: only their dispatch is deferred. */
  add(msgs: ReadonlyArray<{ id: string; businessId: string }>): void {
    for (const m of msgs) this.pending.push({ id: m.id, businessId: m.businessId });
  }

  /** A send whose rows are written at the flush too. */
  addSend(transaction: NewTransaction, msgs: readonly NewMessage[]): void {
    this.transactions.push(transaction);
    for (const m of msgs) this.pending.push({ id: m.id, businessId: m.businessId, row: m });
  }

  /** Where the sends stand now: rollbackTo(mark) forgets what was added since. */
  mark(): { pending: number; transactions: number } {
    return { pending: this.pending.length, transactions: this.transactions.length };
  }

  rollbackTo(mark: { pending: number; transactions: number }): void {
    this.pending.length = Math.min(this.pending.length, mark.pending);
    this.transactions.length = Math.min(this.transactions.length, mark.transactions);
  }

  /**
   * Writes the rows and enqueues the jobs of what was added since the last flush, through the
   * caller's transaction: one statement up to ROWS_PER_STATEMENT messages.
   */
  async flush(executor: Executor): Promise<void> {
    if (this.pending.length === 0) return;
    const msgs = this.pending;
    const transactions = this.transactions;
    this.pending = [];
    this.transactions = [];
    const rows = msgs.flatMap((m) => (m.row ? [m.row] : []));
    if (rows.length === 0 && transactions.length === 0) {
      await dispatchQueue.sendMany(executor, dispatchJobs(msgs, 0, true));
      return;
    }
    let from = 0;
    for (; rows.length - from > ROWS_PER_STATEMENT; from += ROWS_PER_STATEMENT)
      await insertMessageRows(executor, rows.slice(from, from + ROWS_PER_STATEMENT));
    await completeSend(executor, transactions, msgs, [], rows.slice(from));
  }
}
