import PgBoss from "pg-boss";
import { databaseUrl } from "../db";
import { log } from "../log";

const g = globalThis as unknown as { __sbBoss?: PgBoss };

/**
 * The process's pg-boss instance, on the same database as the data so jobs can be enqueued
 * in the same transaction as their rows. Started by server.ts (all roles: web and api
 * instances enqueue, worker instances also work).
 */
export async function startBoss(): Promise<PgBoss> {
  if (g.__sbBoss) return g.__sbBoss;
  const boss = new PgBoss({ connectionString: databaseUrl(), max: 4, schema: "pgboss" });
  boss.on("error", (err) => log.error({ err }, "job queue error"));
  await boss.start();
  g.__sbBoss = boss;
  return boss;
}

export function boss(): PgBoss {
  if (!g.__sbBoss) throw new Error("job queue not started");
  return g.__sbBoss;
}

export async function queueReachable(): Promise<boolean> {
  const b = g.__sbBoss;
  if (!b) return false;
  try {
    await b.getQueues();
    return true;
  } catch {
    return false;
  }
}

export async function stopBoss(timeoutMs: number): Promise<void> {
  const b = g.__sbBoss;
  g.__sbBoss = undefined;
  if (b) await b.stop({ graceful: true, timeout: timeoutMs, wait: true });
}
