import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { finished } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import pg from "pg";
import { installBossSchema } from "../jobs/boss";
import { BackupWriter, readBackup, type FileFrame, type Frame } from "./backup-format";
import { runningEmbeddedUrl, startEmbeddedDb, type EmbeddedDb } from "./embedded";
import { exportDatabase, pgSource } from "./export-database";
import { importDatabase, type ImportResult } from "./import-database";
import { endPool } from "./end-pool";
import { migrate, migrationHashes } from "./migrate";

// Backup and restore of an embedded DATA_DIR (npm run admin -- backup / restore): its database,
// taken as one snapshot while the server keeps serving, and the files beside it that the data
// needs (the generated auth secret, which seals endpoint secrets and provider credentials, and
// the media store). The format is lib/db/backup-format.ts.

const pgDirOf = (dataDir: string) => path.join(dataDir, "pg");

function filesUnder(root: string, dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return filesUnder(root, full);
    return d.isFile() ? [path.relative(root, full)] : [];
  });
}

/** The DATA_DIR files a backup keeps beside the database. */
export function dataDirFiles(dataDir: string): string[] {
  return [
    ...(existsSync(path.join(dataDir, "auth-secret")) ? ["auth-secret"] : []),
    ...filesUnder(dataDir, path.join(dataDir, "media")),
  ];
}

export type BackupResult = { bytes: number; live: boolean; rows: number; tables: number; files: string[] };

/**
 * Writes a backup of `url`'s database and `filesFrom`'s DATA_DIR files to `file` (atomically: a
 * temporary file renamed). The rows are read in one REPEATABLE READ READ ONLY transaction: a
 * snapshot of what was committed when it began, whatever is written meanwhile.
 */
export async function writeBackup(
  url: string,
  file: string,
  filesFrom?: string,
): Promise<Omit<BackupResult, "live">> {
  const out = path.resolve(file);
  mkdirSync(path.dirname(out), { recursive: true });
  const tmp = `${out}.partial`;
  const gzip = createGzip();
  const sink = createWriteStream(tmp, { mode: 0o600 });
  gzip.pipe(sink);
  const writer = new BackupWriter(gzip);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const rows = await exportDatabase(pgSource(client), writer);
    await client.query("COMMIT");
    const files = filesFrom ? dataDirFiles(filesFrom) : [];
    for (const name of files) await writer.file(name, readFileSync(path.join(filesFrom!, name)));
    await writer.end();
    gzip.end();
    await finished(sink);
    renameSync(tmp, out);
    const total = Object.values(rows).reduce((a, b) => a + b, 0);
    return { bytes: statSync(out).size, rows: total, tables: Object.keys(rows).length, files };
  } catch (err) {
    gzip.destroy();
    sink.destroy();
    rmSync(tmp, { force: true });
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Backs up the embedded DATA_DIR to `file`: through the running server's database when one
 * serves it (live), else on a database started for the backup and stopped after.
 */
export async function backupEmbedded(dataDir: string, file: string): Promise<BackupResult> {
  const pgDir = pgDirOf(dataDir);
  const running = runningEmbeddedUrl(pgDir);
  if (running) return { ...(await writeBackup(running, file, dataDir)), live: true };
  if (!existsSync(path.join(pgDir, "PG_VERSION"))) throw new Error(`no embedded database in ${pgDir}`);
  const own = await startEmbeddedDb(pgDir);
  try {
    return { ...(await writeBackup(own.url, file, dataDir)), live: false };
  } finally {
    await own.stop();
  }
}

/**
 * Restores a backup into `dataDir`, which must be new or empty (a restore never merges into, nor
 * overwrites, a database); start the server on it afterwards. The schema is built to the
 * backup's migrations, the rows loaded, then this version's later migrations applied, as an
 * upgrade would.
 */
export async function restoreEmbedded(
  dataDir: string,
  file: string,
): Promise<ImportResult & { migrated: number }> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(`${dataDir} is not empty: restore into a new DATA_DIR (or move this one away first)`);
  const frames = readBackup(createReadStream(file).pipe(createGunzip()));
  const first = await frames.next();
  if (first.done || first.value.kind !== "header") throw new Error(`${file} is not a Switchboard backup`);
  const known = migrationHashes();
  const taken = first.value.header.migrations;
  if (taken.some((h, i) => known[i] !== h))
    throw new Error(
      `${file} was taken on a schema this version does not have (a newer Switchboard): restore it with that version or a later one`,
    );
  mkdirSync(dataDir, { recursive: true });
  let embedded: EmbeddedDb | undefined;
  try {
    embedded = await startEmbeddedDb(pgDirOf(dataDir));
    return await restoreInto(embedded.url, taken, frames, (f, data) => writeDataFile(dataDir, f, data));
  } catch (err) {
    await embedded?.stop();
    embedded = undefined;
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  } finally {
    await embedded?.stop();
  }
}

/** Builds the backup's schema on `url`'s empty database, loads the frames, then migrates to this version. */
export async function restoreInto(
  url: string,
  migrations: string[],
  frames: AsyncGenerator<Frame>,
  onFile: (frame: FileFrame, data: Buffer) => void,
): Promise<ImportResult & { migrated: number }> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    await migrate(pool, "db/migrations", { only: new Set(migrations) });
    await installBossSchema(url);
    const client = await pool.connect();
    let result: ImportResult;
    try {
      result = await importDatabase(client, frames, onFile);
    } finally {
      client.release();
    }
    const later = await migrate(pool);
    return { ...result, migrated: later.applied };
  } finally {
    await endPool(pool);
  }
}

/** A DATA_DIR file from a backup; a name from the file never points outside DATA_DIR. */
function writeDataFile(dataDir: string, frame: FileFrame, data: Buffer): void {
  const target = path.resolve(dataDir, frame.file);
  if (!target.startsWith(path.resolve(dataDir) + path.sep))
    throw new Error(`bad file name in the backup: ${frame.file}`);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, data, { mode: 0o600 });
}
