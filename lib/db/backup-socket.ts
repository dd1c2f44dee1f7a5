import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

// The running server's side of `npm run admin -- backup` (lib/db/embedded-backup.ts): PGlite is
// single-process, so while the server runs only it can dump the database. It listens on a Unix
// socket beside the data directory (mode 0600: only the user owning the data can ask).

export type BackupRequest = { backup: string };
export type BackupReply = { ok: true; bytes: number } | { ok: false; error: string };

export const controlSocket = (dataDir: string): string => `${path.resolve(dataDir)}.control.sock`;

/** Writes `pglite`'s data directory as a gzipped tarball to `file` (atomically: a temp file renamed). */
export async function dumpTo(pglite: PGlite, file: string): Promise<number> {
  await pglite.exec("CHECKPOINT");
  const blob = await pglite.dumpDataDir("gzip");
  const bytes = Buffer.from(await blob.arrayBuffer());
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.partial`;
  writeFileSync(tmp, bytes, { mode: 0o600 });
  renameSync(tmp, file);
  return bytes.length;
}

/** The server side: answers backup requests for the database it serves. */
export async function serveBackups(pglite: PGlite, dataDir: string): Promise<{ stop: () => Promise<void> }> {
  const socketPath = controlSocket(dataDir);
  rmSync(socketPath, { force: true });
  const server = net.createServer((conn) => {
    let input = "";
    conn.setEncoding("utf8");
    conn.on("data", (chunk: string) => {
      input += chunk;
      if (!input.includes("\n")) return;
      const reply = (r: BackupReply) => conn.end(`${JSON.stringify(r)}\n`);
      let req: Partial<BackupRequest>;
      try {
        req = JSON.parse(input.slice(0, input.indexOf("\n"))) as Partial<BackupRequest>;
      } catch {
        return reply({ ok: false, error: "not JSON" });
      }
      if (typeof req.backup !== "string" || !path.isAbsolute(req.backup))
        return reply({ ok: false, error: "backup needs an absolute file path" });
      dumpTo(pglite, req.backup).then(
        (bytes) => reply({ ok: true, bytes }),
        (err: unknown) => reply({ ok: false, error: (err as Error).message }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(socketPath, { force: true });
      }),
  };
}
