import { z } from "zod";
import { declareQueue } from "../../jobs/declare-queue";

/**
 * The promotions' housekeeping queue: its work (removeAbandonedUploads) runs as the queue's
 * maintenance every REMOVE_ABANDONED_UPLOADS_EVERY_MS and once per drain; a job on it (any
 * data) just asks for a run now. Wired in lib/wiring.ts.
 */
export const listHousekeepingQueue = declareQueue({
  name: "promotions.list-housekeeping",
  payload: z.object({ reason: z.string().optional() }),
  version: 1,
  batchSize: 1,
  concurrency: 1,
  retryLimit: 0,
  expireInSeconds: 600,
});
