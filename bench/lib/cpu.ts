import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds (user + system) used so far by a process, from /proc; 0 if it is gone. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The process and its descendants (e.g. WORKER_PROCESSES children), from /proc. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone */
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return out;
}

/** Whether `pid` is one of the embedded PostgreSQL's processes (its watcher shell included). */
export function isDatabaseProcess(pid: number): boolean {
  try {
    const comm = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
    return comm === "postgres" || comm === "sh";
  } catch {
    return false;
  }
}

/**
 * CPU seconds used so far by a process and its live descendants, the embedded PostgreSQL's
 * processes left out (postgresCpuSeconds counts those, with every other postgres process).
 */
export function treeCpuSeconds(pid: number): number {
  return processTree(pid)
    .filter((p) => !isDatabaseProcess(p))
    .reduce((sum, p) => sum + processCpuSeconds(p), 0);
}

/** CPU seconds used so far by every PostgreSQL server process on this machine. */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres")
        total += processCpuSeconds(Number(entry));
    } catch {
      /* gone */
    }
  }
  return total;
}

/** CPU spent by the server, PostgreSQL and this (load generating) process while `fn` runs. */
export async function measureCpu<T>(
  serverPid: number,
  fn: () => Promise<T>,
): Promise<{ result: T; serverS: number; postgresS: number; clientS: number }> {
  const s0 = treeCpuSeconds(serverPid);
  const p0 = postgresCpuSeconds();
  const c0 = process.cpuUsage();
  const result = await fn();
  const c = process.cpuUsage(c0);
  return {
    result,
    serverS: treeCpuSeconds(serverPid) - s0,
    postgresS: postgresCpuSeconds() - p0,
    clientS: (c.user + c.system) / 1e6,
  };
}

/**
 * CPU seconds of the PostgreSQL backends serving one database only (the server under test's),
 * so that other users of a shared PostgreSQL server are not counted, as
 * postgresCpuSeconds() does. Backends are found in pg_stat_activity and their /proc counters
 * sampled every 250 ms, so one that exits between samples loses at most its last 250 ms.
 * Shared work (WAL writer, checkpointer, autovacuum) is not included.
 */
export function databaseCpuTracker(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  const connected = client.connect();
  const last = new Map<number, number>();
  const sample = async () => {
    await connected;
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [database],
    );
    for (const { pid } of rows) {
      const s = processCpuSeconds(pid);
      if (s > 0) last.set(pid, s);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    start: async () => {
      await sample();
      timer = setInterval(() => void sample().catch(() => undefined), 250);
    },
    /** CPU seconds of every backend of the database seen so far (cumulative: take differences). */
    mark: async () => {
      await sample();
      return [...last.values()].reduce((a, b) => a + b, 0);
    },
    stop: async () => {
      clearInterval(timer);
      await client.end();
    },
  };
}
