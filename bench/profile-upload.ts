// Profile upload throughput (F1): POST /api/v3/profile/upload with 1,000 profiles per
// request, half of them new and half updates of profiles uploaded before the run, for a fixed
// duration at a fixed concurrency, against server.ts with ROLE=api on a fresh database.
// Target: >= 20 requests/s (20,000 profiles/s).
// Run: npx tsx bench/profile-upload.ts
// Env: BENCH_DURATION (s, default 20), BENCH_CONNECTIONS (default 8), BENCH_SEED (profiles
//      uploaded before the run, default 50000), BENCH_DATABASE_URL (PostgreSQL server; a fresh
//      database is created on it; default: embedded PostgreSQL).
import { cpus } from "node:os";
import autocannon from "autocannon";
import { startBenchServer } from "./lib/server-process";

const duration = Number(process.env.BENCH_DURATION ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const seedCount = Number(process.env.BENCH_SEED ?? 50_000);
const PER_REQUEST = 1000;

// National Indian mobile numbers: seeded ones start with 6, new ones with 7 (never collide).
const seededPhone = (i: number) => `6${String(i).padStart(9, "0")}`;
let nextNew = 0;
const newPhone = () => `7${String(nextNew++).padStart(9, "0")}`;
const profile = (phone: string, i: number) => ({
  phone,
  countrycode: "IN",
  name: `Subscriber ${i}`,
  age: 20 + (i % 50),
  gender: i % 2 ? "female" : "male",
  dob: `${(i % 28) + 1}/${(i % 12) + 1}/19${70 + (i % 30)}`,
  businesssubscriberid: `CRM-${i}`,
  city: "Pune",
});

/** 500 random already-uploaded profiles (updates) and 500 new ones, shuffled together. */
function mixedBody(round: number): string {
  const rows = [];
  const picked = new Set<number>();
  while (picked.size < PER_REQUEST / 2) picked.add(Math.floor(Math.random() * seedCount));
  for (const i of picked) rows.push(profile(seededPhone(i), i + round));
  for (let k = 0; k < PER_REQUEST / 2; k++) rows.push(profile(newPhone(), k));
  return JSON.stringify({ profile: rows });
}

const server = await startBenchServer();
const t0 = Date.now();
try {
  const url = `${server.url}/api/v3/profile/upload`;
  const headers = { "x-api-key": server.apiKey, "content-type": "application/json" };
  for (let start = 0; start < seedCount; start += PER_REQUEST) {
    const rows = Array.from({ length: Math.min(PER_REQUEST, seedCount - start) }, (_, k) =>
      profile(seededPhone(start + k), start + k),
    );
    const res = await fetch(url, { method: "POST", headers, body: JSON.stringify({ profile: rows }) });
    const json = (await res.json()) as { uploaded?: number };
    if (res.status !== 200 || json.uploaded !== rows.length)
      throw new Error(`seed failed: ${res.status} ${JSON.stringify(json)}`);
  }
  process.stderr.write(`seeded ${seedCount} profiles in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  // Check one mixed request answers as expected before measuring.
  const check = (await (await fetch(url, { method: "POST", headers, body: mixedBody(0) })).json()) as {
    uploaded: number;
    rejected: number;
  };
  if (check.uploaded !== PER_REQUEST || check.rejected !== 0)
    throw new Error(`unexpected: ${JSON.stringify(check)}`);

  let round = 1;
  const r = await autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        method: "POST",
        headers,
        setupRequest: (req) => ({ ...req, body: mixedBody(round++) }),
      },
    ],
  });
  const rps = r.requests.average;
  console.log(`\nF1 profile upload, ${PER_REQUEST} profiles per request (half new, half updates)`);
  console.log(
    `database: ${process.env.BENCH_DATABASE_URL ? "PostgreSQL (fresh database)" : "embedded PostgreSQL"}; ${cpus().length} cores; ${connections} connections; ${duration} s; ${seedCount} profiles seeded`,
  );
  console.log(
    "| requests/s | profiles/s | p50 ms | p99 ms | requests | non-2xx | errors | server peak RSS MiB |",
  );
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|");
  console.log(
    `| ${rps.toFixed(1)} | ${Math.round(rps * PER_REQUEST)} | ${r.latency.p50} | ${r.latency.p99} | ${r.requests.total} | ${r.non2xx} | ${r.errors} | ${server.peakRssMiB()} |`,
  );
} finally {
  await server.stop();
}
