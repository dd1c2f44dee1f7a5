import pino from "pino";

const g = globalThis as unknown as { __sbLogger?: pino.Logger };

/** One pino logger per process; secrets are redacted by path. */
export const log: pino.Logger =
  g.__sbLogger ??
  (g.__sbLogger = pino({
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
    redact: {
      paths: ["req.headers.authorization", "req.headers['x-api-key']", "*.password", "*.apiKey", "*.secret"],
      censor: "[redacted]",
    },
  }));
