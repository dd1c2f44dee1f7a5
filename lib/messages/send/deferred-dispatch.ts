import type { Executor } from "../../db/pool";
import { dispatchJobs, dispatchQueue } from "../dispatch/dispatch-queue";

/**
 * The dispatch of every send made in one transaction, enqueued once at its end: a caller that
 * sends many single messages in one transaction (the inbound batch, whose flows reply to each
 * customer) puts one on its Ctx (`deferredDispatch`), commitSend stores each send's rows without
 * their job and adds the messages here, and the caller flushes before it commits: one dispatch
 * job per business and chunk of MESSAGES_DISPATCH_CHUNK messages, in the order they were sent,
 * instead of one per reply (each job costs ~5 commits). The messages are born leased to those
 * jobs as to their own (DispatchJob.leased). A send whose savepoint rolled back leaves an id no
 * row has: its job skips it (it claims rows by id).
 */
export class DeferredDispatch {
  private pending: Array<{ id: string; businessId: string }> = [];

  add(msgs: ReadonlyArray<{ id: string; businessId: string }>): void {
    for (const m of msgs) this.pending.push({ id: m.id, businessId: m.businessId });
  }

  /** Enqueues the jobs of what was added since the last flush, through the caller's transaction. */
  async flush(executor: Executor): Promise<void> {
    if (this.pending.length === 0) return;
    const msgs = this.pending;
    this.pending = [];
    await dispatchQueue.sendMany(executor, dispatchJobs(msgs, 0, true));
  }
}
