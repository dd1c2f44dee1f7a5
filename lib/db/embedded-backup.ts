import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { runningEmbeddedUrl } from "./embedded";
import { controlSocket, dumpTo, type BackupReply, type BackupRequest } from "./backup-socket";

// Backup and restore of the embedded database (npm run admin -- backup / restore). The dump is
// PGlite's own: a gzipped tarball of the data directory, taken under PGlite's query lock after
// a CHECKPOINT. It is consistent as a filesystem snapshot is: committed transactions are in it,
// one in flight at that instant is rolled back when the restored database starts (WAL replay),
// exactly as after a power cut. While the server runs it owns the files (PGlite is
// single-process), so the CLI asks it over a Unix socket beside the data directory, which only
// the user owning the data can open.

function askServer(dataDir: string, file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const conn = net.connect(controlSocket(dataDir));
    let out = "";
    conn.setEncoding("utf8");
    conn.on("data", (c: string) => (out += c));
    conn.on("error", reject);
    conn.on("end", () => {
      try {
        const r = JSON.parse(out) as BackupReply;
        if (r.ok) resolve(r.bytes);
        else reject(new Error(`the server could not back up: ${r.error}`));
      } catch {
        reject(new Error("no answer from the server's backup socket"));
      }
    });
    conn.write(`${JSON.stringify({ backup: file } satisfies BackupRequest)}\n`);
  });
}

/** The embedded database's dump (a gzipped tarball of DATA_DIR/pg), live through the server or from the files. */
async function dumpDatabase(pgDir: string, out: string): Promise<{ bytes: number; live: boolean }> {
  if (runningEmbeddedUrl(pgDir)) return { bytes: await askServer(pgDir, out), live: true };
  if (!existsSync(path.join(pgDir, "PG_VERSION"))) throw new Error(`no embedded database in ${pgDir}`);
  const pglite = await PGlite.create(pgDir);
  try {
    return { bytes: await dumpTo(pglite, out), live: false };
  } finally {
    await pglite.close();
  }
}

// The backup file: a first line naming the format and listing its entries (name, bytes), then
// the entries' bytes one after the other. Entries: the database ("pg", PGlite's tarball), the
// generated auth secret (it seals endpoint secrets and provider credentials: without it they
// could not be opened) and the media files (template images), all under DATA_DIR.
const MAGIC = "switchboard-backup-1";
type Entry = { name: string; bytes: number };

function filesUnder(root: string, dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return filesUnder(root, full);
    return d.isFile() ? [path.relative(root, full)] : [];
  });
}

/**
 * Backs up the embedded DATA_DIR to `file`: its database (through the running server when there
 * is one: a consistent dump while it serves), its auth secret and its media.
 */
export async function backupEmbedded(
  dataDir: string,
  file: string,
): Promise<{ bytes: number; live: boolean; entries: string[] }> {
  const out = path.resolve(file);
  const pgDump = `${out}.pg.partial`;
  try {
    const { live } = await dumpDatabase(path.join(dataDir, "pg"), pgDump);
    const names = [
      ...(existsSync(path.join(dataDir, "auth-secret")) ? ["auth-secret"] : []),
      ...filesUnder(dataDir, path.join(dataDir, "media")),
    ];
    const parts: Array<{ name: string; data: Buffer }> = [
      { name: "pg", data: readFileSync(pgDump) },
      ...names.map((name) => ({ name, data: readFileSync(path.join(dataDir, name)) })),
    ];
    const header = JSON.stringify({
      format: MAGIC,
      entries: parts.map((p): Entry => ({ name: p.name, bytes: p.data.length })),
    });
    const all = Buffer.concat([Buffer.from(`${header}\n`), ...parts.map((p) => p.data)]);
    const tmp = `${out}.partial`;
    writeFileSync(tmp, all, { mode: 0o600 });
    renameSync(tmp, out);
    return { bytes: all.length, live, entries: parts.map((p) => p.name) };
  } finally {
    rmSync(pgDump, { force: true });
  }
}

/**
 * Restores a backup into `dataDir`, which must be new or empty (a restore never merges into, nor
 * overwrites, a database); start the server on it afterwards.
 */
export async function restoreEmbedded(dataDir: string, file: string): Promise<{ entries: string[] }> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(`${dataDir} is not empty: restore into a new DATA_DIR (or move this one away first)`);
  const all = readFileSync(file);
  const eol = all.indexOf(0x0a);
  const header = JSON.parse(all.subarray(0, eol).toString("utf8")) as { format?: string; entries?: Entry[] };
  if (header.format !== MAGIC || !Array.isArray(header.entries))
    throw new Error(`${file} is not a Switchboard backup`);
  let at = eol + 1;
  const parts = header.entries.map((e) => {
    const data = all.subarray(at, at + e.bytes);
    at += e.bytes;
    if (data.length !== e.bytes) throw new Error(`${file} is truncated`);
    // Entry names come from the file: never let one point outside DATA_DIR.
    const target = path.resolve(dataDir, e.name);
    if (!target.startsWith(path.resolve(dataDir) + path.sep)) throw new Error(`bad entry ${e.name}`);
    return { name: e.name, data, target };
  });
  mkdirSync(dataDir, { recursive: true });
  for (const p of parts) {
    if (p.name === "pg") continue;
    mkdirSync(path.dirname(p.target), { recursive: true });
    writeFileSync(p.target, p.data, { mode: 0o600 });
  }
  const pg = parts.find((p) => p.name === "pg");
  if (!pg) throw new Error(`${file} holds no database`);
  const pglite = await PGlite.create({ dataDir: path.join(dataDir, "pg"), loadDataDir: new Blob([pg.data]) });
  try {
    // Read once: a damaged backup fails here, not at the server's start.
    await pglite.query("SELECT count(*) FROM schema_migrations");
  } finally {
    await pglite.close();
  }
  return { entries: parts.map((p) => p.name) };
}
