import { readdirSync, readFileSync } from "node:fs";

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

/** CPU seconds used so far by a process and its live descendants. */
export function treeCpuSeconds(pid: number): number {
  return processTree(pid).reduce((sum, p) => sum + processCpuSeconds(p), 0);
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
