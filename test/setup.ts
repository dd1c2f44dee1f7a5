import { afterAll, inject } from "vitest";
import { closeDb, setDatabaseUrl } from "../lib/db";
import { startBoss, stopBoss } from "../lib/jobs/boss";
import { resetEnv } from "../lib/env";

process.env.DATABASE_URL = inject("databaseUrl");
resetEnv();
setDatabaseUrl(inject("databaseUrl"));
await startBoss();

afterAll(async () => {
  await stopBoss(2_000);
  await closeDb();
});
