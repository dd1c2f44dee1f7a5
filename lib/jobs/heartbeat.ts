import { hostname } from "node:os";
import type { Executor } from "../db/pool";
import { rawQuery } from "../db/sql";
import { log } from "../log";

/** How often a worker process writes its heartbeat. */
export const HEARTBEAT_EVERY_MS = 5_000;
/** A heartbeat older than this counts as a stopped worker (six missed beats). */
export const HEARTBEAT_STALE_SECONDS = 30;
/** Rows of processes that died without deleting theirs are purged after this. */
const PURGE_AFTER_SECONDS = 3_600;

export type HeartbeatIdentity = { id: string; instanceId: string; role: string };

/**
 * Writes this process's row in worker_heartbeats now and every HEARTBEAT_EVERY_MS while
 * `alive()` (its fetch loops are turning); a process whose loops hang stops beating, which is
 * what /api/ready and the system page see. `stop` deletes the row (a clean stop is not a
 * dead worker).
 */
export function startHeartbeat(
  db: () => Executor,
  who: HeartbeatIdentity,
  alive: () => boolean,
): { stop: () => Promise<void> } {
  const beat = async () => {
    if (!alive()) return;
    await rawQuery(
      db(),
      `INSERT INTO worker_heartbeats (id, instance_id, host, pid, role) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET beat_at = now()`,
      [who.id, who.instanceId, hostname(), process.pid, who.role],
    );
    await rawQuery(db(), `DELETE FROM worker_heartbeats WHERE beat_at < now() - make_interval(secs => $1)`, [
      PURGE_AFTER_SECONDS,
    ]);
  };
  const safeBeat = () => beat().catch((err: unknown) => log.error({ err }, "worker heartbeat failed"));
  let last = safeBeat();
  const timer = setInterval(() => void (last = safeBeat()), HEARTBEAT_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await last;
      await rawQuery(db(), "DELETE FROM worker_heartbeats WHERE id = $1", [who.id]).catch((err: unknown) =>
        log.error({ err }, "could not remove the worker heartbeat"),
      );
    },
  };
}

/** Fresh heartbeats of one instance's worker processes. */
export async function freshWorkerCount(db: Executor, instanceId: string): Promise<number> {
  const rows = await rawQuery<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM worker_heartbeats
     WHERE instance_id = $1 AND beat_at > now() - make_interval(secs => $2)`,
    [instanceId, HEARTBEAT_STALE_SECONDS],
  );
  return rows[0]?.n ?? 0;
}
