import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedDb } from "../lib/db/embedded";
import { migrate } from "../lib/db/migrate";
import { installBossSchema } from "../lib/jobs/boss";
import { checkoutDataDirUntouched, testDataDir } from "./checkout-data-dir";
import { createDatabase, untilUnused } from "./server-database";

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
  await pool.end();
  await installBossSchema(template.url);
  // A template must have no connections while it is copied.
  await dropConnections(clusterUrl, template.name);
  project.provide("clusterUrl", clusterUrl);
  project.provide("templateDatabase", template.name);
  project.provide("databasePrefix", prefix);
  project.provide("sharedModules", project.config.isolate === false);
  return async () => {
    await dropRunDatabases(clusterUrl, prefix);
    await stopCluster();
    rmSync(testDataDir(), { recursive: true, force: true });
    untouched();
  };
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
