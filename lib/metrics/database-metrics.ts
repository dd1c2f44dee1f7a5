import client from "prom-client";
import { db, pool } from "../db/pool";
import { rawQuery } from "../db/sql";
import { HEARTBEAT_STALE_SECONDS } from "../jobs/heartbeat";
import { log } from "../log";

/**
 * Gauges read from the database at scrape time: the same for every process of a deployment, so
 * only the process that serves /metrics collects them (never summed over worker processes).
 * Each is one indexed or small-table query.
 */
export function databaseMetrics(): client.Registry {
  const registry = new client.Registry();
  const run = async <R>(what: string, text: string): Promise<R[]> =>
    rawQuery<R>(db(), text).catch((err: unknown) => {
      log.warn({ err, what }, "metrics query failed");
      return [];
    });

  // Both queue gauges come from one query per scrape (prom-client collects gauges concurrently).
  type QueueRow = { name: string; n: number; age: number | null };
  let queues: { at: number; rows: Promise<QueueRow[]> } | undefined;
  const queueRows = () => {
    if (!queues || Date.now() - queues.at > 1_000) {
      queues = {
        at: Date.now(),
        rows: run<QueueRow>(
          "queue depth",
          `SELECT q.name, count(j.id)::int AS n,
                  extract(epoch FROM now() - min(j.created_on))::float8 AS age
           FROM pgboss.queue q LEFT JOIN pgboss.job j ON j.name = q.name AND j.state < 'active'
           GROUP BY q.name`,
        ),
      };
    }
    return queues.rows;
  };
  new client.Gauge({
    name: "switchboard_queue_depth",
    help: "Jobs waiting in each pg-boss queue (created or waiting for a retry)",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await queueRows()) this.set({ queue: r.name }, r.n);
    },
  });
  new client.Gauge({
    name: "switchboard_queue_oldest_job_age_seconds",
    help: "Age of the oldest waiting job of each pg-boss queue (0 when none waits)",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await queueRows()) this.set({ queue: r.name }, r.age ?? 0);
    },
  });

  new client.Gauge({
    name: "switchboard_callback_endpoints_failing",
    help: "Callback endpoints with a delivery waiting for a retry after a failed attempt",
    registers: [registry],
    async collect() {
      const rows = await run<{ n: number }>(
        "failing endpoints",
        `SELECT count(DISTINCT endpoint_id)::int AS n FROM callback_deliveries
         WHERE next_attempt_at IS NOT NULL AND status = 'pending' AND last_error IS NOT NULL`,
      );
      this.set(rows[0]?.n ?? 0);
    },
  });

  new client.Gauge({
    name: "switchboard_worker_processes",
    help: `Worker processes of the deployment by heartbeat: alive (within ${HEARTBEAT_STALE_SECONDS} s) or stale`,
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      const rows = await run<{ alive: number; stale: number }>(
        "worker heartbeats",
        `SELECT count(*) FILTER (WHERE beat_at > now() - interval '${HEARTBEAT_STALE_SECONDS} seconds')::int AS alive,
                count(*) FILTER (WHERE beat_at <= now() - interval '${HEARTBEAT_STALE_SECONDS} seconds')::int AS stale
         FROM worker_heartbeats`,
      );
      this.set({ state: "alive" }, rows[0]?.alive ?? 0);
      this.set({ state: "stale" }, rows[0]?.stale ?? 0);
    },
  });
  return registry;
}

/** The node-postgres pool of this process (summed over worker processes: each has its own). */
export function registerPoolMetrics(registry: client.Registry): void {
  const gauge = (name: string, help: string, read: () => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge("switchboard_db_pool_connections", "Connections the pool holds", () => pool().totalCount);
  gauge("switchboard_db_pool_idle", "Idle connections in the pool", () => pool().idleCount);
  gauge("switchboard_db_pool_waiting", "Queries waiting for a connection", () => pool().waitingCount);
}
