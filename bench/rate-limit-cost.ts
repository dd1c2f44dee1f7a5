// Per-key rate limit: the CPU it adds to each API request, measured in a way the
// machine's background load does not distort (CPU time, not throughput): (1) spending a leased
// token in process, as the middleware does, and (2) one lease round trip, in this process and
// in its PostgreSQL backend, divided by the lease size (50 at the default 1,000/s). Compare
// with what an A1 request costs in all (bench/send-single.ts, CPU ms per request).
// Run: BENCH_DATABASE_URL=postgres://... npx tsx bench/rate-limit-cost.ts
// Env: BENCH_DATABASE_URL (required: a fresh database is created on it and dropped after),
//      BENCH_A1_CPU_MS (an A1 request's server + PostgreSQL CPU to compare with, default 0.83).
import { cpus, loadavg } from "node:os";
import { createApiKey } from "../lib/api-keys/create-api-key";
import { effectiveRate, KeyRateLimiter, leaseSize } from "../lib/api-keys/key-rate-limiter";
import { leaseRateTokens } from "../lib/api-keys/lease-rate-tokens";
import { createBusiness } from "../lib/businesses/create-business";
import { systemCtx } from "../lib/context";
import { closeDb, db, pool, setDatabaseUrl } from "../lib/db/pool";
import { env, resetEnv } from "../lib/env";
import { migrate } from "../lib/db/migrate";
import { processCpuSeconds } from "./lib/cpu";
import { freshServerDatabase } from "./lib/server-process";

const server = process.env.BENCH_DATABASE_URL;
if (!server) {
  console.error("Set BENCH_DATABASE_URL to a PostgreSQL server (the lease cost is PostgreSQL's).");
  process.exit(2);
}
const fresh = await freshServerDatabase();
if (!fresh) throw new Error("unreachable: BENCH_DATABASE_URL is set");
process.env.LOG_LEVEL = "warn";
resetEnv();
setDatabaseUrl(fresh.url);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
try {
  await migrate(pool());
  const ctx = systemCtx("bench");
  const business = await createBusiness(ctx, { name: "rate limit bench" });
  const key = await createApiKey(ctx, { businessId: business.id, name: "bench" });
  const verified = { keyId: key.id, businessId: business.id, rateLimit: null, rateBurst: null };
  const rate = effectiveRate(verified, env());
  const lease = leaseSize(rate);

  // (1) Spending leased tokens: what the middleware does per request between leases.
  const local = new KeyRateLimiter(async ({ want }) => ({ granted: want, left: 0, heldMs: 0 }));
  const spends = 1_000_000;
  await local.take(key.id, rate);
  let t0 = cpuMs();
  for (let i = 0; i < spends; i++) await local.take(key.id, effectiveRate(verified, env()));
  const spendUs = ((cpuMs() - t0) * 1000) / spends;

  // (2) Lease round trips against the real bucket row, sequentially on one connection; the
  // backend's CPU is read from /proc (PostgreSQL runs on this machine).
  const backends = async () =>
    (
      await pool().query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database()",
      )
    ).rows.map((r) => r.pid);
  const pgCpuMs = (pids: number[]) => pids.reduce((s, p) => s + processCpuSeconds(p), 0) * 1000;
  const big = { rate: 1_000_000, burst: 10_000_000 }; // never empty: every lease is a full one
  for (let i = 0; i < 200; i++) await leaseRateTokens(db(), { keyId: key.id, ...big, want: lease });
  const pids = await backends();
  const leases = 5_000;
  const p0 = pgCpuMs(pids);
  t0 = cpuMs();
  const w0 = performance.now();
  for (let i = 0; i < leases; i++) await leaseRateTokens(db(), { keyId: key.id, ...big, want: lease });
  const wallUs = ((performance.now() - w0) * 1000) / leases;
  const clientUs = ((cpuMs() - t0) * 1000) / leases;
  const pgUs = ((pgCpuMs(pids) - p0) * 1000) / leases;

  const perRequestUs = spendUs + (clientUs + pgUs) / lease;
  console.log(
    `Machine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, PostgreSQL on this machine, load average ${loadavg()[0]!.toFixed(2)}`,
  );
  console.log("Command: BENCH_DATABASE_URL=... npx tsx bench/rate-limit-cost.ts\n");
  console.log("| measure | CPU µs |\n|---|---:|");
  console.log(
    `| spend one leased token (middleware path, ${spends.toLocaleString("en-US")} calls) | ${spendUs.toFixed(2)} |`,
  );
  console.log(`| one lease round trip: this process | ${clientUs.toFixed(1)} |`);
  console.log(`| one lease round trip: its PostgreSQL backend | ${pgUs.toFixed(1)} |`);
  console.log(`| (lease wall time, for reference) | ${wallUs.toFixed(0)} |`);
  console.log(
    `\nDefault rate ${rate.perSecond}/s, burst ${rate.burst}, lease ${lease}: ${perRequestUs.toFixed(1)} µs of CPU per request`,
  );
  // An A1 request's server + PostgreSQL CPU: 0.83 ms on a quiet machine (bench/RESULTS.md);
  // BENCH_A1_CPU_MS to compare with a figure measured under the same conditions as this run.
  const a1Ms = Number(process.env.BENCH_A1_CPU_MS ?? 0.83);
  console.log(
    `  = ${((perRequestUs / (a1Ms * 1000)) * 100).toFixed(1)}% of an A1 request costing ${a1Ms} ms of server + PostgreSQL CPU`,
  );
} finally {
  await closeDb();
  await fresh.drop();
}
