import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { uuidv7 } from "@/lib/ids";

// @embedded-only: it starts an embedded database of its own (vitest.config.ts).

// A real embedded deployment: server.ts on a DATA_DIR of its own (no DATABASE_URL), populated,
// backed up with the admin CLI while it serves, restored into a new DATA_DIR and started there.

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The environment of the test run without its database: the processes use DATA_DIR's. */
function envFor(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "info" };
  delete env.DATABASE_URL;
  return env;
}

async function startServer(
  dataDir: string,
): Promise<{ child: ChildProcess; port: number; out: () => string }> {
  let out = "";
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...envFor(dataDir), ROLE: "api", NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  for (let i = 0; i < 1200; i++) {
    const m = /"port":(\d+),"role":"api","msg":"listening"/.exec(out);
    if (m) return { child, port: Number(m[1]), out: () => out };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start:\n${out}`);
}

/** Waits (up to 60 s) until the process has printed a match of `re`. */
async function printed(out: () => string, re: RegExp): Promise<RegExpExecArray> {
  for (let i = 0; i < 600; i++) {
    const m = re.exec(out());
    if (m) return m;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`never printed ${re}:\n${out()}`);
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

function admin(dataDir: string, ...args: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
    env: { ...envFor(dataDir), LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** The embedded database the server in `dataDir` serves (its lock file names the socket). */
function clientOf(dataDir: string): pg.Client {
  const lock = JSON.parse(readFileSync(path.join(dataDir, "pg.lock.json"), "utf8")) as { url: string };
  return new pg.Client({ connectionString: lock.url });
}

/** Every table's row count, and the rows the test compares whole. */
async function snapshot(dataDir: string) {
  const c = clientOf(dataDir);
  await c.connect();
  try {
    const tables = (
      await c.query<{ t: string }>(
        `SELECT quote_ident(schemaname) || '.' || quote_ident(relname) AS t FROM pg_stat_user_tables
         WHERE schemaname IN ('public', 'pgboss') ORDER BY 1`,
      )
    ).rows.map((r) => r.t);
    const counts: Record<string, number> = {};
    for (const t of tables)
      counts[t] = (await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`)).rows[0]!.n;
    const rows = async (sql: string) => (await c.query(sql)).rows;
    return {
      counts,
      templates: await rows("SELECT id, name, status, components FROM templates ORDER BY id"),
      keys: await rows("SELECT id, business_id, hash FROM api_keys ORDER BY id"),
      messages: await rows("SELECT id, status, recipient, template_id FROM messages ORDER BY id"),
    };
  } finally {
    await c.end();
  }
}

describe("embedded backup and restore (npm run admin -- backup / restore)", () => {
  it("restores a populated database, backed up while it served, into a new DATA_DIR that serves with its keys", async () => {
    const first = mkdtempSync(path.join(tmpdir(), "sb-backup-a-"));
    const second = mkdtempSync(path.join(tmpdir(), "sb-backup-b-"));
    const file = path.join(mkdtempSync(path.join(tmpdir(), "sb-backup-file-")), "switchboard.backup");
    dirs.push(first, second, path.dirname(file));

    const a = await startServer(first);
    // The first start prints the demo business once it is seeded, which may come after "listening".
    const key = (await printed(a.out, /Demo API key\s+(\S+)/))[1]!;
    const businessId = (await printed(a.out, /\/api\/v3\/business\/([0-9a-f-]{36})\/channels/))[1]!;
    // An approved template written straight in (the review flow is not what is tested), then
    // three sends through the API.
    const c = clientOf(first);
    await c.connect();
    const templateName = `backup_${Date.now()}`;
    await c.query(
      `INSERT INTO templates (id, business_id, channel, name, language, category, status, components)
       VALUES ($1, $2, 'chatapp', $3, 'en_US', 'UTILITY', 'APPROVED', $4)`,
      [
        uuidv7(),
        businessId,
        templateName,
        JSON.stringify([{ type: "BODY", text: "Hello {{1}}", example: { body_text: [["Asha"]] } }]),
      ],
    );
    const phone = (
      await c.query<{ ids: string[] }>(
        "SELECT config->'phoneNumberIds' AS ids FROM business_channels WHERE business_id = $1 AND channel = 'chatapp'",
        [businessId],
      )
    ).rows[0]!.ids[0]!;
    await c.end();
    const send = (port: number, to: string) =>
      fetch(`http://127.0.0.1:${port}/api/v3/message/${businessId}/template`, {
        method: "POST",
        headers: { "x-api-key": key, "content-type": "application/json" },
        body: JSON.stringify({
          message: {
            messageType: "template",
            name: templateName,
            language: "en_US",
            components: [{ componentType: "body", parameters: [{ type: "text", text: "Asha" }] }],
          },
          to,
          phoneNumberId: phone,
        }),
      });
    for (const to of ["919900000001", "919900000002", "919900000003"])
      expect((await send(a.port, to)).status).toBe(200);

    const backup = admin(first, "backup", "--out", file);
    expect(backup.status, backup.out).toBe(0);
    expect(JSON.parse(backup.out)).toMatchObject({
      live: true,
      entries: expect.arrayContaining(["pg", "auth-secret"]),
    });
    const before = await snapshot(first);
    expect(before.messages).toHaveLength(3);
    expect(before.templates.length).toBeGreaterThan(0);
    await stop(a.child);

    // A restore refuses a DATA_DIR in use, and fills a new one.
    expect(admin(first, "restore", "--in", file).status).toBe(1);
    const restore = admin(second, "restore", "--in", file);
    expect(restore.status, restore.out).toBe(0);

    const b = await startServer(second);
    // No first-start seed on a restored database: its demo data are the backup's.
    expect(b.out()).not.toMatch(/Demo API key/);
    const after = await snapshot(second);
    expect(after.counts).toEqual(before.counts);
    expect(after.templates).toEqual(before.templates);
    expect(after.keys).toEqual(before.keys);
    expect(after.messages).toEqual(before.messages);
    // The restored key opens the API, and the restored template sends.
    const who = await fetch(`http://127.0.0.1:${b.port}/api/v3/whoami`, { headers: { "x-api-key": key } });
    expect(who.status).toBe(200);
    expect((await send(b.port, "919900000004")).status).toBe(200);
    await stop(b.child);
  }, 300_000);
});
