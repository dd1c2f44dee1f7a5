import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { testDataDir } from "./test/checkout-data-dir";

/**
 * Database test files that change what a process holds for everyone (environment variables,
 * module mocks, spies, globals): they run each in a fresh module graph ("db-isolated"); the
 * rest share one ("db", isolate: false), so the server's modules, the pool and the job queue
 * are loaded and started once rather than once per file. A file that reads process-wide state
 * the others fill (a cache's bound, say) says `@isolated` in a comment.
 */
const CHANGES_PROCESS =
  /@isolated|setDatabaseUrl|closeDb\(|stopBoss|startBoss|process\.env\.[A-Z_]+ ?=|delete process\.env|vi\.stubEnv|resetEnv\(|vi\.mock|vi\.spyOn|globalThis/;
function intTests(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory())
      return ["node_modules", ".next", "e2e", ".git", ".data"].includes(e.name) ? [] : intTests(path);
    return e.name.endsWith(".int.test.ts") ? [path] : [];
  });
}
const allIntTests = ["lib", "app", "test", "db", "components"].flatMap((d) => intTests(d));
const isolated = allIntTests.filter((f) => CHANGES_PROCESS.test(readFileSync(f, "utf8")));
/**
 * Files that say `@once` run in `npm test`'s pass only, not again in a pass on a PostgreSQL
 * server (DATABASE_URL set): those that start embedded clusters of their own (the embedded
 * database's lifecycle, backup and upgrade), and those that test what real server processes
 * survive (kills, several processes at once) on SQL the in-process tests already run on both
 * (docs/decisions/ci-time.md). Running them twice would test nothing new.
 */
const once = process.env.DATABASE_URL
  ? allIntTests.filter((f) => readFileSync(f, "utf8").includes("@once"))
  : [];

/**
 * Two projects, both run by `npm test`:
 * - "unit" (`*.test.ts`): no database, no job queue; identical on every database, so CI runs
 *   them once. They get no DATABASE_URL: a unit test that reaches for the database fails.
 * - "db" and "db-isolated" (`*.int.test.ts`): one PostgreSQL cluster for the run
 *   (test/global-setup.ts: the embedded one, or DATABASE_URL's server), a database of its own
 *   for each file, copied from a migrated template, and the process wiring of a server
 *   (test/setup.ts). CI runs them on the embedded PostgreSQL and prepares every statement
 *   they sent again on the machine's PostgreSQL 15 (SQL_ALSO_ON, docs/decisions/ci-time.md). Two files at a time (no file sees
 *   another's database or jobs; many wait on timers and child processes, so two fill the cores
 *   better than one: `npm test` 9m15 -> 6m43 here), and the two projects one after the other
 *   (groupOrder), the unit files last, after db-isolated's on the same two workers. "db" shares modules between the files of a worker (isolate: false);
 *   "db-isolated" holds the files that change the process (see `isolated` above).
 * Both load test/loopback-guard-setup.ts: a test whose code connects outside loopback fails.
 */
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)).replace(/\/$/, "") } },
  test: {
    exclude: ["node_modules/**", ".next*/**", "e2e/**", ".data/**", "test-results/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // DATA_DIR: never the checkout's own (.data, what `npm start` uses); test/global-setup.ts
    // fails the run if anything under .data changed, and removes this one at the end.
    env: {
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      ALLOW_PRIVATE_CALLBACK_URLS: "true",
      DATA_DIR: testDataDir(),
    },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["**/*.test.ts"],
          exclude: ["**/*.int.test.ts"],
          // With "db-isolated", after its files (groupOrder 2, same maxWorkers): the unit files
          // are short and CPU-bound, so they fill the last group's tail instead of running
          // first on one worker (Vitest's default on 2 cores) while the build takes the other.
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
          setupFiles: ["./test/loopback-guard-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["**/*.int.test.ts"],
          exclude: [
            "node_modules/**",
            ".next*/**",
            "e2e/**",
            ".data/**",
            "test-results/**",
            ...isolated,
            ...once,
          ],
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          globalSetup: ["./test/global-setup.ts"],
          setupFiles: ["./test/loopback-guard-setup.ts", "./test/setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "db-isolated",
          include: isolated.filter((f) => !once.includes(f)),
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
          globalSetup: ["./test/global-setup.ts"],
          setupFiles: ["./test/loopback-guard-setup.ts", "./test/setup.ts"],
        },
      },
    ],
  },
});
