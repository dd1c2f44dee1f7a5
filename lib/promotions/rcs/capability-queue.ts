import { declareQueue } from "../../jobs/declare-queue";
import { CapabilityJob } from "./capability-job";

/**
 * One job per C2 batch with `doCapability`: checks its numbers in bulk, makes them recipients
 * and queues the capability callback (its handler, checkBatchCapability, is registered by lib/wiring.ts). A failing
 * provider is retried 3 times with backoff before the batch ends with `success: false`.
 */
export const capabilityQueue = declareQueue({
  name: "promotions.rcs-capability",
  payload: CapabilityJob,
  version: 1,
  batchSize: 4,
  concurrency: 4,
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 300,
});
