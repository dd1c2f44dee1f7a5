// Hono's routers on the API's own route table: which routes
// RegExpRouter refuses (then SmartRouter falls back to the TrieRouter for every request), and
// the time per match of each router on four hot requests, the TrieRouter on every route and
// both routers on the routes RegExpRouter accepts. The router's whole share of a request is the
// difference, against ~150-300 µs of server CPU per A1 request (bench/RESULTS.md).
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/router.ts
// (the API's modules read the configuration on import; nothing connects).
import { cpus, loadavg } from "node:os";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { TrieRouter } from "hono/router/trie-router";
import type { Router } from "hono/router";
import { createApiApp } from "../lib/api/app";

const app = createApiApp();
type Route = (typeof app.routes)[number];
const accepted: Route[] = [];
const refused = new Set<string>();
for (const route of app.routes) {
  // RegExpRouter compiles on the first match and throws there for a table it cannot express.
  const trial = new RegExpRouter<number>();
  try {
    [...accepted, route].forEach((r, i) => trial.add(r.method, r.path, i));
    trial.match("GET", "/");
    accepted.push(route);
  } catch {
    refused.add(`${route.method} ${route.path}`);
  }
}

const requests = [
  ["POST", "/api/v1/message"],
  ["POST", "/api/webhooks/whatsapp"],
  ["GET", "/api/health"],
  ["GET", "/api/v2/promotion/0190a0a0-0000-7000-8000-000000000000/statistics"],
] as const;
const N = Number(process.env.BENCH_MATCHES ?? 200_000);
const timePerMatch = (router: Router<number>, routes: Route[]) => {
  routes.forEach((r, i) => router.add(r.method, r.path, i));
  for (let i = 0; i < N / 10; i++) for (const [m, p] of requests) router.match(m, p);
  const t0 = performance.now();
  for (let i = 0; i < N; i++) for (const [m, p] of requests) router.match(m, p);
  return ((performance.now() - t0) * 1000) / (N * requests.length);
};
const trieAll = timePerMatch(new TrieRouter<number>(), app.routes);
const trieAccepted = timePerMatch(new TrieRouter<number>(), accepted);
const regexpAccepted = timePerMatch(new RegExpRouter<number>(), accepted);

console.log(
  `\nMachine: ${cpus().length} x ${cpus()[0]?.model}, Node ${process.version}, load average ${loadavg()[0]!.toFixed(2)}`,
);
console.log(`Command: npx tsx bench/router.ts (${N} rounds of ${requests.length} requests)\n`);
console.log(`Routes: ${app.routes.length} (handlers and middleware); RegExpRouter refuses ${refused.size}:`);
for (const r of refused) console.log(`  ${r}`);
console.log("\n| router, routes | µs per match | vs the TrieRouter on every route |\n|---|---:|---:|");
for (const [name, us] of [
  ["TrieRouter, every route (what runs)", trieAll],
  ["TrieRouter, the routes RegExpRouter accepts", trieAccepted],
  ["RegExpRouter, the routes it accepts", regexpAccepted],
] as const)
  console.log(`| ${name} | ${us.toFixed(2)} | ${((us / trieAll) * 100).toFixed(0)}% |`);
