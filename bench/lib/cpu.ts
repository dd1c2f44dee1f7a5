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
  const s0 = processCpuSeconds(serverPid);
  const p0 = postgresCpuSeconds();
  const c0 = process.cpuUsage();
  const result = await fn();
  const c = process.cpuUsage(c0);
  return {
    result,
    serverS: processCpuSeconds(serverPid) - s0,
    postgresS: postgresCpuSeconds() - p0,
    clientS: (c.user + c.system) / 1e6,
  };
}
