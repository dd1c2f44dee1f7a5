import pino from "pino";
import { freshEnv } from "./env";
import { safeError } from "./log-safe-error";
import { runtime, runtimeSlot } from "./runtime";

declare module "./runtime" {
  interface Runtime {
    /** The process's logger. */
    logger: pino.Logger;
    /** Where log lines go instead of stdout while a test reads them (test/log-capture.ts). */
    logSink: ((line: string) => void) | undefined;
  }
}

// Field names whose values are secret wherever they appear (top level or up to two levels down).
const SECRET_FIELDS = [
  "password",
  "newPassword",
  "currentPassword",
  "temporaryPassword",
  "passwordHash",
  "apiKey",
  "keyHash",
  "secret",
  "secrets",
  "token",
  "accessToken",
  "refreshToken",
  "appSecret",
  "verifyToken",
  "clientToken",
  "authorization",
  "cookie",
  "params",
  "body",
];
const redactPaths = [
  "req.headers.authorization",
  "req.headers.cookie",
  "req.headers['x-api-key']",
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

// pino writes to stdout; tests may divert the lines (test/log-capture.ts) to check what a real
// log line holds after redaction and serialization.
const stdout = pino.destination({ dest: 1, sync: true });
const stream = {
  write(line: string) {
    const sink = runtime().logSink;
    if (sink) sink(line);
    else stdout.write(line);
  },
};

/**
 * LOG_LEVEL, else silent in tests and info elsewhere. Read fresh, not through the cache: the
 * logger is made when first imported, before scripts and tests set their variables. A bad
 * environment must not stop the logger, since start reports it through the logger (server.ts).
 */
function logLevel(): string {
  try {
    const cfg = freshEnv();
    return cfg.LOG_LEVEL ?? (cfg.NODE_ENV === "test" ? "silent" : "info");
  } catch {
    return "info";
  }
}

/**
 * One pino logger per process. Never log query parameters or request bodies: errors go
 * through safeError (no parameter values), and known secret fields are redacted by name.
 */
export const log: pino.Logger = runtimeSlot("logger", () =>
  pino(
    {
      level: logLevel(),
      serializers: { err: safeError, error: safeError },
      redact: { paths: redactPaths, censor: "[redacted]" },
    },
    stream,
  ),
);
