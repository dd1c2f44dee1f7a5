import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedDb } from "../lib/db/embedded";
import { migrate } from "../lib/db/migrate";
import { createDatabase } from "./server-database";

/**
 * One database for the whole run: with DATABASE_URL set, a fresh database created on that
 * server (dropped afterwards); otherwise an in-memory embedded PGlite. Migrated once; tests
 * isolate themselves by creating their own businesses.
 */
export default async function setup(project: TestProject) {
  const server = process.env.DATABASE_URL;
  let url: string;
  let teardown: () => Promise<void>;
  if (server) {
    ({ url, drop: teardown } = await createDatabase(server, "sb_test"));
  } else {
    const embedded = await startEmbeddedDb();
    url = embedded.url;
    teardown = embedded.stop;
  }
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await migrate(pool);
  await pool.end();
  project.provide("databaseUrl", url);
  project.provide("serverDatabaseUrl", server ?? "");
  project.provide("sharedModules", project.config.isolate === false);
  return teardown;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    /** The PostgreSQL server URL when the run targets one, else "". */
    serverDatabaseUrl: string;
    /** The project's files share one module graph (isolate: false): set up once, never torn down per file. */
    sharedModules: boolean;
  }
}
