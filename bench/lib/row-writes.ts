// Row writes per table of the server's database (pg_stat_user_tables), to say where
// PostgreSQL's share of a message goes: inserts, updates (how many of them HOT, i.e. without
// new index entries) and deletes, per message, between two snapshots.
import pg from "pg";

type Counts = { ins: number; upd: number; hot: number; del: number };
export type RowWrites = Map<string, Counts>;

export async function rowWrites(databaseUrl: string): Promise<RowWrites> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    // A backend flushes its counters at most once a second while busy, and an idle one only
    // after 10 s (PGSTAT_IDLE_INTERVAL): the server's pooled connections sit idle after a run,
    // and a 1.5-s wait read 0.63 message inserts per message (2026-11-29). Wait past it.
    await new Promise((r) => setTimeout(r, 11_000));
    const { rows } = await c.query<{ relname: string } & Record<keyof Counts, string>>(
      `SELECT relname, n_tup_ins AS ins, n_tup_upd AS upd, n_tup_hot_upd AS hot, n_tup_del AS del
       FROM pg_stat_user_tables`,
    );
    return new Map(
      rows.map((r) => [r.relname, { ins: +r.ins, upd: +r.upd, hot: +r.hot, del: +r.del }] as const),
    );
  } finally {
    await c.end();
  }
}

/** "messages 1.00 ins + 2.00 upd (0.00 HOT) + 0.00 del; …" per message, the busiest tables first. */
export function rowWritesPerMessage(before: RowWrites, after: RowWrites, messages: number): string {
  const lines: Array<[number, string]> = [];
  let total = 0;
  for (const [table, a] of after) {
    const b = before.get(table) ?? { ins: 0, upd: 0, hot: 0, del: 0 };
    const d = { ins: a.ins - b.ins, upd: a.upd - b.upd, hot: a.hot - b.hot, del: a.del - b.del };
    const sum = d.ins + d.upd + d.del;
    total += sum;
    if (sum < messages / 200) continue; // under 0.005 per message: counted, not listed
    const f = (n: number) => (n / messages).toFixed(2);
    lines.push([sum, `${table} ${f(d.ins)} ins + ${f(d.upd)} upd (${f(d.hot)} HOT) + ${f(d.del)} del`]);
  }
  lines.sort((x, y) => y[0] - x[0]);
  return `${(total / messages).toFixed(1)} row writes per message: ${lines.map((l) => l[1]).join("; ")}`;
}
