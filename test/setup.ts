import { afterAll, inject } from "vitest";
import { closeChangeHub } from "../lib/conversations/live/change-hub";
import { closeDb, setDatabaseUrl } from "../lib/db/pool";
import { startBoss, stopBoss } from "../lib/jobs/boss";
import { forgetEnsuredQueues } from "../lib/jobs/ensure-queues";
import { resetEnv } from "../lib/env";
import { createRuntime } from "../lib/runtime";
import { wireAll } from "../lib/wiring";
import { createDatabase } from "./server-database";
import { captureStatements } from "./statements-on-older-server";

// Runs before every test file: the file gets a database of its own, copied from the run's
// migrated template (test/global-setup.ts), and a job queue on it; both go when the file ends.
// In the "db" project the files share one module graph (vitest.config.ts), so the wiring is
// done by the first file and kept; the pool, the job queue and the LISTEN connection are the
// file's own.
declare module "../lib/runtime" {
  interface Runtime {
    /** The test setup wired this module graph, which the "db" project's files share. */
    testWired: boolean;
  }
}
const r = createRuntime();
if (inject("statementsDir")) captureStatements(inject("statementsDir"));
const database = await createDatabase(
  inject("clusterUrl"),
  `${inject("databasePrefix")}_file`,
  inject("templateDatabase"),
);
process.env.DATABASE_URL = database.url;
resetEnv();
setDatabaseUrl(database.url);
forgetEnsuredQueues();
await startBoss();
if (!r.testWired) {
  // Wired as every server process is at start (lib/server/start.ts).
  wireAll();
  r.testWired = inject("sharedModules");
}

afterAll(async () => {
  await stopBoss(2_000);
  await closeChangeHub();
  await closeDb();
  // Dropped once its connections have gone, while the next file runs; the run's teardown drops
  // whatever is left (test/global-setup.ts).
  void database.drop().catch(() => undefined);
});
