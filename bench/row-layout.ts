// Two ways to fewer row writes per message, measured on the statements alone (no server), each against the
// layout as it is in the same run, on copies of the real tables (a fresh database migrated by
// the app, `CREATE TABLE ... (LIKE ... INCLUDING ALL)`: columns, defaults, checks, indexes and
// storage parameters such as the fill factor; no foreign keys or triggers on either side):
//   A. callback_deliveries keyed (business_id, id): the primary key (id) and the index
//      (business_id, id) replaced by one primary key (business_id, id). BENCH_ROWS rows (30,000)
//      inserted in statements of 1,500, as the status path writes them.
//   B. The acceptance update HOT: messages without messages_provider_ref_idx and
//      messages_dispatch_lease_idx (what "the provider reference as biz_opaque_callback_data and
//      the dispatch lease out of messages" would allow), BENCH_ROWS messages accepted in
//      statements of 256, as dispatch writes them (provider id set, lease cleared).
// Each variant runs BENCH_REPEATS (5) times, alternating, on a fresh copy; the figures are the
// backend's time per row (the statement's round trip on loopback, divided by its rows) and WAL
// bytes per row, medians. Run: npx tsx bench/row-layout.ts postgres://postgres@127.0.0.1:5432/postgres
import { randomUUID } from "node:crypto";
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { uuidv7 } from "../lib/ids";
import { freshDatabase } from "./lib/fresh-database";

const database = await freshDatabase("row-layout.ts", "rowlayout");
const { migrate } = await import("../lib/db/migrate");
const { pool, closeDb } = await import("../lib/db/pool");
await migrate(pool());
await closeDb();
const adminUrl = process.argv[2] ?? process.env.BENCH_DATABASE_URL;
const rowsPerRun = Number(process.env.BENCH_ROWS ?? 30_000);
const repeats = Number(process.env.BENCH_REPEATS ?? 5);
const load1 = loadavg()[0]!.toFixed(2);

type Figures = { usPerRow: number; walPerRow: number; hot: number };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
try {
  const wal = async () =>
    BigInt((await client.query<{ l: string }>(`SELECT pg_current_wal_insert_lsn() - '0/0' AS l`)).rows[0]!.l);
  /** Runs `statements` one after the other: time and WAL per row. */
  const measure = async (statements: Array<{ text: string; values: unknown[] }>, rows: number) => {
    const w0 = await wal();
    const t0 = performance.now();
    for (const s of statements) await client.query(s);
    const ms = performance.now() - t0;
    return { usPerRow: (ms * 1000) / rows, walPerRow: Number((await wal()) - w0) / rows };
  };
  /** A copy of `table`; `drop` names indexes by their definition after "USING btree ". */
  const copyOf = async (table: string, copy: string, drop: string[], then: string[]) => {
    await client.query(`DROP TABLE IF EXISTS ${copy}`);
    await client.query(`CREATE TABLE ${copy} (LIKE ${table} INCLUDING ALL)`);
    // LIKE copies no storage parameters: the fill factor that leaves HOT room comes from the original.
    const options = (
      await client.query<{ o: string[] | null }>(`SELECT reloptions AS o FROM pg_class WHERE relname = $1`, [
        table,
      ])
    ).rows[0]!.o;
    if (options?.length) await client.query(`ALTER TABLE ${copy} SET (${options.join(", ")})`);
    const indexes = (
      await client.query<{ name: string; def: string; constraint: string | null }>(
        `SELECT i.indexname AS name, i.indexdef AS def, c.conname AS constraint
         FROM pg_indexes i LEFT JOIN pg_constraint c ON c.conname = i.indexname
         WHERE i.tablename = $1`,
        [copy],
      )
    ).rows;
    for (const d of drop) {
      const found = indexes.filter((i) => i.def.endsWith(`USING btree ${d}`));
      if (found.length !== 1) throw new Error(`${copy}: ${found.length} indexes on ${d}`);
      const { name, constraint } = found[0]!;
      await client.query(constraint ? `ALTER TABLE ${copy} DROP CONSTRAINT ${name}` : `DROP INDEX ${name}`);
    }
    for (const c of then) await client.query(c.replaceAll("$T", copy));
    await client.query(`VACUUM ANALYZE ${copy}`);
  };

  // A. callback_deliveries.
  const business = randomUUID();
  const endpoint = randomUUID();
  const deliveryBatches = () =>
    Array.from({ length: rowsPerRun / 1500 }, () => {
      const rows = Array.from({ length: 1500 }, (_, i) => ({
        id: uuidv7(),
        endpoint_id: endpoint,
        event_type: "message.status",
        subject_id: uuidv7(),
        payload: { messageId: uuidv7(), status: i % 3 === 0 ? "sent" : "delivered", timestamp: 1764400000 },
      }));
      return {
        text: `INSERT INTO $T (id, business_id, endpoint_id, event_type, subject_id, payload, next_attempt_at, locked_until)
               SELECT v.id, $1, v.endpoint_id, v.event_type, v.subject_id, v.payload, NULL, now() + interval '40 seconds'
               FROM json_to_recordset($2::json) AS v(id uuid, endpoint_id uuid, event_type text, subject_id text, payload jsonb)`,
        values: [business, JSON.stringify(rows)],
      };
    });
  const deliveryVariants: Record<string, [string[], string[]]> = {
    "as is: primary key (id) + (business_id, id)": [[], []],
    "keyed: primary key (business_id, id)": [
      ["(id)", "(business_id, id)"],
      [`ALTER TABLE $T ADD PRIMARY KEY (business_id, id)`],
    ],
  };

  // B. messages' acceptance.
  const messageVariants: Record<string, [string[], string[]]> = {
    "as is: provider id and lease indexed": [[], []],
    "HOT: neither indexed": [
      [
        "(provider, provider_message_id) WHERE (provider_message_id IS NOT NULL)",
        "(dispatch_locked_until) WHERE (dispatch_locked_until IS NOT NULL)",
      ],
      [],
    ],
  };

  const results = new Map<string, Figures[]>();
  const note = (name: string, f: Figures) => results.set(name, [...(results.get(name) ?? []), f]);
  for (let r = 0; r < repeats; r++) {
    for (const [name, [drop, then]] of Object.entries(deliveryVariants)) {
      await copyOf("callback_deliveries", "cd_copy", drop, then);
      const statements = deliveryBatches().map((s) => ({ ...s, text: s.text.replaceAll("$T", "cd_copy") }));
      note(`A ${name}`, { ...(await measure(statements, rowsPerRun)), hot: 0 });
    }
    for (const [name, [drop, then]] of Object.entries(messageVariants)) {
      await copyOf("messages", "m_copy", drop, then);
      const ids = Array.from({ length: rowsPerRun }, () => uuidv7());
      await client.query(
        `INSERT INTO m_copy (id, business_id, transaction_id, channel, sender, recipient, msg_type, content, message_ref, provider, dispatch_locked_until)
         SELECT id, $1, $1, 'chatapp', '15550001111', '9198' || lpad(n::text, 8, '0'), 'template', '{}'::jsonb, 'ref', 'whatsapp-cloud', now() + interval '1 minute'
         FROM unnest($2::uuid[]) WITH ORDINALITY AS v(id, n)`,
        [business, ids],
      );
      await client.query(`VACUUM ANALYZE m_copy`);
      const statements = [];
      for (let i = 0; i < ids.length; i += 256) {
        const slice = ids.slice(i, i + 256);
        statements.push({
          text: `UPDATE m_copy m SET status = 'accepted', accepted_at = now(), provider_message_id = v.pid,
                   dispatch_attempts = 1, dispatch_locked_until = NULL, updated_at = now()
                 FROM unnest($2::uuid[], $3::text[]) AS v(id, pid) WHERE m.business_id = $1 AND m.id = v.id`,
          values: [business, slice, slice.map((id) => `wamid.${id}`)],
        });
      }
      const figures = await measure(statements, rowsPerRun);
      await client.query(`SELECT pg_stat_force_next_flush()`);
      const hot = (
        await client.query<{ hot: string }>(
          `SELECT pg_stat_get_xact_tuples_hot_updated('m_copy'::regclass) + pg_stat_get_tuples_hot_updated('m_copy'::regclass) AS hot`,
        )
      ).rows[0]!.hot;
      note(`B ${name}`, { ...figures, hot: Number(hot) / rowsPerRun });
    }
  }

  console.log(
    `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, load average at start ${load1}, at end ${loadavg()[0]!.toFixed(2)}`,
  );
  console.log(
    `Command: npx tsx bench/row-layout.ts ${adminUrl} (${rowsPerRun} rows, ${repeats} runs each, medians)\n`,
  );
  console.log("| variant | µs per row | WAL bytes per row | HOT share of updates | vs as is (time) |");
  console.log("|---|---:|---:|---:|---:|");
  const base = (key: string) => median(results.get(key)!.map((f) => f.usPerRow));
  for (const [name, fs] of results) {
    const us = median(fs.map((f) => f.usPerRow));
    const asIs = name.startsWith("A")
      ? base(`A ${Object.keys(deliveryVariants)[0]}`)
      : base(`B ${Object.keys(messageVariants)[0]}`);
    console.log(
      `| ${name} | ${us.toFixed(1)} | ${median(fs.map((f) => f.walPerRow)).toFixed(0)} | ${name.startsWith("B") ? `${(median(fs.map((f) => f.hot)) * 100).toFixed(0)}%` : "-"} | ${((us / asIs) * 100).toFixed(0)}% |`,
    );
  }
} finally {
  await client.end();
  await database.drop();
}
