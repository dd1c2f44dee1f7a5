// Sums BENCH_TXN_TIMING's lines (bench/lib/txn-timing.ts) per phase of bench/flows.ts (its PHASE
// lines): the inbound batches begun in each window, their sizes, durations and what the time
// went to. A reader, not a benchmark.
// Run: BENCH_TXN_TIMING=1 ... npx tsx bench/flows.ts 2> /tmp/flows.err; npx tsx bench/lib/txn-timing-summary.ts /tmp/flows.err
import { readFileSync } from "node:fs";

type Batch = {
  begin: number;
  ms: number;
  stmtMs: number;
  lockMs: number;
  commitMs: number;
  stmts: number;
  n: number;
};
const lines = readFileSync(process.argv[2]!, "utf8").split("\n");
const batches: Batch[] = [];
const phases: Array<{ name: string; from: number; to: number }> = [];
for (const l of lines) {
  const p = l.split(" ");
  if (p[0] === "TXN")
    batches.push({
      begin: +p[1]!,
      ms: +p[2]!,
      stmtMs: +p[3]!,
      lockMs: +p[4]!,
      commitMs: +p[5]!,
      stmts: +p[6]!,
      n: +p[7]!,
    });
  if (p[0] === "PHASE") phases.push({ name: p[1]!, from: +p[2]!, to: +p[3]! });
}
const q = (xs: number[], f: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(f * s.length))] ?? NaN;
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
console.log(
  "| phase | batches | messages/batch p50 / mean / max | batch ms p50 / p99 / max | share in statements | routing lock wait ms total | COMMIT ms mean | statements / batch | statements / message | busy (batch time / window) |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const ph of phases) {
  const bs = batches.filter((b) => b.begin >= ph.from && b.begin < ph.to);
  if (bs.length === 0) continue;
  const msgs = sum(bs.map((b) => b.n));
  console.log(
    `| ${ph.name} | ${bs.length} | ${q(
      bs.map((b) => b.n),
      0.5,
    )} / ${(msgs / bs.length).toFixed(1)} / ${Math.max(...bs.map((b) => b.n))} | ${q(
      bs.map((b) => b.ms),
      0.5,
    )} / ${q(
      bs.map((b) => b.ms),
      0.99,
    )} / ${Math.max(...bs.map((b) => b.ms))} | ${((sum(bs.map((b) => b.stmtMs)) / sum(bs.map((b) => b.ms))) * 100).toFixed(0)}% | ${sum(bs.map((b) => b.lockMs)).toFixed(0)} | ${(sum(bs.map((b) => b.commitMs)) / bs.length).toFixed(1)} | ${(sum(bs.map((b) => b.stmts)) / bs.length).toFixed(1)} | ${(sum(bs.map((b) => b.stmts)) / msgs).toFixed(2)} | ${((sum(bs.map((b) => b.ms)) / (ph.to - ph.from)) * 100).toFixed(0)}% |`,
  );
}
