import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Two projects, both run by `npm test`:
 * - "unit" (`*.test.ts`): no database, no job queue; identical on every database, so CI runs
 *   them once. They get no DATABASE_URL: a unit test that reaches for the database fails.
 * - "db" (`*.int.test.ts`): one migrated database for the run (test/global-setup.ts) and the
 *   process wiring of a server (test/setup.ts). CI runs them on the embedded database and again
 *   on PostgreSQL (`--project db`). Its files run one at a time on every machine: they share the
 *   one database, and their queue drains run every sweeper across businesses, so two files at
 *   once would take each other's jobs (with Vitest's default of cores - 1 workers, a 4-core
 *   machine would).
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
          maxWorkers: 1,
          globalSetup: ["./test/global-setup.ts"],
          setupFiles: ["./test/loopback-guard-setup.ts", "./test/setup.ts"],
        },
      },
    ],
  },
});
