import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_ADMIN, E2E_OPERATOR } from "./e2e/accounts";
import { refusalsFile } from "./e2e/loopback-guard";

/**
 * e2e against the BUILT server (run `npm run build` first, or set NEXT_DIST_DIR to another
 * build). The config starts server.ts itself on E2E_PORT (default 3100) with a fresh embedded
 * database under /tmp (or a fresh PostgreSQL database, E2E_DATABASE_URL) and fixed demo
 * passwords, so the tests can sign in as the seeded operator and demo admin. DATABASE_URL is
 * dropped so a variable left over from `npm test` on PostgreSQL never points the e2e server at a
 * shared database.
 * Nothing leaves this machine: the server runs with the loopback guard (a refused connection
 * fails the run in the teardown) and the browser resolves no public name and reaches
 * everything but loopback only through a proxy address where nothing listens.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const dataDir = `/tmp/switchboard-e2e-${port}`;
const refusals = refusalsFile(port);
// E2E_DATABASE_URL (a PostgreSQL server, e.g. .ci/run's 127.0.0.1:5432): the server runs on a
// fresh database of its own there, `switchboard_e2e_<port>`, instead of the embedded one.
const pgServer = process.env.E2E_DATABASE_URL;
const pgDatabase = pgServer
  ? Object.assign(new URL(pgServer), { pathname: `/switchboard_e2e_${port}` }).toString()
  : undefined;
const database = pgDatabase
  ? `node --import tsx e2e/fresh-database.ts '${pgDatabase}' && env DATABASE_URL='${pgDatabase}'`
  : "env -u DATABASE_URL";

const chromium = {
  ...devices["Desktop Chrome"],
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    // Debian's chromium-headless-shell (the old headless mode, what Playwright itself runs
    // headless) takes ~20% less CPU than the full browser; .ci/run installs both.
    executablePath:
      process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ??
      (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE [::1]",
      // Chromium never sends loopback through a proxy; everything else goes nowhere.
      "--proxy-server=http://127.0.0.1:9",
    ],
  },
};

export default defineConfig({
  testDir: "./e2e",
  testMatch: ["ui/**/*.spec.ts", "api/**/*.spec.ts"],
  // One folder per port: .ci/run runs its shards at once, and each empties its own at start.
  outputDir: `test-results/e2e-${port}`,
  // Two cores: one browser at a time keeps the server responsive and the timings honest.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // A retry leaves a trace of a failure; a test that passes only on its retry still fails the
  // run (a flaky test is a defect to fix, not a pass).
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  // CI's shards share 2 cores: a page walk that takes 40 s alone can take twice that.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? "list" : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records a screencast and DOM snapshots of every step: half the browser side's CPU
    // when kept for every test. Recorded on the retry instead, so a failure that repeats leaves
    // one (the first failure still leaves its screenshot and error context).
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    // Signs the seeded accounts in through the form once; signIn() (e2e/ui/helpers.ts) reuses
    // those sessions instead of going through the form in every test.
    { name: "sessions", testMatch: "ui/sessions.setup.ts", use: chromium },
    { name: "chromium", dependencies: ["sessions"], use: chromium },
  ],
  globalTeardown: "./e2e/loopback-guard-teardown.ts",
  webServer: {
    command: `rm -rf ${dataDir} ${refusals} && ${database} NODE_ENV=production node --import tsx --import ./test/loopback-guard-preload.ts server.ts`,
    url: `http://127.0.0.1:${port}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI && process.env.E2E_REUSE_SERVER === "1",
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      LOOPBACK_GUARD_FILE: refusals,
      ...(process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR } : {}),
      DEMO_OPERATOR_PASSWORD: E2E_OPERATOR.password,
      DEMO_ADMIN_PASSWORD: E2E_ADMIN.password,
      ALLOW_PRIVATE_CALLBACK_URLS: "true",
      CALL_SIMULATOR_TALK_MS: "1000", // e2e/ui/calls.spec.ts waits for the whole simulated call
      // The defaults plus the simulator's `0026` (131026), so e2e/ui/campaign-page.spec.ts has a
      // retryable failure to retry from the campaign page.
      PROMOTIONS_RETRYABLE_CODES:
        "130429,131000,131016,131049,131056,provider_error,provider_unavailable,131026",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
