import type { Executor } from "../db/pool";
import { rawQuery } from "../db/sql";
import { freshWorkerCount, HEARTBEAT_STALE_SECONDS } from "../jobs/heartbeat";
import { migrationStatus } from "./migration-status";

export type ReadinessInput = {
  /** Whether pg-boss answers (lib/jobs/boss.ts queueReachable). */
  queueReachable: () => Promise<boolean>;
  /** Set where this process's instance runs the job workers (ROLE=all): how many must beat. */
  workers?: { instanceId: string; expected: number };
  /** Where the code's migrations are (tests point it elsewhere). */
  migrationsFolder?: string;
};

export type Readiness = {
  ready: boolean;
  checks: { database: boolean; queue: boolean; migrations: boolean; workers?: boolean };
  /** One sentence per failed check, for the operator reading the probe's answer. */
  reasons: string[];
};

/**
 * The readiness probe's answer: the database answers, the job queue answers, the database has
 * every migration this code expects, and (where this instance runs them) its worker processes
 * have written a heartbeat lately.
 */
export async function checkReadiness(ctx: { db: Executor }, input: ReadinessInput): Promise<Readiness> {
  const reasons: string[] = [];
  const database = await rawQuery(ctx.db, "SELECT 1")
    .then(() => true)
    .catch(() => false);
  if (!database) {
    reasons.push("database: not reachable");
    return { ready: false, checks: { database, queue: false, migrations: false }, reasons };
  }
  const queue = await input.queueReachable();
  if (!queue) reasons.push("queue: the job queue does not answer");

  const m = await migrationStatus(ctx.db, input.migrationsFolder);
  const migrations = m.applied >= m.expected;
  if (!migrations) {
    reasons.push(
      `migrations: the database has ${m.applied} of the ${m.expected} migrations this code expects`,
    );
  }

  const checks: Readiness["checks"] = { database, queue, migrations };
  if (input.workers) {
    const beating = await freshWorkerCount(ctx.db, input.workers.instanceId);
    checks.workers = beating >= input.workers.expected;
    if (!checks.workers) {
      reasons.push(
        `workers: ${beating} of ${input.workers.expected} worker processes sent a heartbeat in the last ${HEARTBEAT_STALE_SECONDS} s`,
      );
    }
  }
  return { ready: reasons.length === 0, checks, reasons };
}
