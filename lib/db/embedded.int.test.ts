import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { postgresBinaries } from "./embedded-binaries";
import { alive, passwordFile, readPostmaster } from "./embedded-cluster";
import { runningEmbeddedUrl, startEmbeddedDb, type EmbeddedDb } from "./embedded";

// @once (vitest.config.ts): each case starts embedded clusters of its own.

const dirs: string[] = [];
const started: EmbeddedDb[] = [];
afterAll(async () => {
  for (const e of started) await e.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const newPgDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), "sb-embedded-"));
  dirs.push(d);
  return path.join(d, "pg");
};
const start = async (pgDir: string) => {
  const e = await startEmbeddedDb(pgDir);
  started.push(e);
  return e;
};

/** A process holding the embedded database on `pgDir` (test/embedded-holder.ts), once it is up. */
async function holder(pgDir: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "test/embedded-holder.ts", pgDir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  for (let i = 0; i < 300 && !out.includes("READY"); i++) await new Promise((r) => setTimeout(r, 100));
  expect(out).toContain("READY");
  return { child, postmaster: Number(/READY (\d+)/.exec(out)![1]) };
}

describe("the embedded PostgreSQL", () => {
  it("is PostgreSQL 18 with fsync and full-page writes on, on loopback only, behind a generated password", async () => {
    const pgDir = newPgDir();
    const e = await start(pgDir);
    const c = new pg.Client({ connectionString: e.url });
    await c.connect();
    const { rows } = await c.query<Record<string, string>>(
      `SELECT current_setting('server_version_num') AS v, current_setting('fsync') AS fsync,
              current_setting('full_page_writes') AS fpw, current_setting('synchronous_commit') AS sync,
              current_setting('listen_addresses') AS listen, current_setting('unix_socket_directories') AS sockets`,
    );
    await c.end();
    expect(Number(rows[0]!.v)).toBeGreaterThanOrEqual(180000);
    expect(rows[0]).toMatchObject({ fsync: "on", fpw: "on", sync: "on", listen: "127.0.0.1", sockets: "" });
    // The password is kept beside the directory for this user only, and required.
    expect(statSync(passwordFile(pgDir)).mode & 0o777).toBe(0o600);
    const wrong = new URL(e.url);
    wrong.password = "not-the-password";
    const refused = new pg.Client({ connectionString: wrong.toString() });
    await expect(refused.connect()).rejects.toThrow(/password authentication failed/);
    // A second process finds it from the directory (the admin CLI, worker processes).
    expect(runningEmbeddedUrl(pgDir)).toBe(e.url);
  });

  it("runs transactions of different connections at the same time, and delivers NOTIFY to another connection", async () => {
    const e = await start(newPgDir());
    const pool = new pg.Pool({ connectionString: e.url, max: 4 });
    await pool.query("CREATE TABLE t (id int PRIMARY KEY, n int)");
    await pool.query("INSERT INTO t VALUES (1, 0), (2, 0)");
    const a = await pool.connect();
    const b = await pool.connect();
    const listener = await pool.connect();
    try {
      const told = new Promise<string>((resolve) => listener.on("notification", (n) => resolve(n.payload!)));
      await listener.query("LISTEN sb_test");
      await a.query("BEGIN");
      await b.query("BEGIN");
      // Both hold a row lock at once: two sessions, not turns on one.
      await a.query("UPDATE t SET n = 1 WHERE id = 1");
      await b.query("UPDATE t SET n = 1 WHERE id = 2");
      const { rows } = await pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'idle in transaction' AND datname = current_database()",
      );
      expect(rows[0]!.n).toBe(2);
      await b.query("SELECT pg_notify('sb_test', 'hello')");
      await a.query("COMMIT");
      await b.query("COMMIT");
      expect(await told).toBe("hello");
    } finally {
      a.release();
      b.release();
      listener.release();
      await pool.end();
    }
  });

  it("after the server is killed with SIGKILL, its database stops by itself, and the next start serves the same data", async () => {
    const pgDir = newPgDir();
    const first = await holder(pgDir);
    const url = runningEmbeddedUrl(pgDir)!;
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query("CREATE TABLE kept (id int)");
    await c.query("INSERT INTO kept VALUES (42)");
    await c.end();
    first.child.kill("SIGKILL");
    await new Promise((r) => first.child.once("exit", r));
    // Its watcher saw the server go and asked for a fast shutdown.
    for (let i = 0; i < 100 && alive(first.postmaster); i++) await new Promise((r) => setTimeout(r, 100));
    expect(alive(first.postmaster)).toBe(false);
    const e = await start(pgDir);
    const d = new pg.Client({ connectionString: e.url });
    await d.connect();
    expect((await d.query("SELECT id FROM kept")).rows).toEqual([{ id: 42 }]);
    await d.end();
  });

  it("a postmaster orphaned with its watcher (the OOM killer took both) is stopped at the next start, which serves the data", async () => {
    const pgDir = newPgDir();
    const first = await holder(pgDir);
    const c = new pg.Client({ connectionString: runningEmbeddedUrl(pgDir)! });
    await c.connect();
    await c.query("CREATE TABLE kept (id int)");
    await c.query("INSERT INTO kept VALUES (7)");
    await c.end();
    // The watcher's shells are in the postmaster's process group: kill them and the server.
    const group = execFileSync("ps", ["-o", "pgid=", "-p", String(first.postmaster)], {
      encoding: "utf8",
    }).trim();
    // Every process with its group id, filtered here: `ps -g` selects by session, which other
    // test files' clusters (their watchers' shells too) may share, and killing those stopped them.
    const shells = execFileSync("ps", ["-e", "-o", "pid=,pgid=,comm="], { encoding: "utf8" })
      .split("\n")
      .map((l) => l.trim().split(/\s+/))
      .filter(([, pgid, comm]) => pgid === group && comm === "sh")
      .map(([pid]) => Number(pid));
    expect(shells.length).toBeGreaterThan(0);
    for (const pid of shells) process.kill(pid, "SIGKILL");
    first.child.kill("SIGKILL");
    await new Promise((r) => first.child.once("exit", r));
    await new Promise((r) => setTimeout(r, 500));
    expect(alive(first.postmaster)).toBe(true);
    const e = await start(pgDir);
    expect(alive(first.postmaster)).toBe(false);
    expect(readPostmaster(pgDir)!.pid).toBe(e.pid());
    const d = new pg.Client({ connectionString: e.url });
    await d.connect();
    expect((await d.query("SELECT id FROM kept")).rows).toEqual([{ id: 7 }]);
    await d.end();
  });

  it("refuses a directory another live process serves, and names that process", async () => {
    const pgDir = newPgDir();
    const other = await holder(pgDir);
    try {
      await expect(startEmbeddedDb(pgDir)).rejects.toThrow(
        new RegExp(`Another process \\(pid ${other.child.pid}\\) runs the embedded database`),
      );
      // Its database kept running.
      expect(alive(other.postmaster)).toBe(true);
    } finally {
      other.child.kill("SIGTERM");
      await new Promise((r) => other.child.once("exit", r));
    }
  });

  it("stops with a fast shutdown: the postmaster is gone and the directory starts again at once", async () => {
    const pgDir = newPgDir();
    const e = await startEmbeddedDb(pgDir);
    const pid = e.pid()!;
    await e.stop();
    expect(alive(pid)).toBe(false);
    expect(readPostmaster(pgDir)).toBeUndefined();
    await start(pgDir);
  });
});

describe("postgresBinaries", () => {
  it("fails with one sentence that says to set DATABASE_URL on a platform without binaries", () => {
    expect(() => postgresBinaries("freebsd", "x64")).toThrow(
      /^No embedded PostgreSQL for freebsd-x64 \(no binaries are published for it\): set DATABASE_URL to a PostgreSQL 14\+ server\.$/,
    );
  });
});
