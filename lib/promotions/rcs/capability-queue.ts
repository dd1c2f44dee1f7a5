import { declareQueue } from "../../jobs/workers";
import type { CapabilityJob } from "./check-batch-capability";

/**
 * One job per C2 batch with `doCapability`: checks its numbers in bulk, makes them recipients
 * and queues the capability callback (its handler, checkBatchCapability, is registered by lib/wiring.ts). A failing
 * provider is retried 3 times with backoff before the batch ends with `success: false`.
 */
export const capabilityQueue = declareQueue<CapabilityJob>({
  name: "promotions.rcs-capability",
  batchSize: 4,
  concurrency: 4,
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 300,
});
