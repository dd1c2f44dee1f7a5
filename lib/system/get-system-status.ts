import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { uuidv7Floor } from "../ids";
import { HEARTBEAT_STALE_SECONDS } from "../jobs/heartbeat";

export type QueueStatus = {
  name: string;
  waiting: number;
  active: number;
  oldestSeconds: number;
  failedLastHour: number;
};
export type StatusBucket = { bucket: string; status: string; count: number };
export type FailingEndpoint = {
  businessId: string;
  businessName: string;
  endpointId: string;
  url: string;
  waiting: number;
  lastError: string | null;
};
export type WorkerStatus = {
  id: string;
  instanceId: string;
  host: string;
  pid: number;
  startedAt: Date;
  beatAt: Date;
  alive: boolean;
};
export type SystemStatus = {
  queues: QueueStatus[];
  /** When it was read: the chart's last quarter hour. */
  asOf: string;
  messages: StatusBucket[];
  callbacks: { lastHour: number; failedLastHour: number; successRate: number | null };
  failingEndpoints: FailingEndpoint[];
  workers: WorkerStatus[];
  database: { bytes: number; largest: Array<{ name: string; bytes: number; rows: number }> };
};

/** How far back the messages chart looks. */
export const SYSTEM_HOURS = 6;

/**
 * The operator console's System page: reads only counters, small tables and index ranges, never
 * a scan of `messages` or `callback_deliveries` (docs/decisions/production-operations.md): message_stats' quarter-hour deltas per
 * business through its (business_id, bucket) index, the last hour of callback deliveries as a UUIDv7 id range of (business_id, id), the
 * failing endpoints from the partial index of deliveries waiting for a retry, pg-boss's job
 * table by queue, worker_heartbeats, and the catalog's sizes.
 */
export async function getSystemStatus(ctx: Ctx, input: { now?: Date } = {}): Promise<SystemStatus> {
  const now = input.now ?? new Date();
  const hourAgo = uuidv7Floor(now.getTime() - 3_600_000);
  const [queues, messages, callbacks, failing, workers, size, largest] = await Promise.all([
    rawQuery<QueueStatus>(
      ctx.db,
      `SELECT q.name,
         (SELECT count(*) FROM pgboss.job j WHERE j.name = q.name AND j.state < 'active')::int AS waiting,
         (SELECT count(*) FROM pgboss.job j WHERE j.name = q.name AND j.state = 'active')::int AS active,
         coalesce(extract(epoch FROM $1::timestamptz - (SELECT min(created_on) FROM pgboss.job j
           WHERE j.name = q.name AND j.state < 'active')), 0)::float8 AS "oldestSeconds",
         (SELECT count(*) FROM pgboss.job j WHERE j.name = q.name AND j.state = 'failed'
           AND j.completed_on > $1::timestamptz - interval '1 hour')::int AS "failedLastHour"
       FROM pgboss.queue q ORDER BY q.name`,
      [now],
    ),
    rawQuery<{ bucket: Date; status: string; n: number }>(
      ctx.db,
      `SELECT s.bucket, s.status, sum(s.n)::float8 AS n
       FROM businesses b CROSS JOIN LATERAL (
         SELECT bucket, status, sum(count) AS n FROM message_stats
         WHERE business_id = b.id AND bucket >= $1::timestamptz - make_interval(hours => $2)
         GROUP BY bucket, status
       ) s
       GROUP BY s.bucket, s.status ORDER BY s.bucket`,
      [now, SYSTEM_HOURS],
    ),
    rawQuery<{ total: number; failed: number }>(
      ctx.db,
      `SELECT coalesce(sum(c.total), 0)::int AS total, coalesce(sum(c.failed), 0)::int AS failed
       FROM businesses b CROSS JOIN LATERAL (
         SELECT (SELECT count(*) FROM callback_deliveries d WHERE d.business_id = b.id AND d.id >= $1::uuid) AS total,
                (SELECT count(*) FROM callback_deliveries d WHERE d.business_id = b.id AND d.id >= $1::uuid
                   AND d.last_error IS NOT NULL) AS failed
       ) c`,
      [hourAgo],
    ),
    rawQuery<FailingEndpoint>(
      ctx.db,
      `SELECT b.id AS "businessId", b.name AS "businessName", e.id AS "endpointId", e.url, f.waiting::int AS waiting,
         f.last_error AS "lastError"
       FROM (
         SELECT business_id, endpoint_id, count(*) AS waiting, (array_agg(last_error ORDER BY next_attempt_at DESC))[1] AS last_error
         FROM callback_deliveries
         WHERE next_attempt_at IS NOT NULL AND status = 'pending' AND last_error IS NOT NULL
         GROUP BY business_id, endpoint_id
       ) f
       JOIN callback_endpoints e ON e.id = f.endpoint_id AND e.business_id = f.business_id
       JOIN businesses b ON b.id = f.business_id
       ORDER BY f.waiting DESC LIMIT 50`,
    ),
    rawQuery<WorkerStatus>(
      ctx.db,
      `SELECT id, instance_id AS "instanceId", host, pid, started_at AS "startedAt", beat_at AS "beatAt",
         beat_at > $1::timestamptz - make_interval(secs => $2) AS alive
       FROM worker_heartbeats ORDER BY instance_id, started_at`,
      [now, HEARTBEAT_STALE_SECONDS],
    ),
    rawQuery<{ bytes: number }>(ctx.db, "SELECT pg_database_size(current_database())::float8 AS bytes"),
    rawQuery<{ name: string; bytes: number; rows: number }>(
      ctx.db,
      `SELECT n.nspname || '.' || c.relname AS name, pg_total_relation_size(c.oid)::float8 AS bytes,
         greatest(c.reltuples, 0)::float8 AS rows
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p') AND n.nspname IN ('public', 'pgboss')
       ORDER BY pg_total_relation_size(c.oid) DESC LIMIT 10`,
    ),
  ]);
  const total = callbacks[0]?.total ?? 0;
  const failed = callbacks[0]?.failed ?? 0;
  return {
    asOf: now.toISOString(),
    queues,
    // message_stats counts per quarter hour of creation, by the status each message has now.
    messages: messages.map((m) => ({ bucket: m.bucket.toISOString(), status: m.status, count: m.n })),
    callbacks: {
      lastHour: total,
      failedLastHour: failed,
      successRate: total > 0 ? (total - failed) / total : null,
    },
    failingEndpoints: failing,
    workers,
    database: { bytes: size[0]?.bytes ?? 0, largest },
  };
}
