import { z } from "zod";
import { declareQueue } from "../jobs/declare-queue";

export const TemplateReviewJob = z.object({ businessId: z.uuid(), templateId: z.uuid() });
export type TemplateReviewJob = z.infer<typeof TemplateReviewJob>;

/**
 * Submits a new template to its provider's review. Enqueued in the template's transaction
 * (no template without its review), delayed by the provider's review time (simulator). Its
 * handler, runTemplateReview, is registered by lib/wiring.ts.
 */
export const templateReviewQueue = declareQueue({
  name: "template-review",
  payload: TemplateReviewJob,
  version: 1,
  batchSize: 20,
  // Each review waits on the provider's API: a few at once so one slow review does not hold up
  // the rest.
  concurrency: 4,
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
});
