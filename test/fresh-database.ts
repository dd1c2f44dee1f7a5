import { inject } from "vitest";
import { createDatabase } from "./server-database";

/**
 * An empty database for tests that need one of their own (migrations, start-up races, server
 * processes): a new database on the run's cluster (the embedded one, or DATABASE_URL's server).
 */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  return createDatabase(inject("clusterUrl"), `${inject("databasePrefix")}_fresh`);
}
