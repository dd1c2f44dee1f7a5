import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import PgBoss from "pg-boss";
import { displayPrefix, generateApiKey, hashApiKey } from "../lib/api-keys/key-material";
import { uuidv7 } from "../lib/ids";
import {
  attachSql,
  keySql,
  listRowsTable,
  standaloneTableSql,
} from "../lib/promotions/lists/list-rows-table";
import type { loadPglite } from "../lib/db/pglite-upgrade";

/** The last migration the PGlite releases shipped: their schema, which an upgrade starts from. */
export const LAST_PGLITE_MIGRATION = "0037_template_usage_slots";

type Journal = { entries: { tag: string }[] };

/** db/migrations through `tag`, in a folder of their own. */
function migrationsThrough(tag: string): { folder: string; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), "sb-migrations-"));
  cpSync("db/migrations", folder, { recursive: true });
  const file = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(file, "utf8")) as Journal;
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(file, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at + 1) }));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

export type PgliteDeployment = {
  key: string;
  businessId: string;
  phoneNumberId: string;
  templateName: string;
  listId: string;
};

/**
 * A DATA_DIR as the PGlite releases left it: DATA_DIR/pg written by PGlite (the same version,
 * migrated as their server migrated it, the job queue's schema installed as pg-boss installs it),
 * with a business, its key, channels, an approved template, a sent message, a list whose rows are
 * a partition made at run time, a waiting job, an audit row; and DATA_DIR's auth secret and media.
 */
export async function buildPgliteDataDir(
  mod: Awaited<ReturnType<typeof loadPglite>>,
  dataDir: string,
): Promise<PgliteDeployment> {
  mkdirSync(path.join(dataDir, "media"), { recursive: true });
  writeFileSync(path.join(dataDir, "auth-secret"), "pglite-release-auth-secret-0123456789\n", {
    mode: 0o600,
  });
  writeFileSync(path.join(dataDir, "media", "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const db = await mod.PGlite.create(path.join(dataDir, "pg"));
  const migrations = migrationsThrough(LAST_PGLITE_MIGRATION);
  try {
    await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      hash text PRIMARY KEY, created_at bigint NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    for (const m of readMigrationFiles({ migrationsFolder: migrations.folder })) {
      for (const statement of m.sql) if (statement.trim()) await db.exec(statement);
      await db.query("INSERT INTO schema_migrations (hash, created_at) VALUES ($1, $2)", [
        m.hash,
        m.folderMillis,
      ]);
    }
    await db.exec(PgBoss.getConstructionPlans("pgboss"));
    const key = generateApiKey();
    const businessId = uuidv7();
    const phoneNumberId = "100200300400";
    const templateName = "pglite_release_order";
    const listId = uuidv7();
    const q = (text: string, values: unknown[] = []) => db.query(text, values);
    await q("INSERT INTO businesses (id, name) VALUES ($1, 'PGlite Co')", [businessId]);
    await q(
      `INSERT INTO business_channels (business_id, channel, enabled, provider, config)
       VALUES ($1, 'chatapp', true, 'simulator', $2), ($1, 'rcs', true, 'simulator', '{"agentId": "pglite_agent"}')`,
      [businessId, JSON.stringify({ phoneNumberIds: [phoneNumberId] })],
    );
    await q(
      "INSERT INTO api_keys (id, business_id, name, prefix, hash) VALUES ($1, $2, 'release key', $3, $4)",
      [uuidv7(), businessId, displayPrefix(key), hashApiKey(key)],
    );
    await q(
      `INSERT INTO users (id, business_id, email, role, first_name) VALUES ($1, $2, 'admin@pglite.test', 'BUSINESS_ADMIN', 'Asha')`,
      [uuidv7(), businessId],
    );
    await q(
      `INSERT INTO templates (id, business_id, channel, name, language, category, status, components)
       VALUES ($1, $2, 'chatapp', $3, 'en_US', 'UTILITY', 'APPROVED', $4)`,
      [
        uuidv7(),
        businessId,
        templateName,
        JSON.stringify([{ type: "BODY", text: "Your order {{1}} ships today" }]),
      ],
    );
    await q(
      `INSERT INTO messages (id, business_id, transaction_id, channel, sender, recipient, msg_type, content, message_ref, provider, status)
       VALUES ($1, $2, $3, 'chatapp', $4, '919900000001', 'template', '{"name": "pglite_release_order"}', 'wamid.release1', 'simulator', 'read')`,
      [uuidv7(), businessId, uuidv7(), phoneNumberId],
    );
    await q(
      `INSERT INTO audit_log (id, business_id, actor_type, actor_id, action, target_type, target_id)
       VALUES ($1, $2, 'system', 'seed', 'business.created', 'business', $3)`,
      [uuidv7(), businessId, businessId],
    );
    await q(
      `INSERT INTO target_lists (id, business_id, name, columns, phone_column, row_count) VALUES ($1, $2, 'release list', '["phone"]', 'phone', 2)`,
      [listId, businessId],
    );
    const table = listRowsTable(listId);
    await db.exec(standaloneTableSql(table, listId));
    await q(
      `INSERT INTO ${table} (list_id, business_id, row_number, phone, cells) VALUES ($1, $2, 1, '919900000001', '919900000001'), ($1, $2, 2, '919900000002', '919900000002')`,
      [listId, businessId],
    );
    await db.exec(keySql(table));
    await db.exec(attachSql(table, listId));
    await q(`SELECT pgboss.create_queue('release.waiting', '{"policy": "standard", "retryLimit": 2}')`);
    await q(`INSERT INTO pgboss.job (name, data) VALUES ('release.waiting', '{"n": 1}')`);
    return { key, businessId, phoneNumberId, templateName, listId };
  } finally {
    migrations.remove();
    await db.close();
  }
}
