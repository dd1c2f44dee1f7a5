import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase } from "@/test/fresh-database";
import { startServerProcess, waitForOutput } from "@/test/server-process";

// @once (vitest.config.ts): what real server processes survive, on SQL the in-process tests
// run on both databases; the PostgreSQL 15 pass leaves it out.

type Started = { child: ChildProcess; port: number; output: () => string };

/** Runs server.ts as a real process (ROLE=api: no Next.js) and waits for its "listening" log. */
async function startProcess(
  databaseUrl: string,
  dataDir = mkdtempSync(path.join(tmpdir(), "sb-start-")),
): Promise<Started> {
  const p = startServerProcess("api", {
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
  });
  const m = await waitForOutput(p, /"port":(\d+),"role":"api","msg":"listening"/, 45_000);
  return { child: p.child, port: Number(m[1]), output: p.out };
}

/** Waits until the process has printed `text` (the banner follows the "listening" line). */
async function printed(s: Started, text: string): Promise<string> {
  for (let i = 0; i < 100 && !s.output().includes(text); i++) await new Promise((r) => setTimeout(r, 100));
  return s.output();
}

const exitCode = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

describe("server start-up", () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn();
  });

  it("two servers starting together on one empty database both come up, seeded once; SIGTERM exits 0", async () => {
    const db = await freshDatabase();
    cleanup.push(db.drop);
    const [a, b] = await Promise.all([startProcess(db.url), startProcess(db.url)]);
    cleanup.push(async () => {
      a.child.kill("SIGKILL");
      b.child.kill("SIGKILL");
    });

    for (const s of [a, b]) {
      const res = await fetch(`http://127.0.0.1:${s.port}/api/ready`);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("strict-transport-security")).toBeNull(); // plain HTTP
    }
    // Exactly one of them printed the first-start credentials.
    const printed = [a, b].filter((s) => s.output().includes("Demo API key"));
    expect(printed).toHaveLength(1);
    const key = /Demo API key\s+(\S+)/.exec(printed[0]!.output())![1]!;
    const businessId = /Demo business\s+(\S+)/.exec(printed[0]!.output())![1]!;

    // Both serve the same data: the key printed by one works on the other.
    for (const s of [a, b]) {
      const res = await fetch(`http://127.0.0.1:${s.port}/api/v3/business/${businessId}/channels`, {
        headers: { "x-api-key": key },
      });
      expect(res.status).toBe(200);
    }
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query("SELECT count(*)::int AS n FROM users WHERE role = 'OPERATOR'");
    await client.end();
    expect(rows[0].n).toBe(1);

    const exits = [exitCode(a.child), exitCode(b.child)];
    a.child.kill("SIGTERM");
    b.child.kill("SIGTERM");
    expect(await Promise.all(exits)).toEqual([0, 0]);
  }, 90_000);

  it("keeps the first-start credentials in DATA_DIR/first-start.txt (0600); a restart prints only its path", async () => {
    const db = await freshDatabase();
    cleanup.push(db.drop);
    const dataDir = mkdtempSync(path.join(tmpdir(), "sb-start-"));
    const first = await startProcess(db.url, dataDir);
    cleanup.push(async () => void first.child.kill("SIGKILL"));
    const file = path.join(dataDir, "first-start.txt");
    const out = await printed(first, "readable by this user only");
    const key = /Demo API key\s+(\S+)/.exec(out)![1]!;
    const password = /Operator\s+\S+ \/ (\S+)/.exec(out)![1]!;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toContain(key);
    expect(readFileSync(file, "utf8")).toContain(password);
    expect(first.output()).toContain(file);
    const stopped = exitCode(first.child);
    first.child.kill("SIGTERM");
    await stopped;

    const again = await startProcess(db.url, dataDir);
    cleanup.push(async () => void again.child.kill("SIGKILL"));
    expect(await printed(again, "First-start credentials")).toContain(`First-start credentials: see ${file}`);
    expect(again.output()).not.toContain(key);
    expect(again.output()).not.toContain(password);
    const exited = exitCode(again.child);
    again.child.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 90_000);
});
