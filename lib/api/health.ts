import { createRoute, z } from "@hono/zod-openapi";
import { db } from "@/lib/db/pool";
import { checkReadiness } from "@/lib/health/check-readiness";
import { expectedWorkers } from "@/lib/health/expected-workers";
import { queueReachable } from "@/lib/jobs/boss";
import type { ApiApp } from "./types";

const health = createRoute({
  method: "get",
  path: "/api/health",
  tags: ["Health"],
  summary: "Liveness: the process is up",
  responses: {
    200: {
      description: "Alive",
      content: { "application/json": { schema: z.object({ status: z.literal("ok") }) } },
    },
  },
});

const readyBody = z
  .object({
    status: z.enum(["ready", "not_ready"]),
    checks: z.object({
      database: z.boolean(),
      queue: z.boolean(),
      migrations: z.boolean().openapi({ description: "the database has every migration of this release" }),
      workers: z
        .boolean()
        .optional()
        .openapi({ description: "where this instance runs the job workers (ROLE=all): they beat lately" }),
    }),
    reasons: z.array(z.string()).openapi({ description: "one line per failed check" }),
  })
  .openapi({
    example: {
      status: "not_ready",
      checks: { database: true, queue: true, migrations: false },
      reasons: ["migrations: the database has 28 of the 29 migrations this code expects"],
    },
  });

const ready = createRoute({
  method: "get",
  path: "/api/ready",
  tags: ["Health"],
  summary: "Readiness: database and job queue reachable, migrations applied, workers beating",
  responses: {
    200: { description: "Ready", content: { "application/json": { schema: readyBody } } },
    503: { description: "Not ready", content: { "application/json": { schema: readyBody } } },
  },
});

export function registerHealth(app: ApiApp): void {
  // GET /api/health (liveness)
  app.openapi(health, (c) => c.json({ status: "ok" as const }, 200));
  // GET /api/ready (readiness)
  app.openapi(ready, async (c) => {
    const r = await checkReadiness({ db: db() }, { queueReachable, workers: expectedWorkers() }).catch(
      (): Awaited<ReturnType<typeof checkReadiness>> => ({
        ready: false,
        checks: { database: false, queue: false, migrations: false },
        reasons: ["database: the readiness check failed"],
      }),
    );
    const body = {
      status: r.ready ? ("ready" as const) : ("not_ready" as const),
      checks: r.checks,
      reasons: r.reasons,
    };
    return c.json(body, r.ready ? 200 : 503);
  });
}
