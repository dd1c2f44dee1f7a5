import { execFile } from "node:child_process";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { createGunzip, createGzip } from "node:zlib";
import { BackupWriter, readBackup } from "./backup-format";
import { alive, clusterExists } from "./embedded-cluster";
import { startEmbeddedDb } from "./embedded";
import { restoreInto } from "./embedded-backup";
import { exportDatabase, type BackupSource } from "./export-database";

// The one-way road from a PGlite data directory (the embedded database until 2026-12: PostgreSQL
// compiled to 32-bit WebAssembly, whose files PostgreSQL's own binaries refuse) to the embedded
// PostgreSQL: `npm run admin -- upgrade-embedded`. PGlite is not a dependency any more; the
// upgrade installs the version the last release shipped into a cache directory (from the npm
// registry, as `npm install` does), opens the old directory with it, writes a backup in this
// version's format (lib/db/backup-format.ts) and restores it into a new cluster. The old
// directory is kept beside the new one, renamed.

/** The PGlite version of the last release that ran on it (package.json before 2026-12). */
export const PGLITE_VERSION = "0.5.14";

type Pglite = {
  query<R>(text: string, values?: unknown[]): Promise<{ rows: R[]; blob?: Blob }>;
  exec(text: string): Promise<unknown>;
  close(): Promise<void>;
};
type PgliteModule = {
  PGlite: { create(dataDir: string | { dataDir: string; loadDataDir?: Blob }): Promise<Pglite> };
};

const run = promisify(execFile);

/** PGlite PGLITE_VERSION, installed on first use into `cacheDir` (kept for the next time). */
export async function loadPglite(
  cacheDir = path.join(tmpdir(), `switchboard-pglite-${PGLITE_VERSION}`),
): Promise<PgliteModule> {
  const req = createRequire(path.join(cacheDir, "package.json"));
  const resolve = () => path.join(path.dirname(req.resolve("@electric-sql/pglite")), "index.js");
  let entry: string;
  try {
    entry = resolve();
  } catch {
    mkdirSync(cacheDir, { recursive: true });
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    await run(
      npm,
      [
        "install",
        "--no-save",
        "--no-package-lock",
        "--no-audit",
        "--no-fund",
        "--prefix",
        cacheDir,
        `@electric-sql/pglite@${PGLITE_VERSION}`,
      ],
      { shell: process.platform === "win32" },
    ).catch((err: Error & { stderr?: string }) => {
      throw new Error(
        `could not install PGlite ${PGLITE_VERSION} to read the old directory (npm: ${(err.stderr ?? err.message).trim().split("\n").pop()})`,
      );
    });
    entry = resolve();
  }
  return (await import(pathToFileURL(entry).href)) as PgliteModule;
}

function pgliteSource(db: Pglite): BackupSource {
  return {
    async query<R>(text: string, values?: unknown[]) {
      return (await db.query<R>(text, values)).rows;
    },
    async *copyOut(text: string) {
      // PGlite has no client side to COPY to: it writes to its /dev/blob device instead.
      const r = await db.query(text.replace(/TO STDOUT$/, "TO '/dev/blob'"));
      if (r.blob) yield Buffer.from(await r.blob.arrayBuffer());
    },
  };
}

/** A backup (this version's format) of a PGlite directory, with `filesFrom`'s DATA_DIR files. */
export async function exportPglite(
  mod: PgliteModule,
  pgliteDir: string | { dataDir: string; loadDataDir: Blob },
  file: string,
  files: Array<{ name: string; data: Buffer }>,
): Promise<void> {
  const db = await mod.PGlite.create(pgliteDir);
  const gzip = createGzip();
  const sink = createWriteStream(file, { mode: 0o600 });
  gzip.pipe(sink);
  try {
    const writer = new BackupWriter(gzip);
    await db.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    await exportDatabase(pgliteSource(db), writer);
    await db.exec("COMMIT");
    for (const f of files) await writer.file(f.name, f.data);
    await writer.end();
    gzip.end();
    await finished(sink);
  } finally {
    await db.close();
  }
}

export type UpgradeResult = { kept: string; rows: number; tables: number; migrated: number };

/**
 * Moves DATA_DIR/pg (a PGlite directory) to DATA_DIR/pg-pglite-<time>, exports it, and restores
 * it into a new embedded PostgreSQL at DATA_DIR/pg. On any failure the new directory goes and
 * the old one is put back, as it was. The server must not be running.
 */
export async function upgradeFromPglite(
  dataDir: string,
  opts: { cacheDir?: string } = {},
): Promise<UpgradeResult> {
  const pgDir = path.join(dataDir, "pg");
  if (!clusterExists(pgDir)) throw new Error(`no database in ${pgDir} to upgrade`);
  const lock = `${pgDir}.lock.json`;
  if (existsSync(lock)) {
    const { pid } = JSON.parse(readFileSync(lock, "utf8")) as { pid: number };
    if (pid !== process.pid && alive(pid))
      throw new Error(`a server (pid ${pid}) still runs on ${dataDir}: stop it, then upgrade`);
  }
  const mod = await loadPglite(opts.cacheDir);
  const kept = path.join(dataDir, `pg-pglite-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  const exported = `${kept}.backup`;
  renameSync(pgDir, kept);
  try {
    await exportPglite(mod, kept, exported, []);
    rmSync(lock, { force: true });
    const result = await restoreFile(pgDir, exported);
    rmSync(exported, { force: true });
    return { kept, ...result };
  } catch (err) {
    rmSync(pgDir, { recursive: true, force: true });
    rmSync(`${pgDir}.password`, { force: true });
    renameSync(kept, pgDir);
    rmSync(exported, { force: true });
    throw err;
  }
}

/** A backup written by exportPglite into a new cluster at `pgDir` (DATA_DIR's files are already in place). */
async function restoreFile(pgDir: string, file: string): Promise<Omit<UpgradeResult, "kept">> {
  const frames = readBackup(createReadStream(file).pipe(createGunzip()));
  const first = await frames.next();
  if (first.done || first.value.kind !== "header") throw new Error("the export has no header");
  const embedded = await startEmbeddedDb(pgDir);
  try {
    const r = await restoreInto(embedded.url, first.value.header.migrations, frames, () => undefined);
    return {
      rows: Object.values(r.rows).reduce((a, b) => a + b, 0),
      tables: Object.keys(r.rows).length,
      migrated: r.migrated,
    };
  } finally {
    await embedded.stop();
  }
}

/** The backup format of the PGlite releases: a JSON line listing entries, then their bytes. */
export const OLD_BACKUP_FORMAT = "switchboard-backup-1";

/** Whether `file` is a backup of the old format (plain JSON first; this version's is gzip). */
export function isOldBackup(file: string): boolean {
  const head = readFileSync(file).subarray(0, 40).toString("utf8");
  return head.startsWith(`{"format":"${OLD_BACKUP_FORMAT}"`);
}

/**
 * Restores a backup the PGlite releases wrote (PGlite's own tarball of its directory, the auth
 * secret and media) into the new, empty `dataDir`: its files are written, its database opened
 * with PGlite, exported and restored into a new cluster, as upgradeFromPglite does.
 */
export async function restoreOldBackup(
  dataDir: string,
  file: string,
  opts: { cacheDir?: string } = {},
): Promise<Omit<UpgradeResult, "kept">> {
  const all = readFileSync(file);
  const eol = all.indexOf(0x0a);
  const header = JSON.parse(all.subarray(0, eol).toString("utf8")) as {
    entries?: Array<{ name: string; bytes: number }>;
  };
  if (!Array.isArray(header.entries)) throw new Error(`${file} is not a Switchboard backup`);
  let at = eol + 1;
  let database: Buffer | undefined;
  mkdirSync(dataDir, { recursive: true });
  for (const e of header.entries) {
    const data = all.subarray(at, at + e.bytes);
    at += e.bytes;
    if (data.length !== e.bytes) throw new Error(`${file} is truncated`);
    if (e.name === "pg") {
      database = data;
      continue;
    }
    const target = path.resolve(dataDir, e.name);
    if (!target.startsWith(path.resolve(dataDir) + path.sep)) throw new Error(`bad entry ${e.name}`);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, data, { mode: 0o600 });
  }
  if (!database) throw new Error(`${file} holds no database`);
  const mod = await loadPglite(opts.cacheDir);
  const scratch = mkdtempSync(path.join(tmpdir(), "sb-pglite-restore-"));
  try {
    const exported = path.join(scratch, "export.backup");
    await exportPglite(
      mod,
      { dataDir: path.join(scratch, "pg"), loadDataDir: new Blob([new Uint8Array(database)]) },
      exported,
      [],
    );
    return await restoreFile(path.join(dataDir, "pg"), exported);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
