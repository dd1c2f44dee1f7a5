import type pg from "pg";
import { uuidv7 } from "../../lib/ids";

/**
 * What the engine wrote for one customer whose message started the wait flow: the ids and
 * values that make its rows that customer's (replaced in each copy). Its timer is the run's
 * own wake_at (the wake scanner takes it when due).
 */
export type WaitSample = {
  conversationId: string;
  runId: string;
  wakeId: string;
  customer: string;
  ref: string;
};

/** The tables a wait run's first message writes rows to (found by counting them), keyed by what names the conversation. */
const TABLES = [
  // The conversation's and the run's ids are among the replaced values; other rows get new ids.
  { table: "conversations", where: "id::text = $1", newIds: false },
  { table: "inbound_messages", where: "provider_message_id = $5", newIds: true },
  { table: "conversation_events", where: "conversation_id::text = $1", newIds: true },
  { table: "flow_runs", where: "id::text = $2", newIds: false },
  { table: "flow_run_steps", where: "run_id::text = $2", newIds: true },
] as const;

/** Every value of a sample's that names its customer, replaced by the copy's (same order). */
const REPLACED = ["conversation_id", "run_id", "wake_id", "customer", "ref"] as const;
const replaceChain = (expr: string) =>
  REPLACED.reduce((acc, _, i) => `replace(${acc}, $${i + 1}::text, c.${REPLACED[i]}::text)`, expr);

/**
 * Copies the rows the engine wrote for `sample` (its conversation, inbound message, events,
 * run and its recorded steps) `count` times with SQL, as if `count` other customers had sent
 * the same message: every value naming the sample's conversation, run, wake, customer or
 * message is replaced by the copy's own (new uuidv7 ids, a new phone number, a new provider
 * message id), each row gets a new id, and every other column is the engine's own value. Only
 * the run's due time (wake_at) differs: written as 'infinity' (waiting, never due), then set by
 * `setDue` to `dueAt` (plus copy i's `i / perSecond` s when spread), so the copies wake at one
 * moment or at a steady rate. Returns the copies' run ids, in copy order.
 * (A LATERAL call: `(f(x)).*` would call f once per column.)
 */
export async function cloneWaitRuns(
  sql: pg.Client,
  sample: WaitSample,
  count: number,
  customerPrefix: string,
  batch = 10_000,
): Promise<{ runIds: string[]; setDue: (dueAt: Date, perSecond?: number) => Promise<void> }> {
  const clones = Array.from({ length: count }, (_, i) => ({
    conversation_id: uuidv7(),
    run_id: uuidv7(),
    wake_id: uuidv7(),
    customer: `${customerPrefix}${String(i).padStart(12 - customerPrefix.length, "0")}`,
    ref: `wamid.bench.clone.${uuidv7()}`,
  }));
  const sampleValues = [sample.conversationId, sample.runId, sample.wakeId, sample.customer, sample.ref];
  // The sample's rows as the engine left them, kept apart: the sample itself wakes meanwhile.
  const rowsPerTable = new Map<string, number>();
  for (const { table, where } of TABLES) {
    const literal = where.replace(/\$(\d)/g, (_, d: string) =>
      sql.escapeLiteral(sampleValues[Number(d) - 1]!),
    );
    const { rowCount } = await sql.query(
      `CREATE TEMP TABLE snap_${table} AS SELECT * FROM ${table} WHERE ${literal}`,
    );
    rowsPerTable.set(table, rowCount ?? 0);
  }
  const chunks = <T>(xs: T[]) =>
    Array.from({ length: Math.ceil(xs.length / batch) }, (_, i) => xs.slice(i * batch, (i + 1) * batch));
  const unnestClones = `unnest($6::uuid[], $7::uuid[], $8::uuid[], $9::text[], $10::text[]) WITH ORDINALITY
    AS c(conversation_id, run_id, wake_id, customer, ref, n)`;
  const cloneArrays = (part: typeof clones) => REPLACED.map((k) => part.map((c) => c[k]));

  for (const part of chunks(clones)) {
    await sql.query("BEGIN");
    for (const { table, newIds } of TABLES) {
      const perClone = rowsPerTable.get(table)!;
      if (perClone === 0) continue;
      const ids = Array.from({ length: part.length * perClone }, () => uuidv7());
      // Row k of the sample's rows in copy n gets ids[(n - 1) * perClone + k - 1].
      await sql.query(
        `INSERT INTO ${table}
         SELECT r.*
         FROM (SELECT t.*, row_number() OVER (ORDER BY t.id) AS k FROM snap_${table} t) s,
              ${unnestClones},
              LATERAL jsonb_populate_record(NULL::${table},
                   ${replaceChain("to_jsonb(s)::text")}::jsonb
                   || ${newIds ? `jsonb_build_object('id', ($11::uuid[])[(c.n - 1) * ${perClone} + s.k])` : "'{}'::jsonb"}
                   || ${table === "flow_runs" ? `jsonb_build_object('wake_at', 'infinity')` : "'{}'::jsonb"}) r`,
        [...sampleValues, ...cloneArrays(part), ...(newIds ? [ids] : [])],
      );
    }
    await sql.query("COMMIT");
  }
  return {
    runIds: clones.map((c) => c.run_id),
    setDue: async (dueAt: Date, perSecond = 0) => {
      for (const [i, part] of chunks(clones).entries())
        await sql.query(
          `UPDATE flow_runs r SET wake_at = $2::timestamptz + make_interval(secs => CASE WHEN $4::float8 > 0 THEN (c.n - 1 + $3::int)::float8 / $4::float8 ELSE 0 END)
           FROM unnest($1::uuid[]) WITH ORDINALITY AS c(id, n) WHERE r.id = c.id`,
          [part.map((c) => c.run_id), dueAt, i * batch, perSecond],
        );
    },
  };
}

/**
 * Whether the first copy's rows are the sample's with only the replaced values and the ids
 * changed (and the run's due time): read back, replaced back, compared column by column.
 */
export async function clonesMatchSample(
  sql: pg.Client,
  sample: WaitSample,
  firstRunId: string,
): Promise<string[]> {
  const [clone] = (
    await sql.query<{ conversation_id: string; wake_id: string; customer: string; ref: string }>(
      `SELECT r.conversation_id, r.wake_id, c.customer, i.provider_message_id AS ref
       FROM flow_runs r JOIN conversations c ON c.id = r.conversation_id
       JOIN inbound_messages i ON i.business_id = c.business_id AND i."from" = c.customer
       WHERE r.id = $1`,
      [firstRunId],
    )
  ).rows;
  if (!clone) return ["the first copy's run, conversation or inbound message is missing"];
  const cloneValues = [clone.conversation_id, firstRunId, clone.wake_id, clone.customer, clone.ref];
  const sampleValues = [sample.conversationId, sample.runId, sample.wakeId, sample.customer, sample.ref];
  const back = (expr: string) =>
    REPLACED.reduce((acc, _, i) => `replace(${acc}, $${i + 1}::text, $${i + 6}::text)`, expr);
  const differences: string[] = [];
  const compare = async (
    label: string,
    from: string,
    cloneWhere: string,
    snapshot: string,
    drop: string[],
  ) => {
    const strip = (expr: string) => `${expr} - ARRAY[${drop.map((d) => `'${d}'`).join(", ")}]::text[]`;
    const { rows } = await sql.query<{ same: boolean; a: unknown; b: unknown }>(
      `SELECT (SELECT jsonb_agg(${strip(`${back("to_jsonb(t)::text")}::jsonb`)} ORDER BY t.id) FROM ${from} t WHERE ${cloneWhere}) AS a,
              (SELECT jsonb_agg(${strip("to_jsonb(t)")} ORDER BY t.id) FROM ${snapshot} t) AS b`,
      [...cloneValues, ...sampleValues],
    );
    if (JSON.stringify(rows[0]!.a) !== JSON.stringify(rows[0]!.b))
      differences.push(
        `${label}: copy ${JSON.stringify(rows[0]!.a)} vs engine ${JSON.stringify(rows[0]!.b)}`,
      );
  };
  for (const { table, where } of TABLES)
    await compare(table, table, where, `snap_${table}`, table === "flow_runs" ? ["id", "wake_at"] : ["id"]);
  return differences;
}
