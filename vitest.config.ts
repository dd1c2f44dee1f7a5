import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

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
 * Files that test the embedded database itself (each starts its own, whatever DATABASE_URL
 * says) say `@embedded-only`: a pass on a PostgreSQL server (DATABASE_URL set) would run them
 * again unchanged, so it leaves them to the embedded pass (`npm test`). Files that need a
 * PostgreSQL server (NOTIFY to another connection, two transactions holding rows at once: the
 * embedded database is one session) say `@postgres-only`, and the embedded pass leaves them to
 * the PostgreSQL one, so neither pass lists a test it cannot run as skipped.
 */
const marked = (marker: string) => allIntTests.filter((f) => readFileSync(f, "utf8").includes(marker));
const notOnThisDatabase = process.env.DATABASE_URL ? marked("@embedded-only") : marked("@postgres-only");

/**
 * Two projects, both run by `npm test`:
 * - "unit" (`*.test.ts`): no database, no job queue; identical on every database, so CI runs
 *   them once. They get no DATABASE_URL: a unit test that reaches for the database fails.
 * - "db" and "db-isolated" (`*.int.test.ts`): one migrated database per project
 *   (test/global-setup.ts) and the process wiring of a server (test/setup.ts). CI runs them on
 *   the embedded database and again on PostgreSQL (`--project 'db*'`). Their files run one at a
 *   time, and the two projects one after the other (groupOrder), on every machine: they share a
 *   database, and their queue drains run every sweeper across businesses, so two files at once
 *   would take each other's jobs. "db" shares modules between files (isolate: false);
 *   "db-isolated" holds the files that change the process (see `isolated` above).
 * Both load test/loopback-guard-setup.ts: a test whose code connects outside loopback fails.
 */
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)).replace(/\/$/, "") } },
  test: {
    exclude: ["node_modules/**", ".next*/**", "e2e/**", ".data/**", "test-results/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test", LOG_LEVEL: "silent", ALLOW_PRIVATE_CALLBACK_URLS: "true" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["**/*.test.ts"],
          exclude: ["**/*.int.test.ts"],
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
            ...notOnThisDatabase,
          ],
          isolate: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          globalSetup: ["./test/global-setup.ts"],
          setupFiles: ["./test/loopback-guard-setup.ts", "./test/setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "db-isolated",
          include: isolated.filter((f) => !notOnThisDatabase.includes(f)),
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
          globalSetup: ["./test/global-setup.ts"],
          setupFiles: ["./test/loopback-guard-setup.ts", "./test/setup.ts"],
        },
      },
    ],
  },
});
