/**
 * Run the due background jobs once, for deployments driven by a cron (operator; background
 * route, docs/architecture.md).
 * POST /api/internal/dispatch
 */
import { createRoute, z } from "@hono/zod-openapi";
import { drainQueues } from "@/lib/jobs/drain-queues";
import type { ResponseOf } from "../operation";
import { errorResponses } from "../schemas";
import { withOperator } from "./operator-auth";

const QueueResult = z.object({ processed: z.number().int(), failed: z.number().int() });

export const contract = createRoute({
  method: "post",
  path: "/api/internal/dispatch",
  tags: ["Internal"],
  summary: "Run the due background jobs once (for deployments driven by a cron)",
  description:
    "Drains every queue's due jobs with the handlers the long-running workers use, until none is due, `maxJobs` jobs ran or `budgetMs` passed.",
  request: {
    query: z.object({
      maxJobs: z.coerce
        .number()
        .int()
        .min(1)
        .max(100_000)
        .default(1_000)
        .openapi({ description: "Jobs to run at most" }),
      budgetMs: z.coerce
        .number()
        .int()
        .min(100)
        .max(300_000)
        .default(20_000)
        .openapi({ description: "Time budget in ms" }),
    }),
  },
  responses: {
    200: {
      description: "What ran, per queue",
      content: {
        "application/json": {
          schema: z.object({
            queues: z
              .record(z.string(), QueueResult)
              .openapi({ example: { "callbacks.deliver": { processed: 3, failed: 0 } } }),
            processed: z.number().int(),
            failed: z.number().int(),
            elapsedMs: z.number().int(),
          }),
        },
      },
    },
    401: errorResponses[401],
    503: { description: "OPERATOR_SECRET is not configured", content: errorResponses[401].content },
  },
});

export type DrainJobsResponse = ResponseOf<typeof contract>;

export const drainJobsOperation = withOperator({ contract }, async (c) => {
  const started = Date.now();
  const { maxJobs, budgetMs } = c.req.valid("query");
  const queues = await drainQueues({ maxJobs, budgetMs });
  const totals = Object.values(queues).reduce(
    (t, q) => ({ processed: t.processed + q.processed, failed: t.failed + q.failed }),
    { processed: 0, failed: 0 },
  );
  return c.json({ queues, ...totals, elapsedMs: Date.now() - started }, 200);
});
