import { defineQueue } from "../jobs/workers";
import { runTemplateReview } from "./run-template-review";
import { systemCtx } from "../context";

export type TemplateReviewJob = { businessId: string; templateId: string };

/**
 * Submits a new template to its provider's review. Enqueued in the template's transaction
 * (no template without its review), delayed by the provider's review time (simulator).
 */
export const templateReviewQueue = defineQueue<TemplateReviewJob>({
  name: "template-review",
  handler: (job) => runTemplateReview(systemCtx("template-review"), job),
  batchSize: 20,
  // Reviews are few; one at a time also keeps clear of the embedded database's trouble with
  // concurrent queries on separate connections (4 lanes mixed up parameters there).
  concurrency: 1,
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
});
