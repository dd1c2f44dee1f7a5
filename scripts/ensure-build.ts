import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { env } from "../lib/env";

// `npm start` runs this first: it builds the dashboard when there is no production build yet
// or the sources are newer than it, so `npm install && npm start` works on a fresh clone.
const distDir = env().NEXT_DIST_DIR;
const buildId = path.join(distDir, "BUILD_ID");
const SOURCES = ["app", "components", "lib", "db", "auth.ts", "next.config.ts", "package-lock.json"];

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const e of readdirSync(p)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
const changed = Math.max(...SOURCES.map(newest));
if (built && built >= changed) process.exit(0);

console.log(built ? "Sources changed since the last build: building…" : "No production build yet: building…");
const r = spawnSync("npx", ["next", "build"], {
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
process.exit(r.status ?? 1);
