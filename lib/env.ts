import { z } from "zod";

const boolish = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  ROLE: z.enum(["all", "web", "api", "worker"]).default("all"),
  /**
   * ROLE=all: run the job workers in this many child processes (ROLE=worker, same database)
   * instead of in the web process, so one instance uses more than one core. 0: in process.
   */
  WORKER_PROCESSES: z.coerce.number().int().min(0).max(32).default(0),
  DATA_DIR: z.string().default(".data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Max JSON body for the public API, in bytes. */
  API_BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** Max JSON body of the bulk send (B1), in bytes: 10,000 subscribers with long variables. */
  API_BULK_BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(16 * 1024 * 1024),
  /** Max multipart body (media upload, CSV), in bytes. */
  API_UPLOAD_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  /** Secret for the operator-only background routes (/api/internal/*). */
  OPERATOR_SECRET: z.string().min(16).optional(),
  /** Signs dashboard sessions; generated and kept under DATA_DIR when unset. */
  AUTH_SECRET: z.string().min(16).optional(),
  /** Dashboard session lifetime in seconds. */
  SESSION_MAX_AGE: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 3600),
  /** Lets callbacks target loopback/private addresses (tests, local receivers). */
  ALLOW_PRIVATE_CALLBACK_URLS: boolish,
  /** Key for the callback signing secrets at rest; AUTH_SECRET when unset (docs/callbacks.md). */
  CALLBACK_SECRET_KEY: z.string().min(16).optional(),
  /** Delays in seconds before each callback attempt: first immediately, then the retries. */
  CALLBACK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\d+(,\d+)*$/, "comma-separated seconds, e.g. 0,5,300")
    .default("0,5,300,1800,7200,18000,36000,36000")
    .transform((v) => v.split(",").map(Number)),
  /** Per-attempt timeout of a callback request, in ms. */
  CALLBACK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** How long a worker holds deliveries it is sending; after it, another worker may retry them. */
  CALLBACK_LEASE_SECONDS: z.coerce.number().int().min(5).default(120),
  /** Callback requests in flight per process. */
  CALLBACK_CONCURRENCY: z.coerce.number().int().positive().max(1000).default(64),
  /** Idle poll interval of the job fetch loops, in ms. */
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(500),
  /** Pool size of the node-postgres pool. */
  DB_POOL_MAX: z.coerce.number().int().positive().default(20),
  /** Seconds to wait for in-flight requests and jobs on SIGTERM. */
  SHUTDOWN_TIMEOUT: z.coerce.number().int().positive().default(15),
  /**
   * Requests per second per API key, shared by all instances through the database; a key's own
   * limit (operator) overrides it. 0 turns the limit off for keys without their own.
   */
  API_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  /** Requests a key at the default rate may make at once after being idle (the bucket size). */
  API_RATE_BURST: z.coerce.number().int().min(1).max(10_000_000).default(2000),
  /** Invalid API keys one client address may present per window before it gets 429s; 0 = off. */
  API_BAD_KEY_LIMIT: z.coerce.number().int().min(0).default(10),
  /** The window of API_BAD_KEY_LIMIT, in seconds; also how long the address is then slowed. */
  API_BAD_KEY_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /**
   * The server is behind a reverse proxy or load balancer that appends the client's address to
   * X-Forwarded-For: the last entry is the client (sign-in throttle, invalid-key throttle), and
   * X-Forwarded-Proto is the scheme (HSTS). Off, the socket's peer address is the client.
   */
  TRUST_PROXY: boolish,
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

/** Validated environment; read lazily so scripts can set variables first. */
export function env(): Env {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
      throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Forget the cached environment (tests and scripts that change process.env). */
export function resetEnv(): void {
  cached = undefined;
}
