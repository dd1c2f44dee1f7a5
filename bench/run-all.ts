// Runs every benchmark script in bench/ one after another: npm run bench
// (each is also runnable alone: npx tsx bench/<name>.ts). Results go to stdout; the figures
// recorded in bench/RESULTS.md come from these runs on a quiet machine.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

const only = process.argv.slice(2);
const scripts = readdirSync(new URL(".", import.meta.url))
  .filter((f) => f.endsWith(".ts") && f !== "run-all.ts" && f !== "profile-stages.ts")
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

for (const script of scripts) {
  console.log(`\n### ${script}\n`);
  const r = spawnSync(process.execPath, ["--import", "tsx", `bench/${script}`], { stdio: "inherit" });
  if (r.status !== 0) {
    console.error(`${script} failed with ${r.status}`);
    process.exitCode = 1;
  }
}
