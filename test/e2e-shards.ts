// Splits the e2e spec files into shards of about equal running time, for .ci/run.
//
//   npx tsx test/e2e-shards.ts <index> <count>   the file filters of shard <index> (1-based),
//                                                one per line, for `playwright test`
//   npx tsx test/e2e-shards.ts --record <report.json ...>
//                                                writes each file's seconds from Playwright JSON
//                                                reports into .ci/e2e-seconds.json
//
// Playwright's own --shard splits by test count, and one campaign spec takes as long as twenty
// API checks, so its shards ran 250 s beside 550 s. Here each file weighs what it took in the
// last recorded run (a file not recorded yet weighs the median), and the heaviest file goes to
// the lightest shard until none is left. Every spec file lands in exactly one shard: a file is
// never dropped for want of a weight (e2e-shards.test.ts checks it).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
type Seconds = Record<string, number>;
type Shard = { files: string[]; seconds: number };
type Suite = {
  specs?: { file: string; tests?: { results?: { duration: number }[] }[] }[];
  suites?: Suite[];
};
const secondsFile = join(root, ".ci/e2e-seconds.json");

/** Every spec file playwright.config.ts runs (its testMatch: e2e/ui and e2e/api, *.spec.ts). */
export function specFiles(dir = root): string[] {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith(".spec.ts") ? [join(d, e.name)] : [],
    );
  return ["e2e/ui", "e2e/api"]
    .flatMap((sub) => walk(join(dir, sub)))
    .map((f) => relative(dir, f))
    .sort();
}

/** Greedy longest-first packing of files into `count` shards by their seconds. */
export function plan(files: string[], seconds: Seconds, count: number): Shard[] {
  const known = files.flatMap((f) => seconds[f] ?? []).sort((a, b) => a - b);
  const fallback = known[Math.floor(known.length / 2)] ?? 1;
  const weight = (f: string) => seconds[f] ?? fallback;
  const shards: Shard[] = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  const heaviestFirst = [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  for (const file of heaviestFirst) {
    const lightest = shards.reduce((min, s) => (s.seconds < min.seconds ? s : min), shards[0]!);
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  return shards;
}

/** Seconds per spec file from Playwright JSON reports (every attempt counts: retries cost time). */
export function secondsFromReports(reports: { suites?: Suite[] }[]): Seconds {
  const seconds: Seconds = {};
  const visit = (suite: Suite) => {
    for (const spec of suite.specs ?? []) {
      const file = join("e2e", spec.file);
      for (const t of spec.tests ?? [])
        for (const r of t.results ?? []) seconds[file] = (seconds[file] ?? 0) + r.duration / 1000;
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const report of reports) for (const suite of report.suites ?? []) visit(suite);
  return Object.fromEntries(
    Object.entries(seconds)
      .filter(([file]) => file.endsWith(".spec.ts"))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, s]) => [file, Math.round(s)]),
  );
}

function main(args: string[]) {
  if (args[0] === "--record") {
    const reports = args.slice(1).map((f) => JSON.parse(readFileSync(f, "utf8")));
    writeFileSync(secondsFile, `${JSON.stringify(secondsFromReports(reports), null, 2)}\n`);
    return;
  }
  const [index = 0, count = 0] = args.map(Number);
  if (!(count >= 1 && index >= 1 && index <= count)) {
    console.error("usage: npx tsx test/e2e-shards.ts <index> <count> | --record <report.json ...>");
    process.exit(2);
  }
  const seconds = JSON.parse(readFileSync(secondsFile, "utf8")) as Seconds;
  const shard = plan(specFiles(), seconds, count)[index - 1]!;
  // Playwright given no file runs them all: a shard left empty must fail, not run everything.
  if (!shard.files.length) {
    console.error(`shard ${index} of ${count} has no file: use fewer shards`);
    process.exit(2);
  }
  // Playwright reads each argument as a regular expression over the file's path.
  for (const file of shard.files) console.log(`${file.replaceAll(".", "\\.")}$`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
