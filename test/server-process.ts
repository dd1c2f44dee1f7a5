import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freshDatabase } from "./fresh-database";

// Real server.ts processes for tests that need more than one (crash, cross-process limits).

const children: ChildProcess[] = [];

/** Kills every process started here that is still running (afterAll). */
export function killServerProcesses(): void {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
}

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** server.ts with the given role and settings; `out` is everything it printed so far. */
export function startServerProcess(
  role: "api" | "worker",
  env: Record<string, string>,
): { child: ChildProcess; out: () => string } {
  let out = "";
  // With the loopback guard, as every test process (test/loopback-guard.ts).
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--import", "./test/loopback-guard-preload.ts", "server.ts"],
    {
      env: { ...process.env, LOG_LEVEL: "warn", ...env, ROLE: role },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  children.push(child);
  return { child, out: () => out };
}

/**
 * A database and a data directory of their own for server processes (so no other test's jobs
 * interfere); `cleanups` gets what removes them.
 */
export async function serverDatabase(
  cleanups: Array<() => Promise<unknown>>,
): Promise<{ url: string; dataDir: string }> {
  const database = await freshDatabase();
  cleanups.push(database.drop);
  const dataDir = mkdtempSync(path.join(tmpdir(), "sb-server-"));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  return { url: database.url, dataDir };
}

/**
 * Waits until a started process has printed a match of `pattern` and returns it; throws with
 * everything it printed if it exits first or `ms` pass.
 */
export async function waitForOutput(
  p: { child: ChildProcess; out: () => string },
  pattern: RegExp,
  ms = 60_000,
): Promise<RegExpExecArray> {
  const deadline = Date.now() + ms;
  for (;;) {
    const m = pattern.exec(p.out());
    if (m) return m;
    if (p.child.exitCode !== null || p.child.signalCode !== null) {
      throw new Error(`the server exited (${p.child.exitCode ?? p.child.signalCode}):\n${p.out()}`);
    }
    if (Date.now() > deadline) throw new Error(`no ${pattern} from the server within ${ms} ms:\n${p.out()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
