import { afterAll, inject } from "vitest";
import { closeDb, setDatabaseUrl } from "../lib/db";
import { startBoss, stopBoss } from "../lib/jobs/boss";
import { resetEnv } from "../lib/env";
import { wireAll } from "../lib/wiring";

process.env.DATABASE_URL = inject("databaseUrl");
resetEnv();
setDatabaseUrl(inject("databaseUrl"));
await startBoss();
// Wired as every server process is at start (lib/server/start.ts).
wireAll();

afterAll(async () => {
  await stopBoss(2_000);
  await closeDb();
});
