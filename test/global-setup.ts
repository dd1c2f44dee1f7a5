import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { endPool } from "../lib/db/end-pool";
import type { TestProject } from "vitest/node";
import { startEmbeddedDb } from "../lib/db/embedded";
import { migrate } from "../lib/db/migrate";
import { installBossSchema } from "../lib/jobs/boss";
import { checkoutDataDirUntouched, testDataDir } from "./checkout-data-dir";
import { createDatabase, untilUnused } from "./server-database";
import { prepareEverywhere } from "./statements-on-older-server";

/**
 * One PostgreSQL cluster for the whole run: with DATABASE_URL set, that server; otherwise an
 * embedded PostgreSQL started in a temporary directory (never the checkout's DATA_DIR), without
 * fsync (nothing in it outlives the run; the crash tests start servers of their own with the
 * product's settings). A template database is migrated once, with the job queue's schema; each
 * test file then gets a copy of its own (test/setup.ts), so no file sees another's rows or jobs.
 */
export default async function setup(project: TestProject) {
  const untouched = checkoutDataDirUntouched();
  const server = process.env.DATABASE_URL;
  let clusterUrl: string;
  let stopCluster = async () => undefined as void;
  if (server) {
    clusterUrl = server;
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), "sb-test-cluster-"));
    const embedded = await startEmbeddedDb(path.join(dir, "pg"), { durable: false });
    clusterUrl = embedded.adminUrl;
    stopCluster = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  // Every database of this run starts with it, so the teardown finds what a file left.
  const prefix = `sb_${process.pid.toString(36)}`;
  const template = await createDatabase(clusterUrl, `${prefix}_template`);
  const pool = new pg.Pool({ connectionString: template.url, max: 1 });
  await migrate(pool);
  await endPool(pool);
  await installBossSchema(template.url);
  // A template must have no connections while it is copied.
  await dropConnections(clusterUrl, template.name);
  const older = await olderServerCheck(template.url);
  project.provide("statementsDir", older?.dir ?? "");
  project.provide("clusterUrl", clusterUrl);
  project.provide("templateDatabase", template.name);
  project.provide("databasePrefix", prefix);
  project.provide("sharedModules", project.config.isolate === false);
  return async () => {
    try {
      await older?.check();
    } catch (err) {
      // Vitest reports an error thrown here but still exits 0: the run must fail.
      console.error(String(err));
      process.exitCode = 1;
    } finally {
      await dropRunDatabases(clusterUrl, prefix);
      await stopCluster();
      rmSync(testDataDir(), { recursive: true, force: true });
    }
    untouched();
  };
}

/**
 * SQL_ALSO_ON (CI: the machine's PostgreSQL 15) with the embedded cluster: the schema is
 * migrated there too, the test processes record every statement they send, and the end of the
 * run prepares each on both servers (test/statements-on-older-server.ts); one that only the
 * embedded PostgreSQL 18 takes fails the run.
 */
async function olderServerCheck(newerUrl: string) {
  const olderServer = process.env.SQL_ALSO_ON;
  if (!olderServer || process.env.DATABASE_URL) return undefined;
  const started = Date.now();
  const db = await createDatabase(olderServer, `sb_${process.pid.toString(36)}_older`);
  const pool = new pg.Pool({ connectionString: db.url, max: 1 });
  await migrate(pool);
  await endPool(pool);
  await installBossSchema(db.url);
  const migratedIn = Date.now() - started;
  const dir = mkdtempSync(path.join(tmpdir(), "sb-test-statements-"));
  return {
    dir,
    check: async () => {
      const at = Date.now();
      try {
        const r = await prepareEverywhere(dir, newerUrl, db.url);
        const version = await serverVersion(olderServer);
        console.log(
          `statements on PostgreSQL ${version}: ${r.checked} prepared, ${r.refusedOnBoth} refused by both servers, ` +
            `${r.skipped} not preparable (DDL, session commands); migrations ${migratedIn} ms, check ${Date.now() - at} ms`,
        );
        if (r.onlyNewer.length > 0)
          throw new Error(
            `${r.onlyNewer.length} statement(s) the embedded PostgreSQL takes and PostgreSQL ${version} refuses:\n` +
              r.onlyNewer.join("\n"),
          );
      } finally {
        rmSync(dir, { recursive: true, force: true });
        await db.drop();
      }
    },
  };
}

async function serverVersion(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v;
  } finally {
    await c.end();
  }
}

/** Drops every database of this run (the template, and any a test file left). */
async function dropRunDatabases(clusterUrl: string, prefix: string): Promise<void> {
  const c = new pg.Client({ connectionString: clusterUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ name: string }>(
      "SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)",
      [`${prefix}_`],
    );
    for (const r of rows) await c.query(`DROP DATABASE IF EXISTS ${r.name} WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

async function dropConnections(clusterUrl: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: clusterUrl });
  await c.connect();
  await untilUnused(c, name).finally(() => c.end());
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the test processes record their statements for SQL_ALSO_ON's check; "" when off. */
    statementsDir: string;
    /** The run's cluster, at its maintenance database: tests create databases through it. */
    clusterUrl: string;
    /** What every database of the run is named after (sb_<run>_...). */
    databasePrefix: string;
    /** The migrated database each test file's own database is copied from. */
    templateDatabase: string;
    /** The project's files share one module graph (isolate: false): set up once, never torn down per file. */
    sharedModules: boolean;
  }
}
