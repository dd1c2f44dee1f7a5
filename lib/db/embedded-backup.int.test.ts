import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { uuidv7 } from "@/lib/ids";
import { loadListRows } from "@/lib/promotions/lists/list-rows-table";
import { startEmbeddedDb } from "./embedded";
import { backupEmbedded, restoreEmbedded } from "./embedded-backup";
import {
  admin,
  clientOf,
  demoCredentials,
  killEmbeddedServers,
  startEmbeddedServer,
  stopServer,
  tableDigests,
} from "@/test/embedded-server";

// @once (vitest.config.ts): embedded deployments of its own.
// A real embedded deployment (server.ts on a DATA_DIR of its own, no DATABASE_URL) is populated,
// backed up with the admin CLI while it serves under a write load, and again once stopped; each
// backup is restored into a new DATA_DIR. The quiet one matches the source row for row in every
// table; the one taken under load is one consistent moment (no write half in it).

const dirs: string[] = [];
afterAll(() => {
  killEmbeddedServers();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const newDir = (name: string) => {
  const d = mkdtempSync(path.join(tmpdir(), `sb-backup-${name}-`));
  dirs.push(d);
  return d;
};

/** The digests of an embedded DATA_DIR's database, read with no server running on it. */
async function digestsOf(dataDir: string): Promise<Record<string, string>> {
  const e = await startEmbeddedDb(path.join(dataDir, "pg"));
  try {
    return await tableDigests(e.url);
  } finally {
    await e.stop();
  }
}

describe("embedded backup and restore (npm run admin -- backup / restore)", () => {
  it("a backup taken while the server serves under writes is one consistent moment; a quiet one restores row for row", async () => {
    const source = newDir("source");
    const files = newDir("files");
    const a = await startEmbeddedServer(source);
    const { key, businessId } = await demoCredentials(a);
    const api = (p: string, body: unknown) =>
      fetch(`http://127.0.0.1:${a.port}${p}`, {
        method: "POST",
        headers: { "x-api-key": key, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    // An approved template, a list with its rows in a partition made at run time (as an upload
    // makes them), media in DATA_DIR, three sends (their dispatch jobs wait: ROLE=api runs none).
    const c = clientOf(source);
    await c.connect();
    const templateName = `backup_${Date.now()}`;
    await c.query(
      `INSERT INTO templates (id, business_id, channel, name, language, category, status, components)
       VALUES ($1, $2, 'chatapp', $3, 'en_US', 'UTILITY', 'APPROVED', $4)`,
      [uuidv7(), businessId, templateName, JSON.stringify([{ type: "BODY", text: "Hello {{1}}" }])],
    );
    const listId = uuidv7();
    await c.query(
      `INSERT INTO target_lists (id, business_id, name, row_count, phone_column, columns) VALUES ($1, $2, 'backup list', 2, 'phone', '["phone"]')`,
      [listId, businessId],
    );
    const executor = { $client: c } as unknown as Parameters<typeof loadListRows>[0];
    await c.query("BEGIN");
    await loadListRows(executor, listId, (table) =>
      c.query(
        `INSERT INTO ${table} (list_id, business_id, row_number, phone, cells) VALUES ($1, $2, 1, '919900000001', '919900000001'), ($1, $2, 2, '919900000002', '919900000002')`,
        [listId, businessId],
      ),
    );
    await c.query("COMMIT");
    const phone = (
      await c.query<{ ids: string[] }>(
        "SELECT config->'phoneNumberIds' AS ids FROM business_channels WHERE business_id = $1 AND channel = 'chatapp'",
        [businessId],
      )
    ).rows[0]!.ids[0]!;
    mkdirSync(path.join(source, "media"), { recursive: true });
    writeFileSync(path.join(source, "media", "kept.bin"), Buffer.from([1, 2, 3]));
    const send = (to: string) =>
      api(`/api/v3/message/${businessId}/template`, {
        message: {
          messageType: "template",
          name: templateName,
          language: "en_US",
          components: [{ componentType: "body", parameters: [{ type: "text", text: "Asha" }] }],
        },
        to,
        phoneNumberId: phone,
      });
    for (const to of ["919900000001", "919900000002", "919900000003"])
      expect((await send(to)).status).toBe(200);

    // Writes while the live backup runs: each endpoint is its row and its audit row, written in
    // one transaction (a backup that cut between them would hold one without the other).
    let writing = true;
    let written = 0;
    const load = (async () => {
      while (writing) {
        const r = await api(`/api/v3/callbacks/${businessId}/endpoints`, {
          url: `http://127.0.0.1:9/hook-${written}`,
          events: ["message.status"],
        });
        expect(r.status).toBe(201);
        written++;
        if (written % 3 === 0)
          expect((await send(`9199000${String(10000 + written).padStart(5, "0")}`)).status).toBe(200);
      }
    })();
    while (written < 5) await new Promise((r) => setTimeout(r, 20));
    const live = admin(source, "backup", "--out", path.join(files, "live.backup"));
    const writtenDuring = written;
    writing = false;
    await load;
    expect(live.status, live.out).toBe(0);
    expect(JSON.parse(live.out)).toMatchObject({
      live: true,
      files: expect.arrayContaining(["auth-secret", "media/kept.bin"]),
    });
    expect(written).toBeGreaterThan(writtenDuring - 1);
    await c.end();
    await stopServer(a.child);

    // Stopped: a backup of its own start (in process: the CLI's path is the live one above),
    // and the source's digests at that moment.
    expect(await backupEmbedded(source, path.join(files, "quiet.backup"))).toMatchObject({ live: false });
    const sourceDigests = await digestsOf(source);

    // A restore refuses a DATA_DIR in use (the CLI says so and exits 1), and fills a new one.
    const refused = admin(source, "restore", "--in", path.join(files, "quiet.backup"));
    expect([refused.status, refused.out]).toEqual([
      1,
      expect.stringMatching(/is not empty: restore into a new DATA_DIR/),
    ]);
    const restored = newDir("restored");
    rmSync(restored, { recursive: true });
    await restoreEmbedded(restored, path.join(files, "quiet.backup"));
    expect(await digestsOf(restored)).toEqual(sourceDigests);

    // The live one: a consistent moment with part of the writes in it.
    const atLoad = newDir("at-load");
    rmSync(atLoad, { recursive: true });
    await restoreEmbedded(atLoad, path.join(files, "live.backup"));
    const e = await startEmbeddedDb(path.join(atLoad, "pg"));
    const d = new pg.Client({ connectionString: e.url });
    await d.connect();
    try {
      const { rows } = await d.query<{ endpoints: number; audited: number; unpaired: number }>(
        `SELECT (SELECT count(*)::int FROM callback_endpoints WHERE business_id = $1) AS endpoints,
                (SELECT count(*)::int FROM audit_log WHERE business_id = $1 AND action = 'callback_endpoint.create') AS audited,
                (SELECT count(*)::int FROM callback_endpoints ce WHERE business_id = $1 AND NOT EXISTS (
                   SELECT 1 FROM audit_log a WHERE a.business_id = ce.business_id AND a.target_id = ce.id::text)) AS unpaired`,
        [businessId],
      );
      expect(rows[0]!.unpaired).toBe(0);
      expect(rows[0]!.audited).toBe(rows[0]!.endpoints);
      expect(rows[0]!.endpoints).toBeGreaterThanOrEqual(5);
      expect(rows[0]!.endpoints).toBeLessThan(written + 1);
      // The list's partition came back with its rows and its key.
      const list = await d.query(
        `SELECT row_number, phone FROM target_list_rows WHERE list_id = $1 ORDER BY 1`,
        [listId],
      );
      expect(list.rows).toEqual([
        { row_number: 1, phone: "919900000001" },
        { row_number: 2, phone: "919900000002" },
      ]);
    } finally {
      await d.end();
      await e.stop();
    }

    // The restored deployment serves: the old key opens the API; its waiting dispatch jobs came
    // back with it (the digests above), to be worked by its workers.
    const b = await startEmbeddedServer(restored);
    expect(b.out()).not.toMatch(/Demo API key/);
    const who = await fetch(`http://127.0.0.1:${b.port}/api/v3/whoami`, { headers: { "x-api-key": key } });
    expect(who.status).toBe(200);
    await stopServer(b.child);
  }, 300_000);
});
