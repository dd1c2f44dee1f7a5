// Per-stage CPU of the server from a V8 profile (which stage of the server the CPU goes to): each sample
// is charged to the pipeline stage found innermost-first on its stack (sending callbacks,
// recording their outcomes, applying statuses, dispatching, the bulk request, pg-boss, the
// PostgreSQL client), else to GC, idle or "other". Not a benchmark (run-all skips it).
// Run: BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npx tsx bench/bulk.ts, then
//      npx tsx bench/profile-stages.ts /tmp/prof/*.cpuprofile
import { readFileSync } from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

// First match from the innermost frame outwards wins, so the order here only breaks ties
// between rules that match the same frame.
const STAGES: Array<[string, (fn: string, url: string) => boolean]> = [
  ["(garbage collector)", (fn) => fn === "(garbage collector)"],
  ["(idle)", (fn) => fn === "(idle)" || fn === "(program)"],
  ["callbacks: sign", (_fn, url) => url.includes("lib/callbacks/sign")],
  [
    "callbacks: HTTP client",
    (_fn, url) => url.includes("lib/callbacks/http-post") || /undici|_http_client|_http_agent/.test(url),
  ],
  ["callbacks: record outcomes", (fn) => fn === "record"],
  ["callbacks: claim + attempt", (_fn, url) => url.includes("lib/callbacks/process-deliveries")],
  ["callbacks: enqueue", (_fn, url) => url.includes("lib/callbacks/enqueue-callbacks")],
  ["status: apply", (_fn, url) => url.includes("lib/messages/status/")],
  ["simulator", (_fn, url) => url.includes("lib/messages/simulator/")],
  ["dispatch", (_fn, url) => url.includes("lib/messages/dispatch/")],
  ["bulk send (B1)", (_fn, url) => url.includes("lib/messages/send/") || url.includes("lib/api/")],
  ["pg-boss", (_fn, url) => url.includes("pg-boss")],
  ["PostgreSQL client", (_fn, url) => /node_modules\/(pg|pg-protocol|pg-pool)\//.test(url)],
  [
    "node:http server / net",
    (_fn, url) => /node:(_http|net|stream|internal\/stream)/.test(url) || url.includes("hono"),
  ],
];

export function stagesOf(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageOf = new Map<number, string>();
  const resolve = (id: number): string => {
    const hit = stageOf.get(id);
    if (hit) return hit;
    const node = byId.get(id)!;
    const { functionName: fn, url } = node.callFrame;
    const own = STAGES.find(([, test]) => test(fn, url))?.[0];
    // Library frames (pg, http) deeper in the stack are charged to the stage that called them
    // when one is found further out: the HTTP client and the PostgreSQL client are stages only
    // for work no pipeline frame called.
    const up = parent.get(id);
    const outer = up === undefined ? undefined : resolve(up);
    const libraryOwn = own === "PostgreSQL client" || own === "node:http server / net" || own === "pg-boss";
    const stage = own && !libraryOwn ? own : outer && outer !== "other" ? outer : (own ?? "other");
    stageOf.set(id, stage);
    return stage;
  };
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const s = resolve(id);
    totals.set(s, (totals.get(s) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return totals;
}

if (process.argv[1]?.endsWith("profile-stages.ts")) {
  const totals = new Map<string, number>();
  for (const file of process.argv.slice(2)) {
    for (const [k, ms] of stagesOf(JSON.parse(readFileSync(file, "utf8")) as Profile))
      totals.set(k, (totals.get(k) ?? 0) + ms);
  }
  const busy = [...totals].filter(([k]) => k !== "(idle)").reduce((s, [, ms]) => s + ms, 0);
  console.log(`| stage | CPU ms | share of busy |\n| --- | ---: | ---: |`);
  for (const [k, ms] of [...totals].sort((a, b) => b[1] - a[1]))
    console.log(
      `| ${k} | ${ms.toFixed(0)} | ${k === "(idle)" ? "-" : `${((100 * ms) / busy).toFixed(1)}%`} |`,
    );
}
