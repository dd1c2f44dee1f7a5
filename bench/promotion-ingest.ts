// E1 ingest: a promotion launched with a generated 1,000,000-row CSV (5 columns,
// ~60 MB) as multipart form (a), streamed over HTTP to server.ts, measured to the answer (all
// rows stored and validated; a list over PROMOTION_PREPARE_INLINE_MAX_ROWS answers in
// Preparing) and then to the end of its preparation (recipients created, status Scheduled);
// then, in the same run and on the same server, `psql \copy` of the same file into a plain
// table. Prints the times, the ratio (goal: E1 >= 50% of \copy's speed) and the server's peak
// RSS (goal < 300 MB).
// Run: npx tsx bench/promotion-ingest.ts [postgres://postgres@127.0.0.1:5432/postgres]
//      (no URL: the embedded PostgreSQL; with one, the same E1 then runs again on the embedded
//      one and both are printed side by side with their ratio; the goal is <= 1.2x)
// Env: BENCH_ROWS (default 1000000).
import { execFileSync, spawnSync } from "node:child_process";
import { createReadStream, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  databaseCpuTracker,
  isDatabaseProcess,
  processCpuSeconds,
  processTree,
  treeCpuSeconds,
} from "./lib/cpu";
import { orderTemplate } from "../test/order-template";
import { writeE1Csv } from "./lib/e1-csv";
import { startBenchServer } from "./lib/server-process";

const serverUrl = process.argv[2] ?? process.env.BENCH_DATABASE_URL;
const summaries: Array<{ database: string; e1Ms: number; copyMs: number; rssMiB: number; cpuS: number }> = [];
if (serverUrl) process.env.BENCH_DATABASE_URL = serverUrl;
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const file = path.join(tmpdir(), `sb-promo-${process.pid}.csv`);

/** E1 form (a): the CSV streamed from disk as the `file` part, the promotion as `body`. */
function launch(url: string, apiKey: string, body: unknown): Promise<{ status: number; json: any }> {
  const boundary = "----sbbench7MA4YWxkTrZu0gW";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n${JSON.stringify(body)}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(file).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: {
          "x-api-key": apiKey,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(length),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text || "null") }));
      },
    );
    req.on("error", reject);
    req.write(head);
    const stream = createReadStream(file, { highWaterMark: 256 * 1024 });
    stream.on("end", () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}

async function approvedTemplate(base: string, businessId: string, apiKey: string): Promise<string> {
  const name = `bench_promo_${Date.now()}`;
  const headers = { "x-api-key": apiKey, "content-type": "application/json" };
  const res = await fetch(`${base}/api/v1/template/${businessId}`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      name,
      language: "en_US",
      category: "UTILITY",
      components: [
        {
          type: "BODY",
          text: "Hello {{1}}, your order {{2}} has shipped.",
          example: { body_text: [["A", "B"]] },
        },
      ],
    }),
  });
  const created = (await res.json()) as { id?: string };
  if (!created.id) throw new Error(`template: ${res.status} ${JSON.stringify(created)}`);
  for (let i = 0; i < 100; i++) {
    const t = (await (
      await fetch(`${base}/api/v1/template/id/${businessId}?templateId=${created.id}`, { headers })
    ).json()) as { status?: string };
    if (t.status === "APPROVED") return name;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("template was not approved");
}

const t0 = Date.now();
await writeE1Csv(file, ROWS);
const size = statSync(file).size;
process.stderr.write(`wrote ${ROWS} rows, ${(size / 1e6).toFixed(1)} MB in ${Date.now() - t0} ms\n`);
// API and workers (the template review job approves the bench template), no dashboard.
const server = await startBenchServer(
  { SIMULATOR_TEMPLATE_REVIEW_SECONDS: "0" },
  { entry: "bench/lib/api-and-workers.ts" },
);
try {
  const { url, apiKey, businessId } = server;
  const template = await approvedTemplate(url, businessId, apiKey);
  const channels = (await (
    await fetch(`${url}/api/v3/business/${businessId}/channels`, { headers: { "x-api-key": apiKey } })
  ).json()) as { channels: Array<{ channel: string; phoneNumberIds: string[] }> };
  const phoneNumberId = channels.channels.find((c) => c.channel === "chatapp")!.phoneNumberIds[0]!;
  const body = {
    name: "Bench promotion",
    promotionType: "IMMEDIATE",
    phoneNumberId,
    channelType: "chatapp",
    // Scheduled far ahead: this measures the intake, not the sending.
    scheduleTime: new Date(Date.now() + 86_400_000).toISOString(),
    template: orderTemplate(template),
  };
  const loadBefore = execFileSync("uptime").toString().trim();
  // PostgreSQL's side, load-independent too: CPU of the bench database's backends only.
  const pgCpu = server.databaseUrl
    ? databaseCpuTracker(serverUrl!, new URL(server.databaseUrl).pathname.slice(1))
    : undefined;
  await pgCpu?.start();
  const pg0 = (await pgCpu?.mark()) ?? 0;
  // On the embedded database: its processes are the server's children.
  const embeddedCpu = () =>
    processTree(server.child.pid!)
      .filter(isDatabaseProcess)
      .reduce((sum, p) => sum + processCpuSeconds(p), 0);
  const emb0 = embeddedCpu();
  const rssBefore = server.peakRssMiB();
  const cpu0 = treeCpuSeconds(server.child.pid!);
  const s0 = performance.now();
  const res = await launch(`${url}/api/v2/promotion/${businessId}/template/launch?name=bench`, apiKey, body);
  const e1Ms = performance.now() - s0;
  const e1Cpu = treeCpuSeconds(server.child.pid!) - cpu0;
  const rssE1 = server.peakRssMiB();
  const e1PgCpu = pgCpu ? (await pgCpu.mark()) - pg0 : embeddedCpu() - emb0;
  await pgCpu?.stop();
  if (res.status !== 200 || res.json.accepted !== ROWS) {
    throw new Error(`E1 answered ${res.status}: ${JSON.stringify(res.json).slice(0, 500)}`);
  }
  // The preparation (the scheduler's tick, for a list this large): polled through E2.
  let preparedMs = e1Ms;
  for (let status = res.json.status as string; status === "Preparing";) {
    await new Promise((r) => setTimeout(r, 50));
    const list = (await (
      await fetch(`${url}/api/v2/promotion/${businessId}`, { headers: { "x-api-key": apiKey } })
    ).json()) as { promotions: Array<{ promotionId: string; status: string }> };
    status = list.promotions.find((p) => p.promotionId === res.json.promotionId)?.status ?? "missing";
    preparedMs = performance.now() - s0;
    if (status !== "Preparing" && status !== "Scheduled") throw new Error(`preparation ended ${status}`);
  }
  const e1Status = res.json.status as string;
  // More launches of the same file on the same server (BENCH_E1_RUNS, default 3 in all), each
  // after the one before is prepared: a run's E1 time swings by a third on this VM, the median
  // of three is what the summary compares.
  const e1Runs = [e1Ms];
  for (let i = 1; i < Number(process.env.BENCH_E1_RUNS ?? 3); i++) {
    const t = performance.now();
    const again = await launch(
      `${url}/api/v2/promotion/${businessId}/template/launch?name=bench${i}`,
      apiKey,
      body,
    );
    e1Runs.push(performance.now() - t);
    if (again.status !== 200 || again.json.accepted !== ROWS)
      throw new Error(`E1 run ${i + 1} answered ${again.status}`);
    for (let status = again.json.status as string; status === "Preparing";) {
      await new Promise((r) => setTimeout(r, 50));
      const list = (await (
        await fetch(`${url}/api/v2/promotion/${businessId}`, { headers: { "x-api-key": apiKey } })
      ).json()) as { promotions: Array<{ promotionId: string; status: string }> };
      status = list.promotions.find((p) => p.promotionId === again.json.promotionId)?.status ?? "missing";
    }
  }
  const e1Median = [...e1Runs].sort((a, b) => a - b)[Math.floor(e1Runs.length / 2)]!;
  // \copy into the server's own database: the embedded one too, through its URL.
  let copyMs: number | undefined;
  {
    const psql = (command: string) =>
      execFileSync("psql", [server.sqlUrl, "-v", "ON_ERROR_STOP=1", "-q", "-c", command]);
    psql('CREATE TABLE bench_copy (phone text, name text, "order" text, city text, bsid text)');
    const c0 = performance.now();
    psql(`\\copy bench_copy FROM '${file}' WITH (FORMAT csv, HEADER true)`);
    copyMs = performance.now() - c0;
  }
  const loadAfter = execFileSync("uptime").toString().trim();
  console.log(
    `\nE1 launch with a ${ROWS}-row CSV (${(size / 1e6).toFixed(1)} MB, 5 columns), ${serverUrl ? "PostgreSQL" : "embedded PostgreSQL"}`,
  );
  console.log(
    `  E1 answer (upload, checks, list rows stored; ${e1Status}): ${(e1Ms / 1000).toFixed(2)} s, ${Math.round(ROWS / (e1Ms / 1000))} rows/s`,
  );
  console.log(
    `  prepared (recipients created, Scheduled):   ${(preparedMs / 1000).toFixed(2)} s after the request`,
  );
  if (copyMs !== undefined) {
    console.log(`  psql \\copy into a plain table:             ${(copyMs / 1000).toFixed(2)} s`);
    console.log(
      `  E1 speed / \\copy speed:                     ${((copyMs / e1Ms) * 100).toFixed(0)}% (goal >= 50%)`,
    );
  }
  console.log(`  server CPU during E1 (Node side only):      ${e1Cpu.toFixed(1)} s (load-independent)`);
  if (e1PgCpu !== undefined) {
    console.log(`  PostgreSQL backends' CPU during E1:         ${e1PgCpu.toFixed(1)} s (load-independent)`);
  }
  console.log(
    `  server peak RSS:                            ${server.peakRssMiB()} MiB (goal < 300); before E1 ${rssBefore}, to its answer ${rssE1}`,
  );
  console.log(
    `  E1 answer of each run:                     ${e1Runs.map((m) => `${(m / 1000).toFixed(2)} s`).join(", ")} (median ${(e1Median / 1000).toFixed(2)} s)`,
  );
  console.log(`  load before: ${loadBefore}\n  load after:  ${loadAfter}`);
  const ours: Summary = {
    database: serverUrl ? "PostgreSQL" : "embedded",
    e1Ms: e1Median,
    copyMs: copyMs ?? 0,
    cpuS: e1Cpu + (e1PgCpu ?? 0),
    rssMiB: server.peakRssMiB(),
  };
  if (process.env.BENCH_SUMMARY_JSON) console.log(`SUMMARY ${JSON.stringify(ours)}`);
  else if (serverUrl && process.env.BENCH_EMBEDDED !== "0") summaries.push(ours);
} finally {
  await server.stop();
  rmSync(file, { force: true });
}

type Summary = { database: string; e1Ms: number; copyMs: number; rssMiB: number; cpuS: number };

// On PostgreSQL: the same E1 again on the embedded database (the default a new user runs), in a
// process of its own, printed beside (BENCH_EMBEDDED=0 skips it).
if (summaries.length > 0) {
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_SUMMARY_JSON: "1" };
  delete env.BENCH_DATABASE_URL;
  const child = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  process.stdout.write(
    child.stdout
      .split("\n")
      .filter((l) => !l.startsWith("SUMMARY "))
      .join("\n"),
  );
  const line = child.stdout.split("\n").find((l) => l.startsWith("SUMMARY "));
  if (child.status !== 0 || !line)
    throw new Error(`the embedded run failed (exit ${child.status}):\n${child.stdout}`);
  const embedded = JSON.parse(line.slice("SUMMARY ".length)) as Summary;
  const onServer = summaries[0]!;
  console.log("\n| E1, 1,000,000 rows | PostgreSQL server | embedded PostgreSQL |");
  console.log("|---|---:|---:|");
  console.log(
    `| E1 answer, median of the runs | ${(onServer.e1Ms / 1000).toFixed(2)} s | ${(embedded.e1Ms / 1000).toFixed(2)} s |`,
  );
  console.log(
    `| \\copy of the same file | ${(onServer.copyMs / 1000).toFixed(2)} s | ${(embedded.copyMs / 1000).toFixed(2)} s |`,
  );
  console.log(`| server peak RSS | ${onServer.rssMiB} MiB | ${embedded.rssMiB} MiB |`);
  console.log(
    `| CPU of the first E1, server + PostgreSQL | ${onServer.cpuS.toFixed(1)} s | ${embedded.cpuS.toFixed(1)} s (${(embedded.cpuS / onServer.cpuS).toFixed(2)}x) |`,
  );
  console.log(
    `| embedded E1 / server E1 | | ${(embedded.e1Ms / onServer.e1Ms).toFixed(2)}x (goal <= 1.2x) |`,
  );
}
