import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { runningEmbeddedUrl } from "../lib/db/embedded";

// server.ts as `npm start` runs it: no DATABASE_URL, its embedded PostgreSQL under DATA_DIR.
// For the tests of the embedded deployment itself (backup, upgrade, kill -9).

const children: ChildProcess[] = [];

/** Kills every server started here that is still running (afterAll). */
export function killEmbeddedServers(): void {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
}

/** The test run's environment without its database: the processes use DATA_DIR's own. */
export function embeddedEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "info" };
  delete env.DATABASE_URL;
  return { ...env, ...extra };
}

export type EmbeddedServer = { child: ChildProcess; port: number; out: () => string };

/** Starts server.ts (ROLE=api unless `env` says otherwise) on `dataDir` and waits until it listens. */
export async function startEmbeddedServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<EmbeddedServer> {
  let out = "";
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--import", "./test/loopback-guard-preload.ts", "server.ts"],
    {
      env: embeddedEnv(dataDir, {
        ROLE: "api",
        NODE_ENV: "production",
        PORT: "0",
        HOST: "127.0.0.1",
        ...env,
      }),
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.push(child);
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  // A worker listens on nothing: it is up once its workers are.
  const up =
    env.ROLE === "worker" ? /"msg":"workers started"/ : /"port":(\d+),"role":"\w+","msg":"listening"/;
  for (let i = 0; i < 1200; i++) {
    const m = up.exec(out);
    if (m) return { child, port: Number(m[1]), out: () => out };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start:\n${out}`);
}

/** Waits (up to 60 s) until the process has printed a match of `re`. */
export async function printed(out: () => string, re: RegExp): Promise<RegExpExecArray> {
  for (let i = 0; i < 600; i++) {
    const m = re.exec(out());
    if (m) return m;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`never printed ${re}:\n${out()}`);
}

/** The demo business's key and id a first start prints. */
export async function demoCredentials(s: EmbeddedServer): Promise<{ key: string; businessId: string }> {
  const key = (await printed(s.out, /Demo API key\s+(\S+)/))[1]!;
  const businessId = (await printed(s.out, /\/api\/v3\/business\/([0-9a-f-]{36})\/channels/))[1]!;
  return { key, businessId };
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** `npm run admin -- <args>` on `dataDir`. */
export function admin(dataDir: string, ...args: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
    env: embeddedEnv(dataDir, { LOG_LEVEL: "warn" }),
    encoding: "utf8",
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** A client on the embedded database a running server serves from `dataDir`. */
export function clientOf(dataDir: string): pg.Client {
  const url = runningEmbeddedUrl(path.join(dataDir, "pg"));
  if (!url) throw new Error(`no embedded database runs in ${dataDir}`);
  const c = new pg.Client({ connectionString: url });
  c.on("error", () => undefined);
  return c;
}

type Query = <R>(text: string) => Promise<R[]>;

/**
 * Every table of the application's and the job queue's schemas with its row count and a digest
 * of all its rows (their text, sorted): two databases agree row for row where these are equal.
 * The migrations' record compares by hash (a restore applies them anew). `query` runs SQL on the
 * database (a PostgreSQL client, or PGlite for an old directory). `columns`: per table, only
 * these columns, in this order (an older release's, so a column a later migration added does
 * not count as a changed row; `columnsWith` reads them).
 */
export async function digestsWith(
  query: Query,
  columns?: Record<string, string[]>,
): Promise<Record<string, string>> {
  const tables = (
    await query<{ t: string }>(
      `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS t
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname IN ('public', 'pgboss') AND c.relkind IN ('r', 'p') AND NOT c.relispartition
          AND c.relname NOT IN ('schema_migrations', 'version')
        ORDER BY 1`,
    )
  ).map((r) => r.t);
  const out: Record<string, string> = {};
  for (const t of tables) {
    const only = columns?.[t];
    const row_ = only ? `ROW(${only.map((c) => `r.${c}`).join(", ")})::text` : "r::text";
    const [row] = await query<{ n: number; d: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(${row_}, E'\\n' ORDER BY ${row_})) AS d FROM ${t} r`,
    );
    out[t] = `${row!.n}:${row!.d ?? ""}`;
  }
  const migrations = await query<{ hash: string }>("SELECT hash FROM schema_migrations ORDER BY hash");
  out.schema_migrations = migrations.map((m) => m.hash).join(",");
  return out;
}

/** Each table's columns in order (quoted), as digestsWith names tables. */
export async function columnsWith(query: Query): Promise<Record<string, string[]>> {
  const rows = await query<{ t: string; c: string }>(
    `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS t, quote_ident(a.attname) AS c
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE n.nspname IN ('public', 'pgboss') AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY 1, a.attnum`,
  );
  const out: Record<string, string[]> = {};
  for (const r of rows) (out[r.t] ??= []).push(r.c);
  return out;
}

/** digestsWith on the database at `url`. */
export async function tableDigests(
  url: string,
  columns?: Record<string, string[]>,
): Promise<Record<string, string>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await digestsWith(async <R>(text: string) => (await c.query(text)).rows as R[], columns);
  } finally {
    await c.end();
  }
}
