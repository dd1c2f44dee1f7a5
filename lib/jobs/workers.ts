import type PgBoss from "pg-boss";
import { log } from "../log";

export type WorkerRegistration = (boss: PgBoss) => Promise<void>;

const registrations: WorkerRegistration[] = [];

/** Domain modules add their job handlers here; server.ts starts them on worker roles. */
export function defineWorkers(fn: WorkerRegistration): void {
  registrations.push(fn);
}

export async function startWorkers(boss: PgBoss): Promise<void> {
  for (const register of registrations) await register(boss);
  log.info({ registrations: registrations.length }, "workers started");
}
