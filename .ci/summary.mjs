// Prints one closing line "N passed, N failed" over Vitest and Playwright JSON reports. A
// Playwright test that failed and then passed on its retry is not counted as passed: it is
// listed as flaky (a defect to fix) on the line before, and fails the run.
import { readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
const flaky = [];

/** Walks Playwright's suites and collects the titles of tests whose outcome was "flaky". */
function flakyTests(suite, trail = []) {
  const here = suite.title ? [...trail, suite.title] : trail;
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status === "flaky") flaky.push([...here, spec.title].join(" > "));
    }
  }
  for (const child of suite.suites ?? []) flakyTests(child, here);
}

for (const file of process.argv.slice(2)) {
  const r = JSON.parse(readFileSync(file, "utf8"));
  if ("numPassedTests" in r) {
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  } else if (r.stats) {
    passed += r.stats.expected;
    failed += r.stats.unexpected;
    skipped += r.stats.skipped;
    for (const suite of r.suites ?? []) flakyTests(suite);
  }
}
if (flaky.length) {
  console.log(`flaky (failed once, passed on retry; not counted as passed): ${flaky.length}`);
  for (const title of flaky) console.log(`  - ${title}`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
// A flaky test fails the run too (Playwright's failOnFlakyTests already made its shard fail).
process.exitCode = failed || flaky.length ? 1 : 0;
