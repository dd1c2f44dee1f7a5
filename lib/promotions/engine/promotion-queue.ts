import { z } from "zod";
import { declareQueue } from "../../jobs/declare-queue";

/**
 * The promotion scheduler's queue. Its work is the tick (runDuePromotions), run as the queue's
 * housekeeping every PROMOTIONS_TICK_MS by the worker's fetch loop and once per drain of
 * POST /api/internal/dispatch; a job on it (any data) just asks for a tick now. Wired in
 * lib/wiring.ts.
 */
export const promotionQueue = declareQueue({
  name: "promotions.tick",
  payload: z.object({ reason: z.string().optional() }),
  version: 1,
  batchSize: 1,
  concurrency: 1,
  retryLimit: 0,
  expireInSeconds: 60,
});
