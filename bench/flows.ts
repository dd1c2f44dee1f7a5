// Flows: the flows hot path with its baseline in the same run, on one
// server (the API and workers in one process, bench/lib/api-and-workers.ts) on a fresh
// PostgreSQL database, driven by signed WhatsApp webhooks (POST /api/webhooks/whatsapp,
// X-Hub-Signature-256, bench/lib/meta-webhooks.ts) from new customers, with BENCH_AGENTS
// (default 50) Available agents for routing. Two published flows (made through the API):
// "order" (keyword contains) -> send_text reply -> ask (the run waits for the answer), and
// "later" (keyword exact) -> wait -> end. The Graph API is a fake on loopback
// (bench/lib/fake-graph.ts): the flow's replies are dispatched to it, nothing leaves the machine.
// (0) Idle with nothing waiting: BENCH_IDLE (default 10) s of no traffic, the server's statements
//     (bench/lib/query-count.ts), the database's commits and rows read, both sides' CPU.
// (1) Seed: "order" messages, BENCH_CONNECTIONS (16) in flight, until BENCH_WAITING (10,000) runs
//     wait for an answer: the engine's own path, so every row is what it writes.
// (2) Throughput: BENCH_SLICES (3) pairs of BENCH_SLICE (5) s slices, BENCH_CONNECTIONS in flight
//     back to back: plain inbound (a text no flow matches: stored + routed to an agent), then
//     "order" messages (stored, a run started, its reply and question stored with their dispatch
//     jobs); each rate is the slice's messages over the time to its last 2xx. Between slices the
//     replies' dispatch is let finish, so no slice pays for the one before. Ratio flow / plain.
// (3) Latency: BENCH_RATE (200) webhooks/s open loop for BENCH_DURATION (20) s, plain then
//     "order". A message's latency is from its scheduled send time to the webhook's 2xx: the
//     webhook answers once its transaction committed (lib/inbound/record-inbound-batched.ts),
//     and the flow's first reply is written in it with its dispatch job (docs/flows.md: the
//     send pipeline), so the 2xx is when the reply is accepted for dispatch (each one's message
//     row is checked). Also to the fake Graph API receiving it (dispatched).
// (4) Wake: BENCH_WAKE_SAMPLE (20) "later" messages through the engine (a wait of 1 minute:
//     the run's timer, wake_at), then BENCH_WAKES (100,000) copies of one of them by SQL
//     (bench/lib/wait-clones.ts: the engine's rows with the customer's values replaced, checked
//     column by column), all due at one time T (BENCH_WAKE_SPREAD=n: n per second from T, each
//     woken against its own time). Before T, (0) again with them all waiting. From T,
//     BENCH_WAKE_WINDOW (60) s at most: runs woken (ended_at, the wake's transaction start,
//     against their due time on the database's clock), the rate, the CPU per wake, and the
//     time all would take at that rate; then, as the floor in the same run, one bare UPDATE of
//     the same runs' rows (the wake's time over it is printed as a ratio).
// BENCH_WAKE_ONLY=1: the warm-up, (0) and (4) only. BENCH_INBOUND_ONLY=1: everything but (4).
// BENCH_TXN_TIMING=1: the server's inbound batch transactions, one line each, and the phases'
// windows on stderr; `npx tsx bench/lib/txn-timing-summary.ts <stderr file>` sums them per phase.
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/flows.ts
import { rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { uuidv7 } from "../lib/ids";
import { databaseCpuTracker, treeCpuSeconds } from "./lib/cpu";
import { startFakeGraph } from "./lib/fake-graph";
import { ASK_KEYWORD, availableAgents, benchFlows, WAIT_KEYWORD } from "./lib/flows-setup";
import { idleCost, statementsSoFar, type IdleCost } from "./lib/idle-cost";
import { whatsappCloudInbound } from "./lib/inbound-setup";
import { customerTextBody, metaWebhookClient } from "./lib/meta-webhooks";
import { startBenchServer } from "./lib/server-process";
import { cloneWaitRuns, clonesMatchSample } from "./lib/wait-clones";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const agentCount = num("BENCH_AGENTS", 50);
const waiting = num("BENCH_WAITING", 10_000);
const rate = num("BENCH_RATE", 200);
const duration = num("BENCH_DURATION", 20);
const slices = num("BENCH_SLICES", 3);
const sliceSeconds = num("BENCH_SLICE", 5);
const connections = num("BENCH_CONNECTIONS", 16);
const idleSeconds = num("BENCH_IDLE", 10);
const wakeSample = num("BENCH_WAKE_SAMPLE", 20);
const wakes = num("BENCH_WAKES", 100_000);
const wakeWindow = num("BENCH_WAKE_WINDOW", 60);
/** BENCH_WAKE_SPREAD=n: the copies fall due n per second from T (0, the default: all at T). */
const wakeSpread = num("BENCH_WAKE_SPREAD", 0);
const vacuum = num("BENCH_VACUUM", 1) === 1;
/** BENCH_WAKE_ONLY=1: the warm-up, (0) and (4) only (no seed, no throughput, no latency phase). */
const wakeOnly = num("BENCH_WAKE_ONLY", 0) === 1;
/** BENCH_INBOUND_ONLY=1: the warm-up and (0) to (3), no wake phase (4). */
const inboundOnly = num("BENCH_INBOUND_ONLY", 0) === 1;
if (wakeOnly && inboundOnly) throw new Error("BENCH_WAKE_ONLY and BENCH_INBOUND_ONLY exclude each other");
const SETTLE_MS = 60_000;
const APP_SECRET = `bench-app-secret-${uuidv7()}`;
const QUERY_COUNT_FILE = path.join(tmpdir(), `sb-bench-flows-queries-${process.pid}`);
const load0 = loadavg()[0]!.toFixed(2);
if (!process.env.BENCH_DATABASE_URL) throw new Error("set BENCH_DATABASE_URL (a PostgreSQL server)");

type Kind = "plain" | "ask" | "wait";
/** One customer's message: when it was (scheduled to be) sent, the webhook's answer and when. */
type Sent = {
  kind: Kind;
  customer: string;
  ref: string;
  sentAt: number;
  status?: number;
  answeredAt?: number;
};

const graph = await startFakeGraph();
const server = await startBenchServer(
  {
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_GRAPH_URL: graph.url,
    WHATSAPP_ACCESS_TOKEN: "bench-token",
    BENCH_QUERY_COUNT_FILE: QUERY_COUNT_FILE,
  },
  { entry: "bench/lib/api-and-workers.ts" },
);
const sql = new pg.Client({ connectionString: server.databaseUrl });
await sql.connect();
const database = new URL(server.databaseUrl!).pathname.slice(1);
const dbCpu = databaseCpuTracker(process.env.BENCH_DATABASE_URL, database);
const client = metaWebhookClient(server.url, APP_SECRET, Math.max(connections, 64));
const serverPid = server.child.pid!;
const cpuNow = async () => ({ server: treeCpuSeconds(serverPid), db: await dbCpu.mark() });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const failures: string[] = [];
/**
 * VACUUM ANALYZE of the server's database between phases (BENCH_VACUUM=0: not): autovacuum is
 * off on the machine's shared PostgreSQL (not a production setting), and without it the new
 * tables keep no statistics (plans that read a business's every message, run or job per
 * statement) and pg-boss's job index fills with dead entries. Autovacuum does this in between.
 */
const vacuumAnalyze = async (label: string) => {
  if (!vacuum) return;
  const t0 = performance.now();
  await sql.query("VACUUM (ANALYZE)");
  console.log(`VACUUM ANALYZE ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
};

try {
  const phone = await whatsappCloudInbound(sql, server.businessId);
  await availableAgents(sql, server.businessId, agentCount);
  const { askFlowId, waitFlowId } = await benchFlows(server, 1);
  const otherFlows = (
    await sql.query(`SELECT 1 FROM flows WHERE business_id = $1 AND id <> ALL($2::uuid[])`, [
      server.businessId,
      [askFlowId, waitFlowId],
    ])
  ).rowCount;
  if (otherFlows)
    throw new Error(`the business has ${otherFlows} other flows: the plain baseline could match one`);
  await dbCpu.start();

  let seq = 0;
  const textOf = (kind: Kind, n: number) =>
    kind === "plain"
      ? `Hello, message ${n}`
      : kind === "ask"
        ? `Where is my ${ASK_KEYWORD} ${n}?`
        : WAIT_KEYWORD;
  const send = (kind: Kind, sentAt: number): { sent: Sent; done: Promise<void> } => {
    const customer = `9198${String(++seq).padStart(8, "0")}`;
    const sent: Sent = { kind, customer, ref: `wamid.bench.${uuidv7()}`, sentAt };
    const done = client.post(customerTextBody(phone, customer, sent.ref, textOf(kind, seq))).then(
      (status) => {
        sent.status = status;
        sent.answeredAt = performance.now();
      },
      () => void (sent.status = 0),
    );
    return { sent, done };
  };
  /** `n` messages (or until `until` says stop), `inFlight` at a time, each sent when the last answered. */
  const closedLoop = async (
    kind: Kind,
    inFlight: number,
    stop: (count: number, start: number) => boolean,
  ) => {
    const batch: Sent[] = [];
    const start = performance.now();
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (!stop(batch.length, start)) {
          const { sent, done } = send(kind, performance.now());
          batch.push(sent);
          await done;
        }
      }),
    );
    const last = Math.max(...batch.map((s) => s.answeredAt ?? performance.now()));
    return { batch, seconds: (last - start) / 1000, start };
  };
  /** Open loop at `perSec` for `seconds`: a slow answer does not delay the next send. */
  const paced = async (kind: Kind, perSec: number, seconds: number) => {
    const batch: Sent[] = [];
    const pending: Promise<void>[] = [];
    const t0 = performance.now() + 50;
    for (let i = 0; i < perSec * seconds; i++) {
      const at = t0 + (i * 1000) / perSec;
      const wait = at - performance.now();
      if (wait > 1) await sleep(wait);
      const { sent, done } = send(kind, at);
      batch.push(sent);
      pending.push(done);
    }
    await Promise.all(pending);
    return batch;
  };
  /**
   * Waits until the fake Graph API has every ask message's first reply and no message of the
   * business is left to dispatch (or SETTLE_MS pass), so the next phase pays for none of them.
   */
  const dispatched = async (batch: Sent[]) => {
    const asks = batch.filter((s) => s.kind === "ask");
    const end = Date.now() + SETTLE_MS;
    while (asks.some((s) => graph.firstTo(s.customer) === undefined) && Date.now() < end) await sleep(20);
    const undispatched = async () =>
      (
        await sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM messages WHERE business_id = $1 AND status = 'attempted'`,
          [server.businessId],
        )
      ).rows[0]!.n;
    while ((await undispatched()) > 0 && Date.now() < end) await sleep(100);
  };

  /**
   * Checks every message of `batch` became what its kind promises: plain ones stored and
   * routed to an agent with no run; ask ones stored, their run waiting at the question and its
   * reply stored for dispatch. Failures are counted for the verdict.
   */
  const verify = async (label: string, batch: Sent[]) => {
    const { rows } = await sql.query<{
      customer: string;
      stored: boolean;
      assignee: string | null;
      run_step: string | null;
      replies: number;
    }>(
      `SELECT c.customer,
              EXISTS (SELECT 1 FROM inbound_messages i WHERE i.business_id = c.business_id AND i."from" = c.customer) AS stored,
              c.assignee_id AS assignee,
              (SELECT r.step_id FROM flow_runs r WHERE r.business_id = c.business_id AND r.conversation_id = c.id AND r.state = 'waiting') AS run_step,
              (SELECT count(*)::int FROM messages m WHERE m.business_id = c.business_id AND m.recipient = c.customer) AS replies
       FROM conversations c WHERE c.business_id = $1 AND c.customer = ANY($2)`,
      [server.businessId, batch.map((s) => s.customer)],
    );
    const by = new Map(rows.map((r) => [r.customer, r]));
    let bad = 0;
    for (const s of batch) {
      const r = by.get(s.customer);
      const ok =
        s.status === 200 &&
        r?.stored &&
        (s.kind === "plain"
          ? r.assignee !== null && r.run_step === null && r.replies === 0
          : r.assignee === null && r.run_step === "ask" && r.replies >= 1);
      if (!ok) bad++;
    }
    if (bad > 0)
      failures.push(
        `${label}: ${bad} of ${batch.length} messages not answered 2xx and ${batch[0]?.kind === "plain" ? "stored + routed" : "stored with the run waiting and its reply"}`,
      );
    return batch.length - bad;
  };
  const quantiles = (xs: number[]) => {
    const s = Float64Array.from(xs).sort();
    const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
    return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: s.at(-1) ?? NaN, n: s.length };
  };
  const fmt = (q: ReturnType<typeof quantiles>) =>
    `${q.p50.toFixed(0)} / ${q.p95.toFixed(0)} / ${q.p99.toFixed(0)} / ${q.max.toFixed(0)}`;

  // Warm-up: 100 of each, 8 in flight; then (0) with nothing waiting.
  for (const kind of ["plain", "ask"] as const) {
    const { batch } = await closedLoop(kind, 8, (n) => n >= 100);
    await dispatched(batch);
    await verify(`warm-up ${kind}`, batch);
  }
  await vacuumAnalyze("after the warm-up");
  const idleNone = await idleCost(sql, database, serverPid, dbCpu, QUERY_COUNT_FILE, idleSeconds);
  console.log(`(0) idle, nothing waiting: ${JSON.stringify(idleNone)}`);

  // (1) Seed the runs waiting for an answer through the engine.
  const waitingNow = async () =>
    (
      await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM flow_runs WHERE business_id = $1 AND flow_id = $2 AND state = 'waiting'`,
        [server.businessId, askFlowId],
      )
    ).rows[0]!.n;
  const seedFrom = await waitingNow();
  // In parts of 2,500, each followed by what autovacuum would do as the tables grow.
  const seed = { batch: [] as Sent[], seconds: 0 };
  while (!wakeOnly && seedFrom + seed.batch.length < waiting) {
    const target = Math.min(waiting, seedFrom + seed.batch.length + 2_500);
    const part = await closedLoop("ask", connections, (n) => seedFrom + seed.batch.length + n >= target);
    seed.batch.push(...part.batch);
    seed.seconds += part.seconds;
    await dispatched(part.batch);
    await verify("seed", part.batch);
    if (seedFrom + seed.batch.length < waiting) await vacuumAnalyze(`after ${seed.batch.length} seeded`);
  }
  const seeded = await waitingNow();
  console.log(
    `(1) seeded: ${seed.batch.length} runs in ${seed.seconds.toFixed(1)} s (${(seed.batch.length / seed.seconds).toFixed(0)}/s), ${seeded} waiting`,
  );

  await vacuumAnalyze("after the seed");
  // (2) Throughput, plain then ask, each slice after the previous one's dispatch is done.
  const slice: Record<"plain" | "ask", Array<{ n: number; seconds: number; dispatchedSeconds: number }>> = {
    plain: [],
    ask: [],
  };
  const plainCpu = { server: 0, db: 0, n: 0 };
  for (let i = 0; i < (wakeOnly ? 0 : slices); i++)
    for (const kind of ["plain", "ask"] as const) {
      const from = Date.now();
      const c0 = await cpuNow();
      const r = await closedLoop(
        kind,
        connections,
        (_, start) => performance.now() - start >= sliceSeconds * 1000,
      );
      console.error(`PHASE slice-${kind} ${from} ${Date.now()}`);
      await dispatched(r.batch);
      if (kind === "plain") {
        const c1 = await cpuNow();
        plainCpu.server += c1.server - c0.server;
        plainCpu.db += c1.db - c0.db;
        plainCpu.n += r.batch.length;
      }
      const lastOut = Math.max(
        ...r.batch.map((s) => (kind === "ask" ? (graph.firstTo(s.customer) ?? NaN) : (s.answeredAt ?? NaN))),
      );
      slice[kind].push({
        n: await verify(`slice ${i + 1} ${kind}`, r.batch),
        seconds: r.seconds,
        dispatchedSeconds: (lastOut - r.start) / 1000,
      });
      console.log(
        `(2) slice ${i + 1} ${kind}: ${r.batch.length} in ${r.seconds.toFixed(1)} s = ${(r.batch.length / r.seconds).toFixed(0)}/s`,
      );
    }
  // (2b) The same ask slices with the fake Graph API holding its answers: the dispatcher's slots
  // wait on it, so the slice measures the inbound path (flow, reply stored for dispatch) alone.
  // Their CPU split: the inbound path while held, then the replies' dispatch once released.
  const heldSlices: Array<{ n: number; seconds: number }> = [];
  const heldCpu = { inbound: { server: 0, db: 0 }, dispatch: { server: 0, db: 0 }, n: 0 };
  for (let i = 0; i < (wakeOnly ? 0 : slices); i++) {
    graph.hold();
    const from = Date.now();
    const c0 = await cpuNow();
    const r = await closedLoop(
      "ask",
      connections,
      (_, start) => performance.now() - start >= sliceSeconds * 1000,
    );
    const c1 = await cpuNow();
    console.error(`PHASE held-ask ${from} ${Date.now()}`);
    graph.release();
    await dispatched(r.batch);
    const c2 = await cpuNow();
    heldCpu.inbound.server += c1.server - c0.server;
    heldCpu.inbound.db += c1.db - c0.db;
    heldCpu.dispatch.server += c2.server - c1.server;
    heldCpu.dispatch.db += c2.db - c1.db;
    heldCpu.n += r.batch.length;
    heldSlices.push({ n: await verify(`held slice ${i + 1}`, r.batch), seconds: r.seconds });
    console.log(`(2b) slice ${i + 1} ask, dispatch held: ${r.batch.length} in ${r.seconds.toFixed(1)} s`);
  }
  const rateOf = (xs: Array<{ n: number; seconds: number }>) =>
    xs.reduce((a, x) => a + x.n, 0) / xs.reduce((a, x) => a + x.seconds, 0);
  const plainRate = rateOf(slice.plain);
  const askRate = rateOf(slice.ask);
  const heldRate = rateOf(heldSlices);
  const askDispatchedRate = rateOf(slice.ask.map((x) => ({ n: x.n, seconds: x.dispatchedSeconds })));

  await vacuumAnalyze("after the throughput slices");
  // (3) Latency at `rate`/s, open loop: plain, then ask.
  const latency: Partial<
    Record<
      "plain" | "ask",
      {
        answered: ReturnType<typeof quantiles>;
        dispatched?: ReturnType<typeof quantiles>;
        cpu: { server: number; db: number };
        ok: number;
        n: number;
      }
    >
  > = {};
  for (const kind of wakeOnly ? [] : (["plain", "ask"] as const)) {
    const c0 = await cpuNow();
    const from = Date.now();
    const batch = await paced(kind, rate, duration);
    // The window for BENCH_TXN_TIMING's batch lines (bench/lib/txn-timing-summary.ts).
    console.error(`PHASE paced-${kind} ${from} ${Date.now()}`);
    await dispatched(batch);
    const c1 = await cpuNow();
    const ok = await verify(`paced ${kind}`, batch);
    latency[kind] = {
      answered: quantiles(
        batch.flatMap((s) => (s.answeredAt === undefined ? [] : [s.answeredAt - s.sentAt])),
      ),
      dispatched:
        kind === "ask"
          ? quantiles(
              batch.flatMap((s) => {
                const at = graph.firstTo(s.customer);
                return at === undefined ? [] : [at - s.sentAt];
              }),
            )
          : undefined,
      cpu: {
        server: ((c1.server - c0.server) * 1000) / batch.length,
        db: ((c1.db - c0.db) * 1000) / batch.length,
      },
      ok,
      n: batch.length,
    };
    console.log(`(3) paced ${kind}: p50/p95/p99/max ${fmt(latency[kind].answered)} ms`);
  }
  const runsWaitingForAnswers = await waitingNow();

  // The report.
  const verdict = (ok: boolean) => (ok ? "PASS" : "MISS");
  const ratio = askRate / plainRate;
  const askP99 = latency.ask?.answered.p99 ?? NaN;
  const idleRow = (label: string, i: IdleCost) =>
    `| ${label} | ${i.statementsPerSec.toFixed(1)} | ${i.commitsPerSec.toFixed(1)} | ${i.rowsReadPerSec.toFixed(0)} | ${i.serverCpuMsPerSec.toFixed(1)} / ${i.dbCpuMsPerSec.toFixed(1)} |`;
  console.log(
    `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, PostgreSQL at BENCH_DATABASE_URL, load average at start ${load0}, at end ${loadavg()[0]!.toFixed(2)}`,
  );
  console.log(
    `Command: BENCH_DATABASE_URL=${process.env.BENCH_DATABASE_URL} npx tsx bench/flows.ts (${agentCount} agents; ${waiting} runs waiting for answers; ${slices} x ${sliceSeconds} s slices, ${connections} in flight; ${rate}/s for ${duration} s; ${wakes} wakes, window ${wakeWindow} s)\n`,
  );
  if (!wakeOnly) {
    console.log(
      "| measure | plain inbound (stored + routed) | flow: reply accepted for dispatch |\n|---|---:|---:|",
    );
    console.log(
      `| (2) throughput, messages/s (${slices} slices each) | ${plainRate.toFixed(0)} | ${askRate.toFixed(0)} (dispatched to the Graph API: ${askDispatchedRate.toFixed(0)}) |`,
    );
    console.log(
      `| (2b) throughput with the replies' dispatch held at the Graph API, messages/s | | ${heldRate.toFixed(0)} (${((heldRate / plainRate) * 100).toFixed(0)}% of plain) |`,
    );
    const perHeld = (x: { server: number; db: number }) =>
      `${((x.server * 1000) / heldCpu.n).toFixed(2)} / ${((x.db * 1000) / heldCpu.n).toFixed(2)}`;
    console.log(
      `| (2) / (2b) CPU ms per message, server / PostgreSQL; flow: the inbound path (held), then the replies' dispatch (released) | ${((plainCpu.server * 1000) / plainCpu.n).toFixed(2)} / ${((plainCpu.db * 1000) / plainCpu.n).toFixed(2)} | ${perHeld(heldCpu.inbound)}, then ${perHeld(heldCpu.dispatch)} |`,
    );
    console.log(
      `| (2) slices, messages/s | ${slice.plain.map((s) => (s.n / s.seconds).toFixed(0)).join(", ")} | ${slice.ask.map((s) => (s.n / s.seconds).toFixed(0)).join(", ")} |`,
    );
    console.log(
      `| (3) ${rate}/s: webhook -> 2xx p50 / p95 / p99 / max ms | ${fmt(latency.plain!.answered)} | ${fmt(latency.ask!.answered)} |`,
    );
    console.log(
      `| (3) ${rate}/s: webhook -> reply at the Graph API p50 / p95 / p99 / max ms | | ${fmt(latency.ask!.dispatched!)} |`,
    );
    console.log(
      `| (3) complete / sent | ${latency.plain!.ok} / ${latency.plain!.n} | ${latency.ask!.ok} / ${latency.ask!.n} |`,
    );
    console.log(
      `| (3) CPU ms per message: server / PostgreSQL | ${latency.plain!.cpu.server.toFixed(2)} / ${latency.plain!.cpu.db.toFixed(2)} | ${latency.ask!.cpu.server.toFixed(2)} / ${latency.ask!.cpu.db.toFixed(2)} |`,
    );
    console.log(
      `\nRuns waiting for answers during (2) and (3): ${seeded} at the start, ${runsWaitingForAnswers} at the end. Seeding: ${(seed.batch.length / seed.seconds).toFixed(0)} runs/s.`,
    );
  }
  if (!wakeOnly) {
    console.log(
      `goal p99 <= 300 ms at ${rate}/s with ${runsWaitingForAnswers} runs waiting: ${askP99.toFixed(0)} ms -> ${verdict(askP99 <= 300)}`,
    );
    console.log(
      `goal throughput >= 75% of plain inbound: ${(ratio * 100).toFixed(0)}% -> ${verdict(ratio >= 0.75)}`,
    );
  }
  console.log(`\npeak server RSS ${server.peakRssMiB()} MiB`);
  if (!inboundOnly) {
    // (4) Wake: a sample through the engine, copies by SQL, all due at T.
    const wakeSent: Sent[] = [];
    for (let i = 0; i < wakeSample; i++) {
      const { sent, done } = send("wait", performance.now());
      await done;
      wakeSent.push(sent);
    }
    const sampleRows = (
      await sql.query<{
        run_id: string;
        conversation_id: string;
        wake_id: string;
        customer: string;
        due: Date;
      }>(
        `SELECT r.id AS run_id, r.conversation_id, r.wake_id, c.customer, r.wake_at AS due
         FROM flow_runs r JOIN conversations c ON c.id = r.conversation_id
         WHERE r.wake_at IS NOT NULL AND r.business_id = $1 AND r.flow_id = $2 AND r.state = 'waiting' AND r.step_id = 'pause'
         ORDER BY r.id`,
        [server.businessId, waitFlowId],
      )
    ).rows;
    if (sampleRows.length !== wakeSample)
      throw new Error(`${sampleRows.length} of ${wakeSample} wait runs are waiting with a timer`);
    const first = sampleRows[0]!;
    const sampleRunIds = sampleRows.map((r) => r.run_id);
    const firstRef = wakeSent.find((s) => s.customer === first.customer)!.ref;
    let cloneT0 = performance.now();
    const clones = await cloneWaitRuns(
      sql,
      {
        conversationId: first.conversation_id,
        runId: first.run_id,
        wakeId: first.wake_id,
        customer: first.customer,
        ref: firstRef,
      },
      wakes,
      "9177",
    );
    let cloneSeconds = (performance.now() - cloneT0) / 1000;
    await vacuumAnalyze("after the copies");
    // T: the sample's own wake time, or later if the jobs, the check and the idle measure need longer.
    const [{ t }] = (
      await sql.query<{ t: Date }>(
        `SELECT greatest($1::timestamptz, now() + make_interval(secs => $2)) AS t`,
        [first.due, idleSeconds + 11 + 45],
      )
    ).rows as [{ t: Date }];
    cloneT0 = performance.now();
    await clones.setDue(t, wakeSpread);
    cloneSeconds += (performance.now() - cloneT0) / 1000;
    const differences = await clonesMatchSample(
      sql,
      {
        conversationId: first.conversation_id,
        runId: first.run_id,
        wakeId: first.wake_id,
        customer: first.customer,
        ref: firstRef,
      },
      clones.runIds[0]!,
    );
    if (differences.length > 0)
      failures.push(`copies differ from the engine's rows: ${differences.join("; ")}`);
    console.log(
      `(4) ${wakes} copies written in ${cloneSeconds.toFixed(1)} s, due ${t.toISOString()}; identical to the engine's rows: ${differences.length === 0}`,
    );
    const idleMany = await idleCost(sql, database, serverPid, dbCpu, QUERY_COUNT_FILE, idleSeconds);
    // The idle measure counts only if it ended before T (the copies' jobs written in time).
    if (Date.now() >= t.getTime())
      failures.push(
        `the idle measure with ${wakes} waits ended after T: the copies took too long, it measured waking`,
      );
    console.log(
      `(4) idle, ${wakes + wakeSample} waits and ${runsWaitingForAnswers} answers waiting: ${JSON.stringify(idleMany)}`,
    );

    // From T: how many of the copies have woken, until all or the window ends.
    const untilT = t.getTime() - Date.now();
    if (untilT > 0) await sleep(untilT);
    const w0 = { cpu: await cpuNow(), statements: statementsSoFar(QUERY_COUNT_FILE), at: performance.now() };
    const wokenCount = async () =>
      (
        await sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM flow_runs
           WHERE business_id = $1 AND flow_id = $2 AND state <> 'waiting' AND id <> ALL($3::uuid[])`,
          [server.businessId, waitFlowId, sampleRunIds],
        )
      ).rows[0]!.n;
    let woken = 0;
    while (performance.now() - w0.at < wakeWindow * 1000) {
      await sleep(2000);
      woken = await wokenCount();
      if (woken >= wakes) break;
    }
    const w1 = { cpu: await cpuNow(), statements: statementsSoFar(QUERY_COUNT_FILE), at: performance.now() };
    woken = await wokenCount();
    const wokeAfter = (
      await sql.query<{ ms: number }>(
        // Each copy against its own due time (T, or T + (n - 1) / BENCH_WAKE_SPREAD s when spread).
        `SELECT extract(epoch FROM (r.ended_at - ($3::timestamptz
                  + make_interval(secs => CASE WHEN $4 > 0 THEN (c.n - 1)::float8 / $4 ELSE 0 END)))) * 1000 AS ms
         FROM unnest($2::uuid[]) WITH ORDINALITY AS c(id, n) JOIN flow_runs r ON r.id = c.id
         WHERE r.business_id = $1 AND r.ended_at IS NOT NULL`,
        [server.businessId, clones.runIds, t, wakeSpread],
      )
    ).rows.map((r) => Number(r.ms));
    const wake = quantiles(wokeAfter);
    const windowSeconds = (w1.at - w0.at) / 1000;
    const wakeRate = woken / windowSeconds;
    const sampleWoke = (
      await sql.query<{ n: number; late_ms: number | null }>(
        `SELECT count(*)::int AS n, max(extract(epoch FROM (r.ended_at - $3::timestamptz)) * 1000) AS late_ms
         FROM flow_runs r WHERE r.business_id = $1 AND r.id = ANY($2::uuid[]) AND r.state = 'completed'`,
        [server.businessId, sampleRunIds, first.due],
      )
    ).rows[0]!;
    // The floor in the same run: one bare UPDATE of the same 100,000 runs' rows (no locks, no
    // steps, no conversations): what writing each woken run's row alone costs on this machine now.
    const bareT0 = performance.now();
    await sql.query(
      `UPDATE flow_runs SET updated_at = now() WHERE business_id = $1 AND id = ANY($2::uuid[])`,
      [server.businessId, clones.runIds],
    );
    const bareSeconds = (performance.now() - bareT0) / 1000;
    const perWake = (s: number) => (woken > 0 ? ((s * 1000) / woken).toFixed(2) : "n/a");

    const allWoken =
      woken >= wakes
        ? wake.max + (wakeSpread > 0 ? ((wakes - 1) / wakeSpread) * 1000 : 0)
        : (wakes / wakeRate) * 1000;
    console.log(
      "\n| idle | statements/s (server) | commits/s | rows read/s | CPU ms/s server / PostgreSQL |\n|---|---:|---:|---:|---:|",
    );
    console.log(idleRow("(0) nothing waiting", idleNone));
    console.log(
      idleRow(`(4) ${wakes + wakeSample} waits + ${runsWaitingForAnswers} answers waiting`, idleMany),
    );
    console.log(
      `\n| wake of ${wakes} runs due ${wakeSpread > 0 ? `from T, ${wakeSpread}/s` : "at T"} | value |\n|---|---:|`,
    );
    console.log(
      `| copies written (conversations, messages, events, runs, steps) | ${cloneSeconds.toFixed(1)} s, identical: ${differences.length === 0} |`,
    );
    console.log(`| woken within the ${windowSeconds.toFixed(0)} s window | ${woken} of ${wakes} |`);
    console.log(
      `| woken after ${wakeSpread > 0 ? "their due time" : "T"} p50 / p95 / p99 / max ms (of those woken) | ${fmt(wake)} |`,
    );
    console.log(`| wake rate | ${wakeRate.toFixed(0)}/s |`);
    console.log(
      `| CPU ms per wake: server / PostgreSQL | ${perWake(w1.cpu.server - w0.cpu.server)} / ${perWake(w1.cpu.db - w0.cpu.db)} |`,
    );
    console.log(
      `| statements per wake (server) | ${woken > 0 ? ((w1.statements - w0.statements) / woken).toFixed(1) : "n/a"} |`,
    );
    console.log(
      `| all ${wakes} woken after T (measured, or at this rate) | ${(allWoken / 1000).toFixed(1)} s |`,
    );
    console.log(
      `| baseline, same run: one bare UPDATE of the ${wakes} runs' rows | ${bareSeconds.toFixed(1)} s (wake all / bare update = ${(allWoken / 1000 / bareSeconds).toFixed(1)}x) |`,
    );
    console.log(
      `| the engine's own sample (${wakeSample}): woken / latest after its due time | ${sampleWoke.n} / ${sampleWoke.late_ms === null ? "n/a" : `${Number(sampleWoke.late_ms).toFixed(0)} ms`} |`,
    );
    console.log(
      wakeSpread > 0
        ? `goal ${wakes} waits each woken within 5 s of its time: ${woken} woken, latest ${(wake.max / 1000).toFixed(1)} s late -> ${verdict(woken >= wakes && wake.max <= 5000)}`
        : `goal ${wakes} waits woken within 5 s of T: ${(allWoken / 1000).toFixed(1)} s -> ${verdict(woken >= wakes && wake.max <= 5000)}`,
    );
    const perRunIdle =
      (idleMany.statementsPerSec - idleNone.statementsPerSec) / (wakes + wakeSample + runsWaitingForAnswers);
    console.log(
      `goal no poll per waiting run: ${perRunIdle.toExponential(1)} more statements/s per waiting run -> ${verdict(perRunIdle < 1e-3)}`,
    );
  }
  if (failures.length > 0) {
    console.error(`FAILED:\n${failures.join("\n")}`);
    process.exitCode = 1;
  }
} finally {
  await client.close();
  await dbCpu.stop();
  await sql.end();
  await server.stop();
  await graph.close();
  rmSync(QUERY_COUNT_FILE, { force: true });
}
