// BENCH_QUERY_STATS=1: counts the server's SQL statements by their first words and sums their
// round-trip times, printed to stderr on exit. For finding where PostgreSQL's time goes.
import pg from "pg";

type Stat = { n: number; ms: number };
const stats = new Map<string, Stat>();
const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;

pg.Client.prototype.query = function patched(this: pg.Client, ...args: unknown[]) {
  const first = args[0];
  const text = typeof first === "string" ? first : ((first as { text?: string })?.text ?? "?");
  const key = text.replace(/\s+/g, " ").trim().slice(0, 110);
  const t0 = performance.now();
  const result = original.apply(this, args);
  if (result && typeof (result as Promise<unknown>).then === "function") {
    void (result as Promise<unknown>).then(
      () => note(key, t0),
      () => note(key, t0),
    );
  }
  return result;
} as typeof pg.Client.prototype.query;

function note(key: string, t0: number) {
  const s = stats.get(key) ?? { n: 0, ms: 0 };
  s.n++;
  s.ms += performance.now() - t0;
  stats.set(key, s);
}

process.on("exit", () => {
  const rows = [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40);
  for (const [k, s] of rows)
    process.stderr.write(`QS ${String(s.n).padStart(7)} ${s.ms.toFixed(0).padStart(8)}ms  ${k}\n`);
});
