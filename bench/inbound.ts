// Inbound: customers' messages arriving as signed WhatsApp webhooks
// (POST /api/webhooks/whatsapp, X-Hub-Signature-256 as Meta signs them), each from a new
// customer, so each opens a conversation that routing assigns to one of BENCH_AGENTS (default
// 50) Available agents, every one signed in through next-auth and following its inbox on its
// own GET /inbox/events stream (server-sent events).
// (1) Paced: BENCH_RATE (default 200) webhooks/s for BENCH_DURATION s (default 20). Latency of
//     a message = from its scheduled send time (open loop: a slow answer does not delay the
//     next send) to the first `event: conversation` naming its conversation on the stream of
//     the agent it was assigned to (the assignee read from the database afterwards).
// (2) Throughput: BENCH_SLICES (default 3) slices of BENCH_SLICE seconds (default 5), each
//     BENCH_CONNECTIONS (default 16) webhooks in flight back to back; the rate is the slice's
//     messages over the time from its start to the last one pushed to its agent's stream.
//     Before each slice the bare route (GET /api/health, autocannon, same connections, same
//     length) runs, so both see the same machine; the ratio is printed (goal >= 20%).
// A message counts when it is stored (inbound_messages), routed (its conversation has an
// assignee) and pushed (seen on that assignee's stream); any non-2xx webhook or any message
// not stored, routed and pushed within 30 s fails the run. Routing's open limit is raised with
// SQL so the limit is not what is measured. The server runs ROLE=all (dashboard, API and
// workers, the production default; needs `npm run build`) on a fresh PostgreSQL database.
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/inbound.ts
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { uuidv7 } from "../lib/ids";
import { signedInAgents } from "./lib/agents";
import { databaseCpuTracker, treeCpuSeconds } from "./lib/cpu";
import { openInboxStreams, type InboxStreams } from "./lib/inbox-streams";
import { load, type LoadResult } from "./lib/load";
import { whatsappCloudInbound } from "./lib/inbound-setup";
import { customerTextBody, metaWebhookClient } from "./lib/meta-webhooks";
import { startBenchServer } from "./lib/server-process";

const agentCount = Number(process.env.BENCH_AGENTS ?? 50);
const rate = Number(process.env.BENCH_RATE ?? 200);
const duration = Number(process.env.BENCH_DURATION ?? 20);
const slices = Number(process.env.BENCH_SLICES ?? 3);
const sliceSeconds = Number(process.env.BENCH_SLICE ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SETTLE_MS = 30_000;
const APP_SECRET = `bench-app-secret-${uuidv7()}`;
const load1 = loadavg()[0]!.toFixed(2);
if (!process.env.BENCH_DATABASE_URL) throw new Error("set BENCH_DATABASE_URL (a PostgreSQL server)");

/** One customer's message: when it was (scheduled to be) sent and the webhook's answer. */
type Sent = { customer: string; ref: string; sentAt: number; status?: number };
/** What became of it: stored, routed (assignee), and when the assignee's stream told of it. */
type Outcome = Sent & { stored: boolean; assignee: string | null; pushedAt?: number };

const server = await startBenchServer({ ROLE: "all", WHATSAPP_APP_SECRET: APP_SECRET });
const sql = new pg.Client({ connectionString: server.databaseUrl });
await sql.connect();
const dbCpu = databaseCpuTracker(
  process.env.BENCH_DATABASE_URL,
  new URL(server.databaseUrl!).pathname.slice(1),
);
let streams: InboxStreams | undefined;
const client = metaWebhookClient(server.url, APP_SECRET, Math.max(connections, 64));
try {
  const phone = await whatsappCloudInbound(sql, server.businessId);
  const agents = await signedInAgents(server, agentCount);
  streams = await openInboxStreams(server.url, agents);
  await dbCpu.start();

  let customerSeq = 0;
  const send = (sentAt: number): { sent: Sent; done: Promise<void> } => {
    const customer = `9198${String(++customerSeq).padStart(8, "0")}`;
    const sent: Sent = { customer, ref: `wamid.bench.${uuidv7()}`, sentAt };
    const body = customerTextBody(phone, customer, sent.ref, `Hello, message ${customerSeq}`);
    const done = client.post(body).then(
      (status) => void (sent.status = status),
      () => void (sent.status = 0),
    );
    return { sent, done };
  };

  /** Waits until every message is seen on its assignee's stream (or SETTLE_MS pass). */
  const settle = async (batch: Sent[]): Promise<Outcome[]> => {
    const refs = batch.map((s) => s.ref);
    const stored = new Set(
      (
        await sql.query<{ ref: string }>(
          `SELECT provider_message_id AS ref FROM inbound_messages WHERE business_id = $1 AND provider_message_id = ANY($2)`,
          [server.businessId, refs],
        )
      ).rows.map((r) => r.ref),
    );
    const conversations = new Map(
      (
        await sql.query<{ customer: string; id: string; assignee_id: string | null }>(
          `SELECT customer, id, assignee_id FROM conversations WHERE business_id = $1 AND customer = ANY($2)`,
          [server.businessId, batch.map((s) => s.customer)],
        )
      ).rows.map((r) => [r.customer, r]),
    );
    const outcomes = (): Outcome[] =>
      batch.map((s) => {
        const c = conversations.get(s.customer);
        const pushedAt = c?.assignee_id ? streams!.firstSeen(c.assignee_id, c.id) : undefined;
        return { ...s, stored: stored.has(s.ref), assignee: c?.assignee_id ?? null, pushedAt };
      });
    const end = Date.now() + SETTLE_MS;
    while (outcomes().some((o) => o.assignee && o.pushedAt === undefined) && Date.now() < end)
      await new Promise((r) => setTimeout(r, 20));
    return outcomes();
  };
  const complete = (o: Outcome) =>
    o.status === 200 && o.stored && o.assignee !== null && o.pushedAt !== undefined;

  // Warm-up: 200 messages, 8 in flight.
  const warm: Sent[] = [];
  for (let i = 0; i < 25; i++) {
    const batch = Array.from({ length: 8 }, () => send(performance.now()));
    await Promise.all(batch.map((b) => b.done));
    warm.push(...batch.map((b) => b.sent));
  }
  await settle(warm);

  // (1) Paced at `rate`/s, open loop.
  const cpu0 = { server: treeCpuSeconds(server.child.pid!), db: await dbCpu.mark() };
  const paced: Sent[] = [];
  const pending: Promise<void>[] = [];
  const total = rate * duration;
  const t0 = performance.now() + 50;
  for (let i = 0; i < total; i++) {
    const at = t0 + (i * 1000) / rate;
    const wait = at - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const { sent, done } = send(at);
    paced.push(sent);
    pending.push(done);
  }
  await Promise.all(pending);
  const pacedOut = await settle(paced);
  const pacedCpu = {
    server: treeCpuSeconds(server.child.pid!) - cpu0.server,
    db: (await dbCpu.mark()) - cpu0.db,
  };
  const latencies = Float64Array.from(
    pacedOut.flatMap((o) => (o.pushedAt === undefined ? [] : [o.pushedAt - o.sentAt])),
  ).sort();
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;

  // (2) Throughput, each slice after a bare-route slice.
  const bare: LoadResult[] = [];
  const inbound: Array<{ messages: number; seconds: number; outcomes: Outcome[] }> = [];
  for (let s = 0; s < slices; s++) {
    bare.push(
      await load(`bare route GET /api/health, slice ${s + 1}`, {
        url: `${server.url}/api/health`,
        duration: sliceSeconds,
        connections,
      }),
    );
    const batch: Sent[] = [];
    const start = performance.now();
    const deadline = start + sliceSeconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < deadline) {
          const { sent, done } = send(performance.now());
          batch.push(sent);
          await done;
        }
      }),
    );
    const outcomes = await settle(batch);
    const last = Math.max(...outcomes.map((o) => o.pushedAt ?? performance.now()));
    inbound.push({ messages: batch.length, seconds: (last - start) / 1000, outcomes });
  }

  const all = [...pacedOut, ...inbound.flatMap((i) => i.outcomes)];
  const count = (f: (o: Outcome) => boolean, xs = all) => xs.filter(f).length;
  const inboundRate =
    inbound.reduce((n, i) => n + i.messages, 0) / inbound.reduce((n, i) => n + i.seconds, 0);
  const bareRate = bare.reduce((n, b) => n + b.okPerSec, 0) / bare.length;
  const ratio = inboundRate / bareRate;
  const p99 = at(0.99);
  const perMessageMs = (s: number) => ((s * 1000) / paced.length).toFixed(2);

  console.log(
    `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, PostgreSQL, load average at start ${load1}, at end ${loadavg()[0]!.toFixed(2)}`,
  );
  console.log(
    `Command: BENCH_DATABASE_URL=${process.env.BENCH_DATABASE_URL} npx tsx bench/inbound.ts (${agentCount} agents, ${rate}/s for ${duration} s; ${slices} x ${sliceSeconds} s throughput slices, ${connections} in flight)\n`,
  );
  console.log("| measure | value |\n|---|---:|");
  console.log(
    `| (1) paced webhooks sent / 2xx | ${paced.length} / ${count((o) => o.status === 200, pacedOut)} |`,
  );
  console.log(
    `| (1) stored / routed / pushed to the assignee | ${count((o) => o.stored, pacedOut)} / ${count((o) => o.assignee !== null, pacedOut)} / ${latencies.length} |`,
  );
  console.log(
    `| (1) webhook -> assignee's stream p50 / p95 / p99 / max ms | ${at(0.5).toFixed(0)} / ${at(0.95).toFixed(0)} / ${p99.toFixed(0)} / ${(latencies.at(-1) ?? NaN).toFixed(0)} |`,
  );
  console.log(
    `| (1) CPU ms per message: server / PostgreSQL (own database) | ${perMessageMs(pacedCpu.server)} / ${perMessageMs(pacedCpu.db)} |`,
  );
  console.log(
    `| events on all ${agentCount} streams / messages sent, all phases (one change per message) | ${streams.events()} / ${customerSeq} |`,
  );
  inbound.forEach((i, s) =>
    console.log(
      `| (2) slice ${s + 1}: bare 2xx/s / inbound messages/s stored+routed+pushed | ${bare[s]!.okPerSec} / ${(i.messages / i.seconds).toFixed(0)} (${i.messages} in ${i.seconds.toFixed(1)} s) |`,
    ),
  );
  console.log(
    `| (2) all slices: bare / inbound / ratio | ${bareRate.toFixed(0)} / ${inboundRate.toFixed(0)} / ${(ratio * 100).toFixed(1)}% |`,
  );
  console.log(`\npeak server RSS ${server.peakRssMiB()} MiB`);
  const verdict = (ok: boolean) => (ok ? "PASS" : "MISS");
  console.log(
    `goal p99 <= 500 ms at ${rate}/s with ${agentCount} agents: ${p99.toFixed(0)} ms -> ${verdict(p99 <= 500)}`,
  );
  console.log(
    `goal throughput >= 20% of the bare route: ${(ratio * 100).toFixed(1)}% -> ${verdict(ratio >= 0.2)}`,
  );
  const failed = all.length - count(complete);
  if (failed > 0 || warm.some((w) => w.status !== 200)) {
    console.error(
      `FAILED: ${failed} of ${all.length} messages not answered 2xx, stored, routed and pushed (non-2xx ${count((o) => o.status !== 200)}, not stored ${count((o) => !o.stored)}, not routed ${count((o) => o.assignee === null)}, not pushed ${count((o) => o.pushedAt === undefined)})`,
    );
    process.exitCode = 1;
  }
} finally {
  streams?.close();
  await client.close();
  await dbCpu.stop();
  await sql.end();
  await server.stop();
}
