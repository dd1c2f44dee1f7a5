import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { lockExtendedQuerySequences } from "./pglite-sequence-lock";

export type EmbeddedDb = { url: string; stop: () => Promise<void> };

type Lock = { pid: number; url: string };

const lockFile = (dataDir: string) => `${dataDir}.lock.json`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The URL of an embedded database another live process is serving from `dataDir`, if any.
 * PGlite is single-process: a second process must connect to the first one's socket rather
 * than open the files (the admin CLI does this while the server runs).
 */
export function runningEmbeddedUrl(dataDir: string): string | undefined {
  const file = lockFile(dataDir);
  if (!existsSync(file)) return undefined;
  try {
    const lock = JSON.parse(readFileSync(file, "utf8")) as Lock;
    return alive(lock.pid) && lock.pid !== process.pid ? lock.url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Real Postgres compiled to WASM (PGlite) served over the wire protocol on loopback, so the
 * app uses the same `pg` driver and SQL as with a PostgreSQL server. `dataDir` undefined keeps
 * the database in memory (tests).
 */
export async function startEmbeddedDb(dataDir?: string): Promise<EmbeddedDb> {
  if (dataDir) {
    const other = runningEmbeddedUrl(dataDir);
    if (other) {
      throw new Error(
        `Another process serves the embedded database in ${dataDir}; set DATABASE_URL=${other} to share it`,
      );
    }
    mkdirSync(path.dirname(dataDir), { recursive: true });
  }
  const pglite = await PGlite.create(dataDir ?? "memory://");
  const server = new PGLiteSocketServer({
    db: pglite,
    host: "127.0.0.1",
    port: 0,
    // The multiplexer keeps a transaction exclusive to its connection, so a pool works.
    maxConnections: 64,
  });
  lockExtendedQuerySequences(server);
  await server.start();
  const port = Number(server.getServerConn().split(":").pop());
  if (!port) throw new Error("embedded database did not report its port");
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
  if (dataDir) writeFileSync(lockFile(dataDir), JSON.stringify({ pid: process.pid, url } satisfies Lock));
  return {
    url,
    stop: async () => {
      await server.stop();
      await pglite.close();
      if (dataDir) rmSync(lockFile(dataDir), { force: true });
    },
  };
}
