import { appendFileSync } from "node:fs";
import { installLoopbackGuard } from "./loopback-guard";

// Loaded (`node --import`) into the server processes tests start: the e2e server
// (playwright.config.ts) and test/server-process.ts. Such a server refuses any connection
// outside loopback and says so on stderr; the e2e server also records it in
// LOOPBACK_GUARD_FILE for the run's teardown (e2e/loopback-guard-teardown.ts), which fails.
const file = process.env.LOOPBACK_GUARD_FILE;
installLoopbackGuard((r) => {
  process.stderr.write(`[loopback guard] ${r.message}\n`);
  if (file) appendFileSync(file, `${r.message}\n`);
});
