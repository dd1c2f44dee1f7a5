import type PgBoss from "pg-boss";
import type { Executor } from "../db/pool";
import { rawQuery } from "../db/sql";
import { BOSS_SCHEMA, type QueueOptions } from "./queue-types";
import { queueDefinitions } from "./registered-queues";

const ensured = new Set<string>();

function queueOptions(def: QueueOptions) {
  return {
    policy: "standard",
    retryLimit: def.retryLimit ?? 5,
    retryDelay: def.retryDelay ?? 10,
    retryBackoff: def.retryBackoff ?? true,
    expireInSeconds: def.expireInSeconds ?? 900,
  };
}

/**
 * Creates the queue (once per process) through `executor`: pg-boss drops jobs for unknown
 * queues, and the creation commits or rolls back with the caller's rows.
 */
export async function ensureQueue(executor: Executor, def: QueueOptions): Promise<void> {
  const name = def.name;
  if (ensured.has(name)) return;
  const found = await rawQuery(executor, `SELECT 1 FROM ${BOSS_SCHEMA}.queue WHERE name = $1`, [name]);
  if (found.length > 0) {
    ensured.add(name);
    return;
  }
  // Not remembered as ensured: the caller's transaction may still roll the creation back.
  await rawQuery(executor, `SELECT ${BOSS_SCHEMA}.create_queue($1, $2)`, [
    name,
    JSON.stringify(queueOptions(def)),
  ]);
}

/** Forgets which queues exist (a process that moves to another database: the test setup). */
export function forgetEnsuredQueues(): void {
  ensured.clear();
}

/** Creates every registered queue; server.ts calls it on start for every role. */
export async function ensureQueues(boss: PgBoss): Promise<void> {
  for (const def of queueDefinitions()) {
    if (ensured.has(def.name)) continue;
    // Two instances starting together can deadlock inside pg-boss's create_queue (it creates a
    // partition and inserts the queue row); the loser retries and finds the queue there.
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(def.name, { name: def.name, ...queueOptions(def), policy: "standard" });
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== "40P01" || attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 100));
      }
    }
    ensured.add(def.name);
  }
}
