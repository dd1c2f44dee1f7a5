// B1 bulk send with 10,000 subscribers: the time to answer; then end to end on the
// simulator with zero delays and the sender limit raised to 1,000/s (Meta's top tier):
// accepted -> sent -> delivered -> read for every message, and every status callback (3 per
// message) delivered to and acknowledged by a local receiver (its own process, verifying every
// signature); then B2 for the 10,000-message transaction and B3; and the server's peak memory.
// Run 1 is the one 10,000-subscriber request (one sender, so at most 1,000 messages/s by
// design); run 2 sends the same number of messages as BENCH_SENDERS (default 8) B1 requests on
// as many senders at once, so the per-sender limit is not what is measured (the senders are
// added to the channel with SQL, on the embedded database through its socket). Run 2 is the
// one to compare with the floor. On PostgreSQL the script then runs itself again on the
// embedded database (the default a new user runs) and prints both side by side.
// Before and after the runs, the floor (bench/lib/callback-floor.ts: the same 3
// signed callbacks per message to the same receiver from a bare loop, no database, no queue);
// each run's end-to-end rate is printed as a share of it, and so is its CPU per message; also
// CPU per message of server + PostgreSQL without the receiver.
// Server: API and workers in one process (bench/lib/api-and-workers.ts, ROLE=all minus the
// dashboard). Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/bulk.ts
// Env: BENCH_N (default 10000), BENCH_SENDERS (default 8), BENCH_DATABASE_URL (PostgreSQL
// server; default embedded), BENCH_EMBEDDED=0 (on PostgreSQL, skip the embedded runs),
// BENCH_TIMELINE=1 (prints callbacks received and server CPU every ~100 ms of each run).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { runFloor, type FloorResult } from "./lib/callback-floor";
import { databaseCpuTracker, postgresCpuSeconds, processCpuSeconds, treeCpuSeconds } from "./lib/cpu";
import { approvedTemplate, bulkBody, subscribeReceiver, withSenders } from "./lib/messaging-setup";
import { startReceiver } from "./lib/receiver";
import { rowWrites, rowWritesPerMessage } from "./lib/row-writes";
import { FAST_PIPELINE_ENV } from "./lib/pipeline-env";
import { startBenchServer } from "./lib/server-process";

const N = Number(process.env.BENCH_N ?? 10_000);
// Run 2's senders: enough that the 1,000/s per-sender limit is not what is measured.
const SENDERS = Math.max(2, Number(process.env.BENCH_SENDERS ?? 8));
const load1 = loadavg()[0]!.toFixed(2);

const receiver = await startReceiver();
const rxPort = receiver.port;
const counts = receiver.counts;

const server = await startBenchServer(
  {
    ...FAST_PIPELINE_ENV,
  },
  { entry: "bench/lib/api-and-workers.ts" },
);
const report: string[] = [];
/** Each run's figures, for the table beside the other database's (printSideBySide). */
const summary: RunSummary[] = [];
// PostgreSQL CPU: only the backends of this server's database when on a PostgreSQL server
// (which other users may share), else every postgres process (none with the embedded one).
const dbCpu = server.databaseUrl
  ? databaseCpuTracker(process.env.BENCH_DATABASE_URL!, new URL(server.databaseUrl).pathname.slice(1))
  : undefined;
await dbCpu?.start();
const pgCpu = async () => (dbCpu ? dbCpu.mark() : postgresCpuSeconds());
try {
  const { name, phoneNumberId } = await approvedTemplate(server, "bench_bulk", [
    { type: "BODY", text: "Hi {{1}}, report {{2}} is ready.", example: { body_text: [["Sunil", "1234"]] } },
    {
      type: "BUTTONS",
      buttons: [{ type: "URL", text: "Open", url: "https://school.example.com/r{{1}}", example: ["?id=1"] }],
    },
  ]);
  const senders = await withSenders(server, phoneNumberId, SENDERS, "simbench");
  const secret = await subscribeReceiver(server, receiver);
  const bulkBodyOf = (n: number, first: number, sender = phoneNumberId) =>
    bulkBody({ name, n, first, sender, withButton: true });
  const b1Url = `${server.url}/api/v2/message/${server.businessId}/template?apikey=${server.apiKey}`;
  const post = (body: string) =>
    fetch(b1Url, { method: "POST", headers: { "content-type": "application/json" }, body });

  // Warm-up: one bulk of 2,500 (more than one insert chunk) through the whole pipeline (JIT of
  // the bulk path, pools, libphonenumber metadata, statement plans),
  // finished before the measured run; its callbacks are subtracted.
  const WARM = 2_500;
  await new Promise((r) => setTimeout(r, 2_500)); // the channel cache (MESSAGES_CACHE_MS) sees the new sender
  await post(bulkBodyOf(WARM, 5_000_000));
  while (counts().unique < WARM * 3) await new Promise((r) => setTimeout(r, 100));

  const statusUrl = (transactionId: string, kind: string) =>
    `${server.url}/api/v2/message/${server.businessId}/status/${transactionId}/${kind}?apikey=${server.apiKey}`;
  // The floor: the same 3 signed callbacks per message to the same receiver from a
  // bare loop, before and after the pipeline runs; the pipeline is reported as a share of it.
  const floors: Array<FloorResult & { cpuMs: number }> = [];
  const floor = async (label: string) => {
    const rx0 = processCpuSeconds(receiver.pid);
    const f = await runFloor(rxPort, secret, N, Number(process.env.CALLBACK_CONCURRENCY ?? 64));
    const rxMs = ((processCpuSeconds(receiver.pid) - rx0) * 1000) / N;
    floors.push({ ...f, cpuMs: f.cpuMsPerMessage + rxMs });
    report.push(
      `floor (${label}): ${N} messages' ${N * 3} signed callbacks from a bare loop (no database, no queue) in ${f.seconds.toFixed(2)} s => **${Math.round(f.perSecond)} messages/s**; CPU ms per message: loop ${f.cpuMsPerMessage.toFixed(2)}, receiver ${rxMs.toFixed(2)}`,
    );
  };
  await floor("before");
  const rates: Array<{ label: string; perSecond: number; cpuMs: number; ownCpuMs: number }> = [];

  /** Sends the requests at once, then waits for every message read and every callback acknowledged. */
  const endToEnd = async (label: string, requests: Array<{ n: number; first: number; sender: string }>) => {
    const bodies = requests.map((r) => bulkBodyOf(r.n, r.first, r.sender));
    const total = requests.reduce((sum, r) => sum + r.n, 0);
    const writes0 = server.databaseUrl ? await rowWrites(server.databaseUrl) : undefined;
    const cpu0 = {
      server: treeCpuSeconds(server.child.pid!),
      postgres: await pgCpu(),
      receiver: processCpuSeconds(receiver.pid),
    };
    const t0 = performance.now();
    const answers = await Promise.all(
      bodies.map(async (body) => {
        const res = await post(body);
        const ms = performance.now() - t0;
        if (res.status !== 200) throw new Error(`B1 ${res.status}: ${(await res.text()).slice(0, 500)}`);
        return { ms, kib: body.length / 1024, ...((await res.json()) as { transactionId: string }) };
      }),
    );
    report.push(
      `${label}: B1 answered in ${answers.map((a) => `${a.ms.toFixed(0)} ms (${a.kib.toFixed(0)} KiB body)`).join(" and ")}`,
    );
    // The run's end is seen by the receiver: every message read when as many distinct `read`
    // callbacks have arrived, the end when every callback has. Nothing polls the server under
    // test during the run (B3 was polled here, 40 queries a second with 8 transactions, about
    // 0.03 ms of PostgreSQL per message); B3 confirms every message read once it is over.
    const before = counts();
    let readAt = 0;
    const timeline: string[] = [];
    for (let tick = 0; ; tick++) {
      const c = counts();
      if (!readAt && c.reads - before.reads >= total) readAt = performance.now();
      if (c.unique - before.unique >= total * 3) break;
      if (process.env.BENCH_TIMELINE && tick % 5 === 0)
        timeline.push(
          `${((performance.now() - t0) / 1000).toFixed(2)} s: ${c.unique - before.unique} callbacks (${c.reads - before.reads} read), CPU s: server ${(treeCpuSeconds(server.child.pid!) - cpu0.server).toFixed(2)}, PostgreSQL ${((await pgCpu()) - cpu0.postgres).toFixed(2)}, receiver ${(processCpuSeconds(receiver.pid) - cpu0.receiver).toFixed(2)}`,
        );
      if (performance.now() - t0 > 600_000) throw new Error(`timeout: callbacks ${JSON.stringify(c)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const done = performance.now();
    if (timeline.length > 0) console.log(`${label}, timeline:\n${timeline.join("\n")}`);
    const perMessage = (sec: number) => ((sec * 1000) / total).toFixed(2);
    const c = counts();
    const serverS = treeCpuSeconds(server.child.pid!) - cpu0.server;
    const postgresS = (await pgCpu()) - cpu0.postgres;
    const receiverS = processCpuSeconds(receiver.pid) - cpu0.receiver;
    const partials = await Promise.all(
      answers.map(
        async (a) =>
          (await (await fetch(statusUrl(a.transactionId, "partial"))).json()) as Record<string, number>,
      ),
    );
    if (partials.reduce((sum, p) => sum + p.read!, 0) !== total)
      throw new Error(`not every message read: ${JSON.stringify(partials)}`);
    rates.push({
      label,
      perSecond: total / ((done - t0) / 1000),
      cpuMs: ((serverS + postgresS + receiverS) * 1000) / total,
      ownCpuMs: ((serverS + postgresS) * 1000) / total,
    });
    report.push(
      `${label}: all ${total} read (their read callbacks received) after ${((readAt - t0) / 1000).toFixed(2)} s (${Math.round(total / ((readAt - t0) / 1000))} messages/s)`,
      `${label}: end to end incl. ${total * 3} callbacks acknowledged: ${((done - t0) / 1000).toFixed(2)} s => **${Math.round(total / ((done - t0) / 1000))} messages/s** (${Math.round((total * 3) / ((done - t0) / 1000))} callbacks/s; receiver so far: ${c.ok} ok, ${c.bad} bad signatures, ${c.unique} unique)`,
      `${label}: CPU ms per message: server ${perMessage(serverS)}, PostgreSQL ${perMessage(postgresS)}, receiver ${perMessage(receiverS)}; server + PostgreSQL without the receiver **${perMessage(serverS + postgresS)}**`,
    );
    if (writes0)
      report.push(`${label}: ${rowWritesPerMessage(writes0, await rowWrites(server.databaseUrl!), total)}`);
    return answers;
  };

  const [single] = await endToEnd(`run 1, one request of ${N} on one sender`, [
    { n: N, first: 1_000_000, sender: phoneNumberId },
  ]);
  if (senders.length > 1) {
    const half = Math.ceil(N / senders.length);
    await endToEnd(
      `run 2, ${senders.length} requests of ${half} on ${senders.length} senders at once`,
      senders.map((sender, k) => ({ n: half, first: 2_000_000 + k * half, sender })),
    );
  }
  await floor("after");
  const floorRate = floors.reduce((sum, f) => sum + f.perSecond, 0) / floors.length;
  const floorCpu = floors.reduce((sum, f) => sum + f.cpuMs, 0) / floors.length;
  // Two ratios: of rates (the goal; swings with the machine's other load) and of CPU per
  // message, all processes included (what the rates tend to on a quiet, CPU-bound machine).
  summary.push(
    ...rates.map((r) => ({
      run: r.label.slice(0, 5),
      perSecond: r.perSecond,
      share: r.perSecond / floorRate,
      ownCpuMs: r.ownCpuMs,
    })),
  );
  for (const r of rates)
    report.push(
      `${r.label}: end to end = **${((100 * r.perSecond) / floorRate).toFixed(0)}% of the floor** (${Math.round(r.perSecond)} / ${Math.round(floorRate)} messages/s, the floor the mean of before and after); by CPU per message (floor loop + receiver / server + PostgreSQL + receiver): ${floorCpu.toFixed(2)} / ${r.cpuMs.toFixed(2)} ms = ${((100 * floorCpu) / r.cpuMs).toFixed(0)}%`,
    );
  const transactionId = single!.transactionId;
  const statusOf = (kind: string) => statusUrl(transactionId, kind);

  const time = async (url: string, n: number) => {
    const ms: number[] = [];
    let bytes = 0;
    for (let i = 0; i < n; i++) {
      const s = performance.now();
      const r = await fetch(url);
      bytes = (await r.arrayBuffer()).byteLength;
      ms.push(performance.now() - s);
    }
    ms.sort((a, b) => a - b);
    return { p50: ms[Math.floor(n / 2)]!, max: ms[n - 1]!, bytes };
  };
  const b2 = await time(statusOf("complete"), 10);
  report.push(
    `B2 complete (${N} records, ${(b2.bytes / 1024 / 1024).toFixed(1)} MiB): p50 ${b2.p50.toFixed(0)} ms, max ${b2.max.toFixed(0)} ms over 10`,
  );
  const b3 = await time(statusOf("partial"), 50);
  report.push(`B3 partial: p50 ${b3.p50.toFixed(1)} ms, max ${b3.max.toFixed(1)} ms over 50`);
} finally {
  await dbCpu?.stop();
  await server.stop();
  receiver.stop();
}

console.log(
  `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, database ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded PostgreSQL"}, load average at start ${load1}, at end ${loadavg()[0]!.toFixed(2)}`,
);
console.log(
  `Command: ${process.env.BENCH_DATABASE_URL ? "BENCH_DATABASE_URL=… " : ""}npx tsx bench/bulk.ts (BENCH_N=${N})\n`,
);
for (const line of report) console.log(`- ${line}`);
console.log(`- peak server RSS: ${server.peakRssMiB()} MiB`);
if (!process.env.BENCH_DATABASE_URL)
  console.log(
    `- peak embedded PostgreSQL memory (sum of its processes' PSS): ${server.peakPostgresMiB()} MiB`,
  );
const ours = {
  database: process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded",
  runs: summary,
  rssMiB: server.peakRssMiB(),
  postgresMiB: server.peakPostgresMiB(),
};
if (process.env.BENCH_SUMMARY_JSON) console.log(`SUMMARY ${JSON.stringify(ours)}`);
else if (process.env.BENCH_DATABASE_URL && process.env.BENCH_EMBEDDED !== "0") {
  // The same runs on the embedded database (the default a new user runs), printed beside these.
  console.log("\nThe same runs on the embedded database (BENCH_EMBEDDED=0 skips them) ...");
  printSideBySide(ours, await embeddedRuns());
}

type RunSummary = { run: string; perSecond: number; share: number; ownCpuMs: number };
type Summary = { database: string; runs: RunSummary[]; rssMiB: number; postgresMiB: number };

/** This script again, on the embedded database, in its own process; its summary. */
async function embeddedRuns(): Promise<Summary> {
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_SUMMARY_JSON: "1" };
  delete env.BENCH_DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (c: Buffer) => void (out += c.toString()));
  const [code] = (await once(child, "exit")) as [number | null];
  const line = out.split("\n").find((l) => l.startsWith("SUMMARY "));
  if (code !== 0 || !line) throw new Error(`the embedded runs failed (exit ${code}):\n${out}`);
  return JSON.parse(line.slice("SUMMARY ".length)) as Summary;
}

function printSideBySide(...sides: Summary[]): void {
  console.log(
    `\n| run | ${sides.map((s) => `${s.database}: messages/s, share of its floor, server + database CPU ms per message`).join(" | ")} |`,
  );
  console.log(`|---|${sides.map(() => "---:").join("|")}|`);
  for (const run of sides[0]!.runs.map((r) => r.run)) {
    const cells = sides.map((s) => {
      const r = s.runs.find((x) => x.run === run);
      return r ? `${Math.round(r.perSecond)}, ${(r.share * 100).toFixed(0)}%, ${r.ownCpuMs.toFixed(2)}` : "-";
    });
    console.log(`| ${run} | ${cells.join(" | ")} |`);
  }
  console.log(`| peak server RSS | ${sides.map((s) => `${s.rssMiB} MiB`).join(" | ")} |`);
  console.log(
    `| peak embedded PostgreSQL (PSS) | ${sides.map((s) => (s.postgresMiB ? `${s.postgresMiB} MiB` : "-")).join(" | ")} |`,
  );
  const [onServer, embedded] = sides;
  const run2 = (s?: Summary) => s?.runs.find((r) => r.run.startsWith("run 2"))?.share;
  if (onServer && embedded && run2(onServer) && run2(embedded))
    console.log(
      `| run 2: embedded share / PostgreSQL share | ${((run2(embedded)! / run2(onServer)!) * 100).toFixed(0)}% (goal >= 90%) |`,
    );
}
