// BENCH_TXN_TIMING=1: one line on stderr per inbound batch transaction of the server (one whose
// statements include the inbound_messages insert): when it began (epoch ms), how long it took
// from BEGIN to the end of COMMIT, how much of that its statements' round trips were (the rest is
// the server's JS between them, or waiting for the event loop), the routing lock's wait, the
// COMMIT, its statements, its inbound messages and whether a flow started runs in it. For the
// latency breakdown of bench/flows.ts (read with bench/lib/txn-timing-summary.ts).
import pg from "pg";

type Txn = {
  begin: number;
  statementMs: number;
  lockMs: number;
  commitMs: number;
  statements: number;
  inbound: number;
  flow: boolean;
};
const open = new WeakMap<pg.Client, Txn>();
const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;

pg.Client.prototype.query = function timed(this: pg.Client, ...args: unknown[]) {
  const first = args[0];
  const text = typeof first === "string" ? first : ((first as { text?: string })?.text ?? "");
  const values = (typeof first === "object" ? (first as { values?: unknown[] })?.values : args[1]) as
    unknown[] | undefined;
  const t0 = performance.now();
  if (text === "BEGIN")
    open.set(this, {
      begin: Date.now(),
      statementMs: 0,
      lockMs: 0,
      commitMs: 0,
      statements: 0,
      inbound: 0,
      flow: false,
    });
  const txn = open.get(this);
  if (txn) {
    txn.statements++;
    if (text.startsWith("INSERT INTO inbound_messages"))
      txn.inbound = (values?.[3] as unknown[])?.length ?? 0;
    if (text.startsWith("INSERT INTO flow_runs")) txn.flow = true;
  }
  const result = original.apply(this, args);
  if (txn && result && typeof (result as Promise<unknown>).then === "function") {
    const done = () => {
      const ms = performance.now() - t0;
      txn.statementMs += ms;
      if (text.includes("pg_advisory_xact_lock(hashtext('conversation-routing')")) txn.lockMs += ms;
      if (text === "COMMIT" || text === "ROLLBACK") {
        txn.commitMs = ms;
        open.delete(this);
        if (txn.inbound > 0)
          process.stderr.write(
            `TXN ${txn.begin} ${(Date.now() - txn.begin).toFixed(0)} ${txn.statementMs.toFixed(1)} ${txn.lockMs.toFixed(1)} ${txn.commitMs.toFixed(1)} ${txn.statements} ${txn.inbound} ${txn.flow ? "flow" : "plain"}\n`,
          );
      }
    };
    void (result as Promise<unknown>).then(done, done);
  }
  return result;
} as typeof pg.Client.prototype.query;
