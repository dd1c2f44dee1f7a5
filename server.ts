import { log } from "./lib/log";

// Entry point: `npm start` (production), `npm run dev` (development). See lib/server/start.ts.
// Imported here rather than at the top: modules that read a setting when loaded then fail into
// the handler below, which reports an invalid environment like any other start failure.
const running = await import("./lib/server/start")
  .then(({ startServer }) => startServer())
  .catch((err: unknown) => {
    log.fatal({ err }, "start failed");
    process.exit(1);
  });

let signalled = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (signalled) return;
    signalled = true;
    log.info({ signal }, "shutting down");
    running
      .stop()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        log.error({ err }, "shutdown failed");
        process.exit(1);
      });
  });
}
