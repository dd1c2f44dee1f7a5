import type pg from "pg";
import { uuidv7 } from "../lib/ids";

/** One column of a table, as the catalogue describes it. */
type Column = {
  name: string;
  type: string;
  typtype: string;
  elem: string | null;
  notNull: boolean;
  hasDefault: boolean;
  generated: boolean;
};
type ForeignKey = { columns: string[]; refTable: string; refColumns: string[] };
export type TableRows = Record<string, Record<string, unknown>>;

const q = async <R>(pool: pg.Pool, text: string, values: unknown[] = []) =>
  (await pool.query(text, values)).rows as R[];

/** The public schema's ordinary and partitioned tables (not partitions), without the migrations' own. */
export async function userTables(pool: pg.Pool): Promise<string[]> {
  const rows = await q<{ name: string }>(
    pool,
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND c.relname <> 'schema_migrations'
      ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

async function columnsOf(pool: pg.Pool, table: string): Promise<Column[]> {
  return q<Column>(
    pool,
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, t.typtype,
            et.typname AS elem, a.attnotnull AS "notNull", a.atthasdef AS "hasDefault",
            (a.attgenerated <> '' OR a.attidentity <> '') AS generated
       FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid LEFT JOIN pg_type et ON et.oid = t.typelem
      WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`,
    [`public."${table}"`],
  );
}

async function foreignKeysOf(pool: pg.Pool, table: string): Promise<ForeignKey[]> {
  return q<ForeignKey>(
    pool,
    `SELECT array_agg(a.attname ORDER BY k.n)::text[] AS columns, r.relname AS "refTable",
            array_agg(ra.attname ORDER BY k.n)::text[] AS "refColumns"
       FROM pg_constraint c
       JOIN pg_class r ON r.oid = c.confrelid
       CROSS JOIN LATERAL unnest(c.conkey, c.confkey) WITH ORDINALITY AS k(col, refcol, n)
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.col
       JOIN pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = k.refcol
      WHERE c.conrelid = $1::regclass AND c.contype = 'f'
      GROUP BY c.oid, r.relname`,
    [`public."${table}"`],
  );
}

/** The first literal a CHECK allows for a column (`col = ANY (ARRAY['a'::text, ...])`). */
async function checkedValues(pool: pg.Pool, table: string): Promise<Map<string, string>> {
  const defs = await q<{ def: string }>(
    pool,
    `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'c'`,
    [`public."${table}"`],
  );
  const out = new Map<string, string>();
  for (const { def } of defs) {
    const m = /\(+"?(\w+)"?\)?(?:::text)? = ANY \(+ARRAY\['([^']*)'/.exec(def);
    if (m && !out.has(m[1]!)) out.set(m[1]!, m[2]!);
  }
  return out;
}

async function enumFirst(pool: pg.Pool, type: string): Promise<string> {
  const rows = await q<{ label: string }>(
    pool,
    `SELECT enumlabel AS label FROM pg_enum WHERE enumtypid = $1::regtype ORDER BY enumsortorder LIMIT 1`,
    [type],
  );
  return rows[0]!.label;
}

/** A value of `column`'s type that a reader can tell from a default. */
async function valueFor(pool: pg.Pool, c: Column, checked: Map<string, string>): Promise<unknown> {
  const allowed = checked.get(c.name);
  if (allowed !== undefined) return c.type.endsWith("[]") ? [allowed] : allowed;
  if (c.typtype === "e") return enumFirst(pool, c.type);
  const base = c.type.replace(/\(.*\)/, "").replace(/\[\]$/, "");
  const scalar = (() => {
    if (base === "uuid") return uuidv7();
    if (/^(text|character varying|character|citext)$/.test(base)) return `kept-${c.name}`;
    if (/^(integer|bigint|smallint)$/.test(base)) return 7;
    if (/^(numeric|double precision|real)$/.test(base)) return 7.5;
    if (base === "boolean") return true;
    if (/^timestamp/.test(base)) return new Date("2026-11-30T10:00:00Z");
    if (base === "date") return "2026-11-30";
    if (base === "interval") return "7 days";
    if (base === "jsonb" || base === "json") return { kept: c.name };
    if (base === "bytea") return Buffer.from("kept");
    if (base === "inet") return "127.0.0.1";
    throw new Error(`no test value for ${c.name} of type ${c.type}`);
  })();
  return c.type.endsWith("[]") ? [scalar] : scalar;
}

/** The tables in an order where each comes after the tables it references (self-references aside). */
async function inReferenceOrder(pool: pg.Pool, tables: string[]): Promise<string[]> {
  const deps = new Map<string, string[]>();
  for (const t of tables)
    deps.set(
      t,
      (await foreignKeysOf(pool, t)).map((f) => f.refTable).filter((r) => r !== t),
    );
  const done: string[] = [];
  const visit = (t: string, path: string[]) => {
    if (done.includes(t) || path.includes(t)) return;
    for (const d of deps.get(t) ?? []) visit(d, [...path, t]);
    done.push(t);
  };
  for (const t of tables) visit(t, []);
  return done;
}

/**
 * Writes one row into every table of the schema, every column set (foreign keys to the rows
 * written before, CHECKed columns to a value the check names, the rest to a value of its type
 * that no default gives), so an upgrade can be read back column by column. `overrides` sets
 * columns a generic value cannot satisfy (a format CHECK, a trigger's rule); `before` makes
 * what a table's row needs first (a list's partition). Returns the rows.
 */
export async function fillEveryTable(
  pool: pg.Pool,
  overrides: Record<string, Record<string, unknown>> = {},
  before: Record<string, (pool: pg.Pool, row: Record<string, unknown>) => Promise<void>> = {},
): Promise<TableRows> {
  const written: TableRows = {};
  const failed: string[] = [];
  for (const table of await inReferenceOrder(pool, await userTables(pool))) {
    const columns = (await columnsOf(pool, table)).filter((c) => !c.generated);
    const fks = await foreignKeysOf(pool, table);
    const checked = await checkedValues(pool, table);
    const row: Record<string, unknown> = {};
    for (const c of columns) row[c.name] = await valueFor(pool, c, checked);
    for (const fk of fks) {
      const ref = written[fk.refTable];
      if (!ref) continue;
      fk.columns.forEach((col, i) => (row[col] = ref[fk.refColumns[i]!]));
    }
    // A business_id column names the one business, foreign key or not.
    if ("business_id" in row && written.businesses) row.business_id = written.businesses.id;
    Object.assign(row, overrides[table]);
    await before[table]?.(pool, row);
    const names = Object.keys(row);
    const params = names.map((n) => {
      const v = row[n];
      return v !== null &&
        typeof v === "object" &&
        !(v instanceof Date) &&
        !Buffer.isBuffer(v) &&
        !Array.isArray(v)
        ? JSON.stringify(v)
        : v;
    });
    try {
      const inserted = await pool.query(
        `INSERT INTO "${table}" (${names.map((n) => `"${n}"`).join(", ")})
         VALUES (${names.map((_, i) => `$${i + 1}`).join(", ")}) RETURNING *`,
        params,
      );
      written[table] = inserted.rows[0] as Record<string, unknown>;
    } catch (err) {
      failed.push(`${table}: ${(err as Error).message}`);
    }
  }
  if (failed.length)
    throw new Error(`could not fill (set their columns in overrides):\n${failed.join("\n")}`);
  return written;
}

/** The rows of `table`, the given columns as text, in a stable order (what an upgrade test compares). */
export async function rowAsText(
  pool: pg.Pool,
  table: string,
  columns: string[],
): Promise<Record<string, string | null>[]> {
  const list = columns.map((c) => `'${c}', "${c}"::text`).join(", ");
  const rows = await q<{ r: Record<string, string | null> }>(
    pool,
    `SELECT r FROM (SELECT jsonb_build_object(${list}) AS r FROM "${table}") s ORDER BY r::text`,
  );
  return rows.map((r) => r.r);
}

export { columnsOf };
