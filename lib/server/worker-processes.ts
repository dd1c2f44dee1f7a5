import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type PgBoss from "pg-boss";
import { db } from "../db/pool";
import { startHeartbeat } from "../jobs/heartbeat";
import { startWorkers, stopWorkers, workersAlive } from "../jobs/fetch-loop";
import { childProcessEnv } from "../env";
import { log } from "../log";
import { addMetricsChild, removeMetricsChild } from "../metrics/child-metrics";
import { instanceId, processId } from "./instance-id";

export type WorkerProcesses = { stop: (deadlineMs: number) => Promise<void> };

/**
 * Starts `n` child processes running server.ts with ROLE=worker on the same database (the
 * embedded one included), so ROLE=all can spread the job workers over more cores. A
 * child that dies is started again; `stop` sends SIGTERM (each child drains its jobs, as a
 * standalone worker does) and kills what is left at the deadline.
 */
export function startWorkerProcesses(n: number, databaseUrl: string): WorkerProcesses {
  const entry = path.resolve(process.cwd(), "server.ts");
  const children = new Set<ChildProcess>();
  let stopping = false;
  const start = (slot: number) => {
    const child = spawn(process.execPath, ["--import", "tsx", entry], {
      env: childProcessEnv({
        ROLE: "worker",
        WORKER_PROCESSES: "0",
        DATABASE_URL: databaseUrl,
        PORT: "0",
        // Its heartbeat counts for this instance's /api/ready.
        INSTANCE_ID: instanceId(),
      }),
      // The IPC channel carries the child's metrics to this process's /metrics.
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    children.add(child);
    addMetricsChild(child);
    child.once("exit", (code, signal) => {
      children.delete(child);
      removeMetricsChild(child);
      if (stopping) return;
      log.error({ slot, code, signal }, "worker process exited; starting it again");
      setTimeout(() => start(slot), 1_000).unref();
    });
  };
  for (let i = 0; i < n; i++) start(i);
  log.info({ processes: n }, "worker processes started");
  return {
    async stop(deadlineMs) {
      stopping = true;
      await Promise.all(
        [...children].map(
          (child) =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(() => child.kill("SIGKILL"), deadlineMs);
              child.once("exit", () => {
                clearTimeout(timer);
                resolve();
              });
              child.kill("SIGTERM");
            }),
        ),
      );
    },
  };
}

/**
 * The job workers of a process that runs them (ROLE=all or worker): in `processes` child
 * processes when asked (ROLE=all with WORKER_PROCESSES), else in this process.
 */
export async function startJobWorkers(
  boss: PgBoss,
  processes: number,
  databaseUrl: string,
): Promise<WorkerProcesses> {
  if (processes > 0) return startWorkerProcesses(processes, databaseUrl);
  await startWorkers(boss);
  const heartbeat = startHeartbeat(db, { id: processId(), instanceId: instanceId(), role: "worker" }, () =>
    workersAlive(),
  );
  return {
    stop: async () => {
      await stopWorkers();
      await heartbeat.stop();
    },
  };
}
