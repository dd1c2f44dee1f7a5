import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPgliteDataDir, type PgliteDeployment } from "@/test/pglite-fixture";
import {
  admin,
  columnsWith,
  digestsWith,
  killEmbeddedServers,
  startEmbeddedServer,
  stopServer,
  tableDigests,
} from "@/test/embedded-server";
import { startEmbeddedDb } from "./embedded";
import { migrationHashes } from "./migrate";
import { loadPglite, OLD_BACKUP_FORMAT } from "./pglite-upgrade";

// @once (vitest.config.ts): embedded deployments of its own.
// A DATA_DIR the PGlite releases left (test/pglite-fixture.ts, made with the PGlite version they
// shipped, installed here as the upgrade installs it) is refused at start with what to do,
// upgraded with `npm run admin -- upgrade-embedded`, and then serves the same rows, row for row,
// with its old key. A backup file of the PGlite releases restores the same way.

const dirs: string[] = [];
afterAll(() => {
  killEmbeddedServers();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const newDir = (name: string) => {
  const d = mkdtempSync(path.join(tmpdir(), `sb-pglite-${name}-`));
  dirs.push(d);
  return d;
};

let mod: Awaited<ReturnType<typeof loadPglite>>;
/** The DATA_DIR the PGlite releases left, made once; each test works on a copy of it. */
let fixture: string;
let deployment: PgliteDeployment;
let before: Record<string, string>;
/** The PGlite releases' columns: rows are compared on these (later migrations add columns). */
let oldColumns: Record<string, string[]>;
beforeAll(async () => {
  mod = await loadPglite();
  fixture = newDir("fixture");
  deployment = await buildPgliteDataDir(mod, fixture);
  before = await pgliteDigests(path.join(fixture, "pg"));
  oldColumns = await pgliteColumns(path.join(fixture, "pg"));
}, 180_000);
const copyOfFixture = (name: string) => {
  const d = newDir(name);
  cpSync(fixture, d, { recursive: true });
  return d;
};

async function pgliteColumns(pgDir: string): Promise<Record<string, string[]>> {
  const db = await mod.PGlite.create(pgDir);
  try {
    return await columnsWith(async <R>(text: string) => (await db.query<R>(text)).rows);
  } finally {
    await db.close();
  }
}

/** The digests of a PGlite directory, read with PGlite. */
async function pgliteDigests(pgDir: string): Promise<Record<string, string>> {
  const db = await mod.PGlite.create(pgDir);
  try {
    return await digestsWith(async <R>(text: string) => (await db.query<R>(text)).rows);
  } finally {
    await db.close();
  }
}

/**
 * The upgraded database holds every row the PGlite one did, in the shape its migrations gave
 * them, and this version's later migrations on top (the fixture has the PGlite releases' schema).
 */
function expectSameRows(before: Record<string, string>, after: Record<string, string>): void {
  for (const [table, digest] of Object.entries(before)) {
    if (table !== "schema_migrations") expect([table, after[table]]).toEqual([table, digest]);
  }
  const had = before.schema_migrations!.split(",");
  const now = after.schema_migrations!.split(",");
  expect(had.filter((h) => !now.includes(h))).toEqual([]);
  expect([...now].sort()).toEqual([...migrationHashes()].sort());
}

async function embeddedDigests(dataDir: string): Promise<Record<string, string>> {
  const e = await startEmbeddedDb(path.join(dataDir, "pg"));
  try {
    return await tableDigests(e.url, oldColumns);
  } finally {
    await e.stop();
  }
}

async function sends(port: number, d: PgliteDeployment): Promise<number> {
  const r = await fetch(`http://127.0.0.1:${port}/api/v3/message/${d.businessId}/template`, {
    method: "POST",
    headers: { "x-api-key": d.key, "content-type": "application/json" },
    body: JSON.stringify({
      message: {
        messageType: "template",
        name: d.templateName,
        language: "en_US",
        components: [{ componentType: "body", parameters: [{ type: "text", text: "A-17" }] }],
      },
      to: "919900000003",
      phoneNumberId: d.phoneNumberId,
    }),
  });
  return r.status;
}

describe("upgrading an embedded database written by PGlite", () => {
  it("refuses to start on it with what to do, upgrades it in place keeping the old directory, and serves every row with the old key", async () => {
    const dataDir = copyOfFixture("data");

    // The server says what the directory is and which command upgrades it, and exits.
    await expect(startEmbeddedServer(dataDir)).rejects.toThrow(
      /written by PGlite .*cannot open: upgrade it once with `npm run admin -- upgrade-embedded`/,
    );

    const up = admin(dataDir, "upgrade-embedded");
    expect(up.status, up.out).toBe(0);
    const result = JSON.parse(up.out) as { kept: string; rows: number; tables: number };
    expect(existsSync(path.join(result.kept, "PG_VERSION"))).toBe(true);
    expect(result.rows).toBeGreaterThan(8);

    expectSameRows(before, await embeddedDigests(dataDir));

    const s = await startEmbeddedServer(dataDir);
    const who = await fetch(`http://127.0.0.1:${s.port}/api/v3/whoami`, {
      headers: { "x-api-key": deployment.key },
    });
    expect(who.status).toBe(200);
    expect(await sends(s.port, deployment)).toBe(200);
    await stopServer(s.child);
  }, 300_000);

  it("restores a backup file of the PGlite releases into a new DATA_DIR", async () => {
    const source = copyOfFixture("source");
    // The old format: a JSON line listing the entries, then their bytes (PGlite's own dump of its
    // directory, the auth secret, media).
    const db = await mod.PGlite.create(path.join(source, "pg"));
    const dump = Buffer.from(
      await (
        (await (db as unknown as { dumpDataDir(c: string): Promise<Blob> }).dumpDataDir("gzip")) as Blob
      ).arrayBuffer(),
    );
    await db.close();
    const secret = Buffer.from("pglite-release-auth-secret-0123456789\n");
    const file = path.join(newDir("file"), "old.backup");
    const header = JSON.stringify({
      format: OLD_BACKUP_FORMAT,
      entries: [
        { name: "pg", bytes: dump.length },
        { name: "auth-secret", bytes: secret.length },
      ],
    });
    writeFileSync(file, Buffer.concat([Buffer.from(`${header}\n`), dump, secret]));

    const target = newDir("restored");
    rmSync(target, { recursive: true });
    const r = admin(target, "restore", "--in", file);
    expect(r.status, r.out).toBe(0);
    expectSameRows(before, await embeddedDigests(target));
    const s = await startEmbeddedServer(target);
    expect(await sends(s.port, deployment)).toBe(200);
    await stopServer(s.child);
  }, 300_000);
});
