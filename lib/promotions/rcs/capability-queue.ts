import { defineQueue } from "../../jobs/workers";
import { checkBatchCapability, type CapabilityJob } from "./check-batch-capability";

/**
 * One job per C2 batch with `doCapability`: checks its numbers in bulk, makes them recipients
 * and queues the capability callback (lib/jobs/register-all.ts imports this module). A failing
 * provider is retried 3 times with backoff before the batch ends with `success: false`.
 */
export const capabilityQueue = defineQueue<CapabilityJob>({
  name: "promotions.rcs-capability",
  handler: (data, job) => checkBatchCapability(data, job),
  batchSize: 4,
  concurrency: 4,
  retryLimit: 3,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 300,
});
