// RCS campaign batches with a capability check: the time from a C2 request with
// `doCapability: true` (1,000 subscribers) to its signed `capability.batch` callback arriving
// at a local receiver, over HTTP against the API and workers on the simulator.
// Run: npx tsx bench/rcs-capability.ts
// Env: BENCH_BATCHES (default 7), BENCH_SUBSCRIBERS (default 1000), BENCH_DATABASE_URL (a
//      PostgreSQL server; default: the embedded database), JOBS_POLL_INTERVAL_MS (default 500).
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, loadavg } from "node:os";
import { startBenchServer } from "./lib/server-process";

const BATCHES = Number(process.env.BENCH_BATCHES ?? 7);
const SIZE = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);

const server = await startBenchServer(
  { ALLOW_PRIVATE_CALLBACK_URLS: "true", SIMULATOR_TEMPLATE_REVIEW_SECONDS: "0" },
  { entry: "bench/lib/api-and-workers.ts" },
);
const headers = { "x-api-key": server.apiKey, "content-type": "application/json" };
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${server.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, any>;
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
};

// Receiver: verifies each signature and resolves the waiter of its batch.
let secret = "";
const waiting = new Map<string, (at: number) => void>();
const arrivals = new Map<string, number>();
let badSignatures = 0;
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const at = performance.now();
    const body = Buffer.concat(chunks).toString();
    const h = req.headers;
    const mac = createHmac("sha256", Buffer.from(secret.slice(6), "base64"))
      .update(`${h["webhook-id"]}.${h["webhook-timestamp"]}.${body}`)
      .digest("base64");
    if (!String(h["webhook-signature"]).split(" ").includes(`v1,${mac}`)) badSignatures++;
    const payload = JSON.parse(body) as { batchId?: string };
    if (payload.batchId && !arrivals.has(payload.batchId)) {
      arrivals.set(payload.batchId, at);
      waiting.get(payload.batchId)?.(at);
    }
    res.writeHead(200).end();
  });
});
await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
const rxUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
secret = (
  await post(`/api/v3/callbacks/${server.businessId}/endpoints`, { url: rxUrl, events: ["capability.batch"] })
).secret;

// An APPROVED RCS template with one variable (the simulator approves at once).
const tpl = await post(`/api/v2/resource/${server.businessId}/rcs/template`, {
  messageTemplate: { name: `bench_offer_${Date.now()}`, language: "en" },
  rcsOutgoingMessage: {
    richCard: {
      standaloneCard: {
        cardOrientation: "VERTICAL",
        cardContent: { title: "Hello {{1}}", description: "Our offers this week" },
      },
    },
  },
});
for (let i = 0; ; i++) {
  const t = (await (
    await fetch(`${server.url}/api/v2/resource/${server.businessId}/rcs/template?templateId=${tpl.id}`, {
      headers,
    })
  ).json()) as { status?: string };
  if (t.status === "APPROVED") break;
  if (i > 150) throw new Error("template not approved");
  await new Promise((r) => setTimeout(r, 200));
}
const { promotionId } = await post(`/api/v3/promotion/${server.businessId}/rcs`, { promotionName: "Bench" });

// Batches one after the other; 1 in 50 numbers ends in 0404 (the simulator's non-RCS pattern).
const times: number[] = [];
const requestTimes: number[] = [];
let nonRcs = 0;
for (let b = 0; b < BATCHES; b++) {
  const subscribers = Array.from({ length: SIZE }, (_, i) => {
    const n = b * SIZE + i;
    const phone =
      i % 50 === 0 ? `9197${String(n).padStart(4, "0")}0404` : `9198${String(n).padStart(8, "0")}`;
    return { phone, extras: { name: `Subscriber ${n}` } };
  });
  const started = performance.now();
  const { batchId } = await post(`/api/v3/promotion/${server.businessId}/rcs/batch`, {
    promotionId,
    doCapability: true,
    templateId: tpl.id,
    components: [{ type: "BODY", variables: [{ type: "text", value: "${name}" }] }],
    subscribers,
  });
  requestTimes.push(performance.now() - started);
  const arrived = await new Promise<number>((resolve, reject) => {
    const early = arrivals.get(batchId);
    if (early !== undefined) return resolve(early);
    waiting.set(batchId, resolve);
    setTimeout(() => reject(new Error(`no callback for batch ${b} after 60 s`)), 60_000).unref();
  });
  times.push(arrived - started);
  nonRcs += SIZE / 50;
}
const peak = server.peakRssMiB();
await server.stop();
receiver.close();

const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)]!;
console.log(
  `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, database ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded PostgreSQL"}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log(
  `batches                     ${BATCHES} x ${SIZE} subscribers (doCapability, ${nonRcs} non-RCS in all)`,
);
console.log(`C2 request -> callback ms   ${times.map((t) => Math.round(t)).join(", ")}`);
console.log(
  `median / min / max ms       ${Math.round(median)} / ${Math.round(sorted[0]!)} / ${Math.round(sorted.at(-1)!)}`,
);
const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`C2 answer alone (median)    ${Math.round(medianOf(requestTimes))} ms`);
console.log(`invalid signatures          ${badSignatures}`);
console.log(`server peak RSS             ${peak} MiB`);
process.exit(0);
