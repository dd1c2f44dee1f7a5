import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { runningEmbeddedUrl } from "../../lib/db/embedded";
import { isDatabaseProcess, processTree } from "./cpu";

export type BenchServer = {
  child: ChildProcess;
  port: number;
  url: string;
  apiKey: string;
  businessId: string;
  /** The server's own database when BENCH_DATABASE_URL is set (for setup the API cannot do). */
  databaseUrl?: string;
  /**
   * Where setup SQL goes on either database: databaseUrl, or the embedded database the server
   * runs (found from its data directory, as the admin CLI finds it).
   */
  sqlUrl: string;
  /** Peak resident set size of the server process and its Node children seen so far, in MiB. */
  peakRssMiB: () => number;
  /**
   * Peak memory of the embedded PostgreSQL's processes (the server's postgres children), as the
   * sum of their proportional set sizes: shared buffers, mapped by every backend, count once.
   * 0 on a PostgreSQL server (its processes are not the server's).
   */
  peakPostgresMiB: () => number;
  stop: () => Promise<void>;
};

/**
 * Starts server.ts as its own process on a fresh embedded database (or a fresh database
 * named by BENCH_DATABASE_URL) and returns the demo business's API key from its first-start
 * output.
 */
export async function startBenchServer(
  env: Record<string, string> = {},
  /** Entry script instead of server.ts (e.g. bench/lib/api-and-workers.ts). */
  opts: { entry?: string } = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "sb-bench-"));
  const database = await freshServerDatabase();
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", opts.entry ?? "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      ROLE: "api",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      if (/Demo API key/.test(out) && /Try it/.test(out)) resolve();
    });
    child.once("exit", (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  await ready;
  const m = /localhost:(\d+)\/login/.exec(out)!;
  const port = Number(m[1]);
  let peak = 0;
  let peakPostgres = 0;
  const sampler = setInterval(() => {
    let kb = 0;
    let pgKb = 0;
    for (const pid of processTree(child.pid!)) {
      try {
        if (isDatabaseProcess(pid)) {
          pgKb += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
        } else {
          kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
        }
      } catch {
        /* process gone */
      }
    }
    peak = Math.max(peak, kb / 1024);
    peakPostgres = Math.max(peakPostgres, pgKb / 1024);
  }, 200);
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    apiKey: /Demo API key\s+(\S+)/.exec(out)![1]!,
    businessId: /Demo business\s+(\S+)/.exec(out)![1]!,
    databaseUrl: database?.url,
    sqlUrl: database?.url ?? embeddedUrlOf(dataDir),
    peakRssMiB: () => Math.round(peak),
    peakPostgresMiB: () => Math.round(peakPostgres),
    stop: async () => {
      clearInterval(sampler);
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

/** A new, empty database on the server named by BENCH_DATABASE_URL, if set. */
export async function freshServerDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) return undefined;
  const name = `sb_bench_${process.pid}_${Date.now()}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(server);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The URL of the embedded database the server under DATA_DIR `dataDir` runs. */
function embeddedUrlOf(dataDir: string): string {
  const url = runningEmbeddedUrl(path.join(dataDir, "pg"));
  if (!url) throw new Error(`no embedded database is served from ${dataDir}`);
  return url;
}
