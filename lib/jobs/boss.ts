import PgBoss from "pg-boss";
import { databaseUrl } from "../db/pool";
import { log } from "../log";
import { runtime } from "../runtime";

declare module "../runtime" {
  interface Runtime {
    /** The process's pg-boss instance, while started. */
    boss: PgBoss | undefined;
  }
}

/**
 * The process's pg-boss instance, on the same database as the data so jobs can be enqueued
 * in the same transaction as their rows. Started by server.ts (all roles: web and api
 * instances enqueue, worker instances also work).
 */
export async function startBoss(): Promise<PgBoss> {
  const running = runtime().boss;
  if (running) return running;
  const boss = new PgBoss({ connectionString: databaseUrl(), max: 4, schema: "pgboss" });
  boss.on("error", (err) => log.error({ err }, "job queue error"));
  await boss.start();
  runtime().boss = boss;
  return boss;
}

export function boss(): PgBoss {
  const b = runtime().boss;
  if (!b) throw new Error("job queue not started");
  return b;
}

export async function queueReachable(): Promise<boolean> {
  const b = runtime().boss;
  if (!b) return false;
  try {
    await b.getQueues();
    return true;
  } catch {
    return false;
  }
}

export async function stopBoss(timeoutMs: number): Promise<void> {
  const b = runtime().boss;
  runtime().boss = undefined;
  if (b) await b.stop({ graceful: true, timeout: timeoutMs, wait: true });
}

/**
 * Creates (or upgrades) the job queue's schema on the database at `url` without running a queue:
 * a restore builds it before loading the backup's jobs, the test run's template before it is copied.
 */
export async function installBossSchema(url: string): Promise<void> {
  const b = new PgBoss({
    connectionString: url,
    max: 1,
    schema: "pgboss",
    supervise: false,
    schedule: false,
  });
  b.on("error", (err) => log.error({ err }, "job queue error"));
  await b.start();
  await b.stop({ graceful: false, wait: true });
}
