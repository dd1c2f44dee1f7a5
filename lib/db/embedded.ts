import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export type EmbeddedDb = { url: string; stop: () => Promise<void> };

/**
 * Real Postgres compiled to WASM (PGlite) served over the wire protocol on loopback, so the
 * app uses the same `pg` driver and SQL as with a PostgreSQL server. `dataDir` undefined keeps
 * the database in memory (tests).
 */
export async function startEmbeddedDb(dataDir?: string): Promise<EmbeddedDb> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const pglite = await PGlite.create(dataDir ?? "memory://");
  const server = new PGLiteSocketServer({
    db: pglite,
    host: "127.0.0.1",
    port: 0,
    // The multiplexer keeps a transaction exclusive to its connection, so a pool works.
    maxConnections: 64,
  });
  await server.start();
  const port = Number(server.getServerConn().split(":").pop());
  if (!port) throw new Error("embedded database did not report its port");
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    stop: async () => {
      await server.stop();
      await pglite.close();
    },
  };
}
