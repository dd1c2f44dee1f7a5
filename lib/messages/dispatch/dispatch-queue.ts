import { z } from "zod";
import type { Executor } from "../../db/pool";
import { chunkQueueOptions } from "../../jobs/chunk-queue-options";
import { declareQueue } from "../../jobs/declare-queue";
import { messagesConfig } from "./config";

export const DispatchJob = z.object({
  businessId: z.uuid(),
  ids: z.array(z.uuid()),
  /**
   * The messages were inserted leased to this job (insertSendRows): on its first run, while
   * that lease lasts, the job owns them without a claim write (dispatchMessages).
   */
  leased: z.boolean().optional(),
});
export type DispatchJob = z.infer<typeof DispatchJob>;

/**
 * Sends chunks of messages to their provider. A job carries up to MESSAGES_DISPATCH_CHUNK
 * message ids of one business; per-message state lives in `messages` (the lease in
 * dispatch_locked_until), so a duplicate or retried job sends nothing twice. Its handler
 * (dispatchMessages) and housekeeping (sweepMessages) enqueue on it, so lib/wiring.ts
 * registers them and this module imports neither.
 */
export const dispatchQueue = declareQueue({
  name: "messages.dispatch",
  payload: DispatchJob,
  version: 1,
  ...chunkQueueOptions,
  expireInSeconds: 900,
});

/** One dispatch job per business and chunk of message ids, due after `startAfterSeconds`. */
export async function enqueueDispatch(
  executor: Executor,
  msgs: Array<{ id: string; businessId: string }>,
  startAfterSeconds = 0,
): Promise<void> {
  if (msgs.length === 0) return;
  await dispatchQueue.sendMany(executor, dispatchJobs(msgs, startAfterSeconds));
}

/** The dispatch jobs of `msgs`: one per business and chunk of MESSAGES_DISPATCH_CHUNK ids. */
export function dispatchJobs(
  msgs: Array<{ id: string; businessId: string }>,
  startAfterSeconds = 0,
  /** The messages are inserted leased to these jobs (see DispatchJob.leased). */
  leased = false,
): Array<{ data: DispatchJob; startAfterSeconds: number }> {
  const chunk = messagesConfig().MESSAGES_DISPATCH_CHUNK;
  const byBusiness = new Map<string, string[]>();
  for (const m of msgs) {
    const list = byBusiness.get(m.businessId);
    if (list) list.push(m.id);
    else byBusiness.set(m.businessId, [m.id]);
  }
  const jobs: Array<{ data: DispatchJob; startAfterSeconds: number }> = [];
  for (const [businessId, ids] of byBusiness) {
    for (let i = 0; i < ids.length; i += chunk) {
      const data: DispatchJob = { businessId, ids: ids.slice(i, i + chunk) };
      jobs.push({ data: leased ? { ...data, leased } : data, startAfterSeconds });
    }
  }
  return jobs;
}
