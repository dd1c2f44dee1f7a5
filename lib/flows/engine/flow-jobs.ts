import { z } from "zod";
import { declareQueue } from "../../jobs/declare-queue";

/** A run's pending wake: the run, and the wake id its row must still carry (flow_runs.wake_id). */
export const FlowWakeJob = z.object({
  businessId: z.uuid(),
  runId: z.uuid(),
  wakeId: z.uuid(),
});
export type FlowWakeJob = z.infer<typeof FlowWakeJob>;

/**
 * A `wait` step's end or an `ask`'s timeout as the release before the wake scanner enqueued it
 * (pg-boss startAfter). Nothing enqueues it now (a timer is the run's wake_at, taken by
 * wake-due-runs.ts); the handler (continue-run.ts, registered in lib/wiring.ts) stays for the
 * jobs still pending from then, and continues the run only if it still waits on this wake.
 */
export const flowWakeQueue = declareQueue({
  name: "flows.wake",
  payload: FlowWakeJob,
  version: 1,
  batchSize: 100,
  concurrency: 8,
  retryLimit: 5,
  retryDelay: 5,
});

/**
 * An `http_request` step: the request is made by this job, outside the inbound transaction,
 * and the run continues in a transaction of its own (http-step.ts). Few retries: a retry
 * repeats the request (with the same webhook-id, for the receiver to deduplicate).
 */
export const flowHttpQueue = declareQueue({
  name: "flows.http",
  payload: FlowWakeJob,
  version: 1,
  batchSize: 20,
  concurrency: 20,
  retryLimit: 2,
  retryDelay: 5,
  expireInSeconds: 120,
});
