import { log } from "./lib/log";

// Entry point: `npm start` (production), `npm run dev` (development). See lib/server/start.ts.
// Imported here rather than at the top: modules that read a setting when loaded then fail into
// the handler below, which reports an invalid environment like any other start failure.
const running = import("./lib/server/start")
  .then(({ startServer }) => startServer())
  .catch((err: unknown) => {
    log.fatal({ err }, "start failed");
    process.exit(1);
  });

// Listened for before the start ends: a signal that comes while the server is still starting
// (its banner already printed) waits for the start, then stops it, instead of killing the
// process by the signal's default action.
let signalled = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (signalled) return;
    signalled = true;
    log.info({ signal }, "shutting down");
    running
      .then((server) => server.stop())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        log.error({ err }, "shutdown failed");
        process.exit(1);
      });
  });
}

await running;
