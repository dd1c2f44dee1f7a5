import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { BACKUP_FORMAT, type BackupWriter, type PartitionDdl, type TableFrame } from "./backup-format";

/**
 * What a backup reads from: catalog queries and COPY ... TO STDOUT. A PostgreSQL connection
 * (pgSource below), or PGlite in the exporter of an old directory (scripts/export-pglite.ts).
 */
export type BackupSource = {
  query<R>(text: string, values?: unknown[]): Promise<R[]>;
  copyOut(text: string): AsyncIterable<Buffer>;
};

/** The schemas a backup holds: the application's tables and the job queue's. */
export const BACKUP_SCHEMAS = ["public", "pgboss"];
/** Tables the restore makes itself (the migrations' record, the job queue's version). */
const REBUILT = new Set(["public.schema_migrations", "pgboss.version"]);

export const qualified = (table: string): string =>
  table
    .split(".")
    .map((p) => `"${p.replace(/"/g, '""')}"`)
    .join(".");

type TableRow = {
  oid: number;
  name: string;
  parent: string | null;
  bound: string | null;
  partition: boolean;
};

/**
 * Writes every table of BACKUP_SCHEMAS (each partition on its own, with what makes it again),
 * and the sequences, to `writer`. The caller runs it inside one REPEATABLE READ transaction, so
 * the backup is one consistent snapshot however much is written meanwhile.
 */
export async function exportDatabase(
  source: BackupSource,
  writer: BackupWriter,
): Promise<Record<string, number>> {
  const [version] = await source.query<{ v: string }>("SELECT current_setting('server_version') AS v");
  const migrations = await source.query<{ hash: string }>(
    "SELECT hash FROM schema_migrations ORDER BY created_at, hash",
  );
  await writer.header({
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    postgres: version!.v,
    migrations: migrations.map((m) => m.hash),
  });
  const tables = await source.query<TableRow>(
    `SELECT c.oid::int AS oid, n.nspname || '.' || c.relname AS name, c.relispartition AS partition,
            pg_get_expr(c.relpartbound, c.oid) AS bound,
            (SELECT pn.nspname || '.' || p.relname FROM pg_inherits i
               JOIN pg_class p ON p.oid = i.inhparent JOIN pg_namespace pn ON pn.oid = p.relnamespace
              WHERE i.inhrelid = c.oid AND NOT i.inhdetachpending) AS parent
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind = 'r'
      ORDER BY c.relispartition, n.nspname, c.relname`,
    [BACKUP_SCHEMAS],
  );
  const rows: Record<string, number> = {};
  for (const t of tables) {
    // A partition being detached (list housekeeping) is on its way out: not kept.
    if (REBUILT.has(t.name) || (t.partition && !t.parent)) continue;
    const columns = (
      await source.query<{ name: string }>(
        `SELECT attname AS name FROM pg_attribute
          WHERE attrelid = $1 AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
        [t.oid],
      )
    ).map((c) => c.name);
    const frame: TableFrame = { table: t.name, columns };
    if (t.partition) frame.partition = await partitionDdl(source, t);
    const list = columns.map((c) => `"${c.replace(/"/g, '""')}"`).join(", ");
    rows[t.name] = await writer.table(frame, source.copyOut(`COPY ${qualified(t.name)} (${list}) TO STDOUT`));
  }
  const sequences = await source.query<{ name: string; value: string | null }>(
    `SELECT schemaname || '.' || sequencename AS name, last_value::text AS value FROM pg_sequences
      WHERE schemaname = ANY($1)`,
    [BACKUP_SCHEMAS],
  );
  for (const s of sequences)
    await writer.sequence({ sequence: s.name, value: s.value ?? "1", called: s.value !== null });
  return rows;
}

/** A partition's bound, and its own constraints and indexes (not those it inherits). */
async function partitionDdl(source: BackupSource, t: TableRow): Promise<PartitionDdl> {
  const constraints = await source.query<{ name: string; def: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
      WHERE conrelid = $1 AND conislocal AND coninhcount = 0 ORDER BY contype DESC, conname`,
    [t.oid],
  );
  const indexes = await source.query<{ def: string }>(
    `SELECT pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
      WHERE i.indrelid = $1
        AND NOT EXISTS (SELECT 1 FROM pg_inherits h WHERE h.inhrelid = i.indexrelid)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
      ORDER BY 1`,
    [t.oid],
  );
  return {
    parent: t.parent!,
    bound: t.bound!,
    ddl: [
      ...constraints.map(
        (c) => `ALTER TABLE ${qualified(t.name)} ADD CONSTRAINT "${c.name.replace(/"/g, '""')}" ${c.def}`,
      ),
      ...indexes.map((i) => i.def),
    ],
  };
}

/** A BackupSource on a PostgreSQL connection. */
export function pgSource(client: pg.PoolClient | pg.Client): BackupSource {
  return {
    async query<R>(text: string, values: unknown[] = []) {
      return (await client.query(text, values)).rows as R[];
    },
    copyOut(text: string) {
      return client.query(copyTo(text)) as AsyncIterable<Buffer>;
    },
  };
}
