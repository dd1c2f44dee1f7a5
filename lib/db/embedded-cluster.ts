import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { PostgresBinaries } from "./embedded-binaries";
import { giveTo, type OsUser } from "./embedded-user";
import { childProcessEnv } from "../env";

// The embedded cluster's files: its data directory (DATA_DIR/pg), the generated password beside
// it (DATA_DIR/pg.password, 0600) and PostgreSQL's own postmaster.pid, which says which process
// serves the directory and on which port. Every process that reaches the running database (the
// server's worker children, the admin CLI, benchmarks) finds it from these, the way PostgreSQL's
// own tools do.

/** The database the server uses inside the embedded cluster. */
export const EMBEDDED_DATABASE = "switchboard";
/** The cluster's superuser; the server connects as it (the cluster is the server's own). */
export const EMBEDDED_USER = "postgres";

export const passwordFile = (pgDir: string): string => `${path.resolve(pgDir)}.password`;

export function clusterExists(pgDir: string): boolean {
  return existsSync(path.join(pgDir, "PG_VERSION"));
}

export function embeddedUrl(port: number, password: string, database = EMBEDDED_DATABASE): string {
  return `postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

export function readPassword(pgDir: string): string {
  return readFileSync(passwordFile(pgDir), "utf8").trim();
}

export type Postmaster = { pid: number; port: number; ready: boolean };

/**
 * What postmaster.pid says: its first line is the postmaster's pid, the fourth its port, the
 * eighth its status ("ready" once it accepts connections). Undefined when there is none.
 */
export function readPostmaster(pgDir: string): Postmaster | undefined {
  let lines: string[];
  try {
    lines = readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return { pid, port, ready: (lines[7] ?? "").trim() === "ready" };
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists and belongs to another user.
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return !exited(pid);
}

/**
 * Whether `pid` is a live postmaster serving `pgDir`, not another process that was given the
 * number after that postmaster ended: PIDs are reused (32,768 of them on many Linux machines),
 * and stopping "the postmaster of postmaster.pid" then signalled whatever had the number, even
 * another cluster's postmaster. On Linux its command line must name the directory (it is started
 * with -D <pgDir>); elsewhere a live process is taken for it, as before.
 */
export function servesDirectory(pid: number, pgDir: string): boolean {
  if (!alive(pid)) return false;
  if (process.platform !== "linux") return true;
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    return args.includes(path.resolve(pgDir)) || args.includes(pgDir);
  } catch {
    // Gone between the two reads, or not ours to read (EACCES): not this directory's to stop.
    return false;
  }
}

/**
 * A process that has exited but is not yet reaped still answers signal 0. An orphaned
 * postmaster's parent is PID 1, and some container inits reap only now and then (seen here:
 * seconds later), so an exited postmaster is told from a live one by its state in /proc.
 */
function exited(pid: number): boolean {
  if (process.platform !== "linux") return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) S ...": the state follows the command's closing parenthesis.
    return stat.charAt(stat.lastIndexOf(")") + 2) === "Z";
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ENOENT";
  }
}

/**
 * The URL of the embedded database a live postmaster serves from `pgDir`, if one does: a second
 * process (the admin CLI while the server runs, a worker child, a benchmark) connects to it
 * rather than starting another postmaster on the same files (PostgreSQL would refuse anyway).
 */
export function runningEmbeddedUrl(pgDir: string): string | undefined {
  const pm = readPostmaster(pgDir);
  if (!pm?.ready || !alive(pm.pid) || !existsSync(passwordFile(pgDir))) return undefined;
  return embeddedUrl(pm.port, readPassword(pgDir));
}

const run = promisify(execFile);

/**
 * A new cluster in `pgDir`: initdb into a directory beside it, renamed into place only once
 * initdb finished, so a start interrupted here leaves nothing half made. The superuser's
 * password is generated and kept beside the directory (0600, this process's user); connections
 * are password-checked (scram-sha-256) even on loopback, where other local users could reach the
 * port. UTF-8 with the C locale, as the database had before (PGlite's): byte order sorting,
 * stable across machines.
 */
export async function initCluster(
  pgDir: string,
  bins: PostgresBinaries,
  user: OsUser | undefined,
): Promise<void> {
  const parent = path.dirname(path.resolve(pgDir));
  mkdirSync(parent, { recursive: true });
  const staging = `${path.resolve(pgDir)}.init`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { mode: 0o700 });
  giveTo(user, staging);
  const password = randomBytes(24).toString("base64url");
  // initdb reads the password from a file the database's user can read; removed right after.
  const pwfile = path.join(parent, `.pg-init-${randomBytes(6).toString("hex")}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  giveTo(user, pwfile);
  try {
    await run(
      bins.initdb,
      [
        `--pgdata=${staging}`,
        `--username=${EMBEDDED_USER}`,
        `--pwfile=${pwfile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        "--locale=C",
        "--no-instructions",
      ],
      { uid: user?.uid, gid: user?.gid, env: childProcessEnv({ LC_ALL: "C", TZ: "UTC" }) },
    );
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    const e = err as Error & { stderr?: string };
    throw new Error(
      `initdb could not create the embedded database in ${staging}: ${(e.stderr ?? e.message).trim().split("\n").slice(-3).join(" ")}`,
    );
  } finally {
    rmSync(pwfile, { force: true });
  }
  writeFileSync(passwordFile(pgDir), `${password}\n`, { mode: 0o600 });
  chmodSync(passwordFile(pgDir), 0o600);
  renameSync(staging, pgDir);
}
