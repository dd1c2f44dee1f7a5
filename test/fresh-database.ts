import { inject } from "vitest";
import { startEmbeddedDb } from "../lib/db/embedded";
import { createDatabase } from "./server-database";

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
  return createDatabase(server, "sb_fresh");
}
