import { createRoute, z } from "@hono/zod-openapi";
import { pool } from "@/lib/db";
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

const readyBody = z.object({
  status: z.enum(["ready", "not_ready"]),
  checks: z.object({ database: z.boolean(), queue: z.boolean() }),
});

const ready = createRoute({
  method: "get",
  path: "/api/ready",
  tags: ["Health"],
  summary: "Readiness: database and job queue reachable",
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
    const database = await pool()
      .query("SELECT 1")
      .then(() => true)
      .catch(() => false);
    const queue = database && (await queueReachable());
    const body = {
      status: database && queue ? ("ready" as const) : ("not_ready" as const),
      checks: { database, queue },
    };
    return c.json(body, database && queue ? 200 : 503);
  });
}
