import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { EMBEDDED_APPLICATION_NAME } from "./embedded-url";
import { serveBackups } from "./backup-socket";

/**
 * PGlite's own start parameters, and a buffer pool of 32 MB instead of PostgreSQL's 128 MB: in
 * this process every buffer the pool fills is resident memory of the server, while a data
 * directory's files are read through the operating system's cache anyway. bench/bulk.ts on the
 * embedded database: peak RSS 732 -> 613 MiB (medians of six runs), throughput -4%
 * (docs/decisions.md, "The embedded database's memory").
 */
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

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
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) createDataDir(dataDir);
  }
  const pglite = await PGlite.create(dataDir ?? "memory://", { startParams: EMBEDDED_START_PARAMS });
  const server = new PGLiteSocketServer({
    db: keepExtendedQueriesTogether(pglite),
    host: "127.0.0.1",
    port: 0,
    // The multiplexer keeps a transaction exclusive to its connection, so a pool works.
    maxConnections: 64,
  });
  await server.start();
  const port = Number(server.getServerConn().split(":").pop());
  if (!port) throw new Error("embedded database did not report its port");
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable&application_name=${EMBEDDED_APPLICATION_NAME}`;
  if (dataDir) writeFileSync(lockFile(dataDir), JSON.stringify({ pid: process.pid, url } satisfies Lock));
  // The admin CLI's `backup` asks this process for a dump while it serves (lib/db/embedded-backup.ts).
  const backups = dataDir ? await serveBackups(pglite, dataDir) : undefined;
  return {
    url,
    stop: async () => {
      await backups?.stop();
      await server.stop();
      await pglite.close();
      if (dataDir) rmSync(lockFile(dataDir), { force: true });
    },
  };
}

/**
 * A new database directory is created (initdb) in a child process that exits, and only then
 * opened here: created in this process, the instance that ran initdb stays in memory until a
 * garbage collection happens to free it, ~430 MiB more at the first start (measured: resident
 * 851 MiB after creating a directory, 491 MiB opening the same directory again;
 * docs/decisions.md, "The embedded database's memory").
 */
function createDataDir(dataDir: string): void {
  execFileSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { PGlite } = await import(${JSON.stringify(import.meta.resolve("@electric-sql/pglite"))});
       const db = await PGlite.create(${JSON.stringify(dataDir)});
       await db.close();`,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
}

// Protocol message types of the extended-query flow (Parse, Bind, Describe, Execute, Close,
// Flush) and the two that end a flow (Sync, simple Query).
const EXTENDED = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);
const ENDS = new Set([0x53, 0x51]);
const STALE_MS = 10_000;

/**
 * pglite-socket queues each wire-protocol message of each connection separately and keeps a
 * connection exclusive only while PGlite reports an open transaction. Between one
 * connection's Parse and its Bind another connection's Parse could run and replace the
 * session's unnamed statement: the first connection would then bind its values to the other's
 * query (seen under load as "bind message supplies 3 parameters, but prepared statement
 * requires 2"). This wrapper reports "in transaction" from a Parse/Bind/... until the Sync
 * that ends the flow, so the server's existing exclusivity covers the whole flow. A flow left
 * open by a vanished client is released after STALE_MS or by the server's ROLLBACK.
 */
function keepExtendedQueriesTogether(db: PGlite): PGlite {
  let openSince = 0;
  const open = () => openSince > 0 && Date.now() - openSince < STALE_MS;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "isInTransaction") return () => open() || target.isInTransaction();
      if (prop === "exec") {
        return (...args: Parameters<PGlite["exec"]>) => {
          openSince = 0;
          return target.exec(...args);
        };
      }
      if (prop === "execProtocolRawStream") {
        return async (...args: Parameters<PGlite["execProtocolRawStream"]>) => {
          const type = args[0][0] ?? 0;
          try {
            return await target.execProtocolRawStream(...args);
          } finally {
            if (ENDS.has(type)) openSince = 0;
            else if (EXTENDED.has(type)) openSince ||= Date.now();
          }
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
