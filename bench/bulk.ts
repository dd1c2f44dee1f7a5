// B1 bulk send with 10,000 subscribers (issue 4): the time to answer; then end to end on the
// simulator with zero delays and the sender limit raised to 1,000/s: accepted -> sent ->
// delivered -> read for every message, and every status callback (3 per message) delivered to
// and acknowledged by a local receiver (its own process, verifying every signature); then B2
// for the 10,000-message transaction and B3; and the server's peak memory.
// Server: API and workers in one process (bench/lib/api-and-workers.ts, ROLE=all minus the
// dashboard). Run: npx tsx bench/bulk.ts
// Env: BENCH_N (default 10000), BENCH_DATABASE_URL (PostgreSQL server; default embedded).
import { spawn } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { approvedTemplate } from "./lib/messaging-setup";
import { startBenchServer } from "./lib/server-process";

const N = Number(process.env.BENCH_N ?? 10_000);
const load1 = loadavg()[0]!.toFixed(2);

const receiverCode = `
const { createHmac } = require("node:crypto");
const http = require("node:http");
let key = null, ok = 0, bad = 0;
const ids = new Set();
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString();
    if (req.url === "/secret") { key = Buffer.from(body.slice(6), "base64"); return res.writeHead(200).end(); }
    const h = req.headers;
    const mac = createHmac("sha256", key).update(h["webhook-id"] + "." + h["webhook-timestamp"] + "." + body).digest("base64");
    if (h["webhook-signature"] === "v1," + mac) { ok++; ids.add(h["webhook-id"]); res.writeHead(200).end(); }
    else { bad++; res.writeHead(401).end(); }
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, "127.0.0.1", () => console.log("PORT " + server.address().port));
setInterval(() => console.log("COUNTS " + JSON.stringify({ ok, bad, unique: ids.size })), 100);
`;

const receiver = spawn(process.execPath, ["-e", receiverCode], { stdio: ["ignore", "pipe", "inherit"] });
let rxOut = "";
receiver.stdout!.on("data", (c: Buffer) => (rxOut = (rxOut + c.toString()).slice(-4000)));
while (!/PORT (\d+)/.test(rxOut)) await new Promise((r) => setTimeout(r, 20));
const rxPort = Number(/PORT (\d+)/.exec(rxOut)![1]);
const counts = () => {
  const all = [...rxOut.matchAll(/COUNTS (\{[^\n]+\})/g)];
  return all.length
    ? (JSON.parse(all[all.length - 1]![1]!) as { ok: number; bad: number; unique: number })
    : { ok: 0, bad: 0, unique: 0 };
};

const server = await startBenchServer(
  {
    SIMULATOR_TEMPLATE_REVIEW_SECONDS: "0",
    SIMULATOR_MESSAGE_DELAYS: "0,0,0",
    MESSAGES_SENDER_RATE: "1000",
    ALLOW_PRIVATE_CALLBACK_URLS: "true",
    JOBS_POLL_INTERVAL_MS: "100",
  },
  { entry: "bench/lib/api-and-workers.ts" },
);
const report: string[] = [];
try {
  const { name, phoneNumberId } = await approvedTemplate(server, "bench_bulk", [
    { type: "BODY", text: "Hi {{1}}, report {{2}} is ready.", example: { body_text: [["Sunil", "1234"]] } },
    {
      type: "BUTTONS",
      buttons: [{ type: "URL", text: "Open", url: "https://school.example.com/r{{1}}", example: ["?id=1"] }],
    },
  ]);
  const headers = { "x-api-key": server.apiKey, "content-type": "application/json" };
  const ep = await fetch(`${server.url}/api/v3/callbacks/${server.businessId}/endpoints`, {
    method: "POST",
    headers,
    body: JSON.stringify({ url: `http://127.0.0.1:${rxPort}/hook`, events: ["message.status"] }),
  });
  const { secret } = (await ep.json()) as { secret: string };
  await fetch(`http://127.0.0.1:${rxPort}/secret`, { method: "POST", body: secret });

  // Numbers ending in 1: the simulator takes them all the way to read.
  const bulkBody = (n: number, first: number) =>
    JSON.stringify({
      message: {
        messageType: "template",
        name,
        language: "en_US",
        components: [
          {
            componentType: "body",
            parameters: [
              { type: "text", text: "1" },
              { type: "text", text: "2" },
            ],
          },
          { componentType: "button", index: "0", sub_type: "url", parameters: [{ type: "text", text: "3" }] },
        ],
      },
      subscribers: Array.from({ length: n }, (_, i) => ({
        subscriberId: `9199${String(first + i).padStart(7, "0")}1`,
        variables: [`Kid${i}`, String(1000 + i), `?Kid_ID=${i}`],
      })),
      phoneNumberId,
    });
  const b1Url = `${server.url}/api/v2/message/${server.businessId}/template?apikey=${server.apiKey}`;
  const post = (body: string) =>
    fetch(b1Url, { method: "POST", headers: { "content-type": "application/json" }, body });

  // Warm-up: one small bulk through the whole pipeline (JIT, pools, libphonenumber metadata),
  // finished before the measured run; its callbacks are subtracted.
  const WARM = 200;
  await post(bulkBody(WARM, 5_000_000));
  while (counts().unique < WARM * 3) await new Promise((r) => setTimeout(r, 100));
  const base = counts().unique;

  const body = bulkBody(N, 1_000_000);
  const t0 = performance.now();
  const res = await fetch(
    `${server.url}/api/v2/message/${server.businessId}/template?apikey=${server.apiKey}`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    },
  );
  const answered = performance.now() - t0;
  if (res.status !== 200) throw new Error(`B1 ${res.status}: ${(await res.text()).slice(0, 500)}`);
  const { transactionId } = (await res.json()) as { transactionId: string };
  report.push(
    `B1 ${N} subscribers, body ${(body.length / 1024).toFixed(0)} KiB: answered in ${answered.toFixed(0)} ms`,
  );

  const statusUrl = (kind: string) =>
    `${server.url}/api/v2/message/${server.businessId}/status/${transactionId}/${kind}?apikey=${server.apiKey}`;
  let readAt = 0;
  let p: Record<string, number> = {};
  for (;;) {
    p = (await (await fetch(statusUrl("partial"))).json()) as Record<string, number>;
    if (!readAt && p.read! + p.failed! + p.error! === N) readAt = performance.now();
    if (readAt && counts().unique - base >= N * 3) break;
    if (performance.now() - t0 > 600_000)
      throw new Error(`timeout: ${JSON.stringify(p)} callbacks ${JSON.stringify(counts())}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const done = performance.now();
  const c = counts();
  report.push(
    `all ${N} read after ${((readAt - t0) / 1000).toFixed(2)} s (${Math.round(N / ((readAt - t0) / 1000))} messages/s): ${JSON.stringify(p)}`,
  );
  report.push(
    `end to end incl. ${N * 3} callbacks acknowledged: ${((done - t0) / 1000).toFixed(2)} s => ${Math.round(N / ((done - t0) / 1000))} messages/s (${Math.round((N * 3) / ((done - t0) / 1000))} callbacks/s; receiver: ${c.ok} ok, ${c.bad} bad signatures, ${c.unique} unique)`,
  );

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
  const b2 = await time(statusUrl("complete"), 10);
  report.push(
    `B2 complete (${N} records, ${(b2.bytes / 1024 / 1024).toFixed(1)} MiB): p50 ${b2.p50.toFixed(0)} ms, max ${b2.max.toFixed(0)} ms over 10`,
  );
  const b3 = await time(statusUrl("partial"), 50);
  report.push(`B3 partial: p50 ${b3.p50.toFixed(1)} ms, max ${b3.max.toFixed(1)} ms over 50`);
} finally {
  await server.stop();
  receiver.kill("SIGTERM");
}

console.log(
  `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, database ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}, load average at start ${load1}, at end ${loadavg()[0]!.toFixed(2)}`,
);
console.log(
  `Command: ${process.env.BENCH_DATABASE_URL ? "BENCH_DATABASE_URL=… " : ""}npx tsx bench/bulk.ts (BENCH_N=${N})\n`,
);
for (const line of report) console.log(`- ${line}`);
console.log(`- peak server RSS: ${server.peakRssMiB()} MiB`);
