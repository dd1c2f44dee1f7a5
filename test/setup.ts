import { afterAll, inject } from "vitest";
import { closeDb, setDatabaseUrl } from "../lib/db";
import { startBoss, stopBoss } from "../lib/jobs/boss";
import { resetEnv } from "../lib/env";
import { createRuntime } from "../lib/runtime";
import { wireAll } from "../lib/wiring";

// Runs before every test file. In the "db" project the files share one module graph
// (vitest.config.ts): the database, the job queue and the wiring are set up by the first file
// and kept for the rest; each file of "db-isolated" sets up and tears down its own.
declare module "../lib/runtime" {
  interface Runtime {
    /** The test setup ran in this process (the "db" project's files share it). */
    testSetUp: boolean;
  }
}
const r = createRuntime();
if (!r.testSetUp) {
  process.env.DATABASE_URL = inject("databaseUrl");
  resetEnv();
  setDatabaseUrl(inject("databaseUrl"));
  await startBoss();
  // Wired as every server process is at start (lib/server/start.ts).
  wireAll();
  r.testSetUp = inject("sharedModules");
}

if (!inject("sharedModules")) {
  afterAll(async () => {
    await stopBoss(2_000);
    await closeDb();
  });
}
