import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { startEmbeddedDb } from "../lib/db/embedded";
import { dropDatabase } from "./drop-database";

/**
 * An empty database for tests that need one of their own (migrations, start-up races): a new
 * database on the PostgreSQL server when the run targets one, else a new in-memory PGlite.
 */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = inject("serverDatabaseUrl");
  if (!server) {
    const e = await startEmbeddedDb();
    return { url: e.url, drop: e.stop };
  }
  const name = `sb_fresh_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(server);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: () => dropDatabase(server, name),
  };
}
