import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per process that runs job workers, written every few seconds while its fetch loops
 * turn (lib/jobs/heartbeat.ts) and deleted when it stops cleanly. `instance_id` is the process
 * that serves HTTP for it (a ROLE=all parent for its WORKER_PROCESSES children, else itself):
 * /api/ready counts the fresh rows of its own instance, the operator's system page lists them
 * all. A few rows at most, one per worker process of the deployment.
 */
export const workerHeartbeats = pgTable("worker_heartbeats", {
  id: text("id").primaryKey(),
  instanceId: text("instance_id").notNull(),
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  role: text("role").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  beatAt: timestamp("beat_at", { withTimezone: true }).notNull().defaultNow(),
});
