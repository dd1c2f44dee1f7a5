import { z } from "zod";

/**
 * The one loader of the process environment: every setting the application reads is a key of
 * the schema below (docs/configuration.md lists them all, README.md the main ones; lib/env.test.ts
 * holds both tables and the source tree to it). Code reads settings through env(), never
 * process.env.
 *
 * Exceptions, on purpose (lib/env.test.ts knows them):
 * - writes: lib/server/start.ts sets DATABASE_URL (embedded database) and NEXT_TELEMETRY_DISABLED
 *   for Next.js, lib/auth/auth-secret.ts sets AUTH_SECRET (next-auth reads it there); each calls
 *   resetEnv() after writing. Child processes get `{ ...process.env, ... }`.
 * - client components ("use client") may read process.env.NODE_ENV and NEXT_PUBLIC_*: the
 *   bundler inlines them at build time, so they never reach this loader.
 * - tool configs loaded by their own CLIs before any application code (next.config.ts reads
 *   NEXT_DIST_DIR, playwright.config.ts its E2E_* and CI, vitest.config.ts DATABASE_URL to
 *   leave the @once files to `npm test`), benchmarks (bench/,
 *   BENCH_*) and tests (test/, e2e/, *.test.ts), which set variables between cases and then
 *   call resetEnv().
 */

const boolish = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((v) => v === "true" || v === "1");

const seconds = z.coerce.number().min(0).max(86_400);

const ianaTimeZone = z
  .string()
  .default("UTC")
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat("en-GB", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, "an IANA time zone such as UTC or Asia/Kolkata");

const schema = z.object({
  // --- Core ---
  /** development, production or test; production turns off dev-only behaviour (Next.js dev server). */
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** PostgreSQL 14+; unset: an embedded PostgreSQL 18 under DATA_DIR/pg (lib/db/embedded.ts). */
  DATABASE_URL: z.string().url().optional(),
  /** Listen port. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Listen address. */
  HOST: z.string().default("0.0.0.0"),
  /** What this process runs: all, web (dashboard + API), api, worker (jobs only). */
  ROLE: z.enum(["all", "web", "api", "worker"]).default("all"),
  /**
   * ROLE=all: run the job workers in this many child processes (ROLE=worker, same database)
   * instead of in the web process, so one instance uses more than one core. 0: in process.
   */
  WORKER_PROCESSES: z.coerce.number().int().min(0).max(32).default(0),
  /**
   * This instance's name on the operator's system page and in /api/ready's worker count;
   * host:pid when unset. ROLE=all hands its own to its WORKER_PROCESSES children.
   */
  INSTANCE_ID: z.string().min(1).max(200).optional(),
  /**
   * Serve Prometheus metrics at /metrics on this separate port (every role, ROLE=worker
   * included); unset: no metrics are collected or served (docs/operations.md, "Metrics").
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Listen address of METRICS_PORT: loopback unless the scraper reaches it over a private network. */
  METRICS_HOST: z.string().default("127.0.0.1"),
  /** Embedded database, media store and the generated auth secret live here. */
  DATA_DIR: z.string().default(".data"),
  /** Absolute base of links the service hands out (recordings, webhook URLs); http://localhost:PORT when unset. */
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** pino level; unset: info, silent under NODE_ENV=test (lib/log.ts). */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** Pool size of the node-postgres pool. */
  DB_POOL_MAX: z.coerce.number().int().positive().default(20),
  /**
   * Recurring raw statements run as named prepared statements (planned once per connection).
   * Turn off behind a pooler in transaction mode that cannot carry them (PgBouncer < 1.21).
   */
  DB_PREPARED_STATEMENTS: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  /** Seconds to wait for in-flight requests and jobs on SIGTERM. */
  SHUTDOWN_TIMEOUT: z.coerce.number().int().positive().default(15),
  /** Idle poll interval of the job fetch loops, in ms. */
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(500),
  /** Build directory of the dashboard (scripts/ensure-build.ts; next.config.ts reads it itself). */
  NEXT_DIST_DIR: z.string().default(".next"),

  // --- Dashboard and operator ---
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
  /** First-start seed: the operator's e-mail (the seed runs only on an empty database). */
  DEMO_OPERATOR_EMAIL: z.string().default("operator@switchboard.local"),
  /** First-start seed: the operator's password; generated when unset. */
  DEMO_OPERATOR_PASSWORD: z.string().optional(),
  /** First-start seed: the demo business admin's e-mail. */
  DEMO_ADMIN_EMAIL: z.string().default("admin@demo.switchboard.local"),
  /** First-start seed: the demo business admin's password; generated when unset. */
  DEMO_ADMIN_PASSWORD: z.string().optional(),

  // --- Public API ---
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
  /** Seconds an instance trusts a verified API key before asking the database again; 0 = every request. */
  API_KEY_CACHE_SECONDS: z.coerce.number().min(0).default(5),
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

  // --- Messaging ---
  /** Messages per second a sender (phoneNumberId / RCS agent) dispatches without its own limit (Meta's default tier). */
  MESSAGES_SENDER_RATE: z.coerce.number().int().min(1).max(1000).default(80),
  /** Most subscribers one B1 request may carry. */
  MESSAGES_BULK_MAX: z.coerce.number().int().min(1).max(100_000).default(10_000),
  /** Messages per dispatch job (docs/architecture.md: chunks of 500-1,000, never one job per message). */
  MESSAGES_DISPATCH_CHUNK: z.coerce.number().int().min(1).max(5_000).default(500),
  /** How long a dispatch worker holds the messages it sends; after it, the sweeper re-queues them. */
  MESSAGES_DISPATCH_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * A batch a killed worker had sent to WhatsApp's Cloud API without recording the answer is
   * sent again only if no status named its messages within this many seconds of the send.
   */
  MESSAGES_UNCERTAIN_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /** How often a dispatch job still sending writes the outcomes so far (acceptances, failures), ms. */
  MESSAGES_DISPATCH_FLUSH_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** Dispatch attempts of a message before a transient provider failure becomes `error`. */
  MESSAGES_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** How often the sweepers (lost dispatch jobs, stalled simulator messages) run in a worker, ms. */
  MESSAGES_SWEEP_EVERY_MS: z.coerce.number().int().min(100).default(30_000),
  /** Per-process cache of channel, template and sender-rate lookups on the send path, ms; 0 = off. */
  MESSAGES_CACHE_MS: z.coerce.number().min(0).default(2000),
  /** Group commits of single sends in flight at once (1: measured best on 2 cores, lib/messages/send-batcher.ts). */
  MESSAGES_SEND_COMMITS_IN_FLIGHT: z.coerce.number().int().min(1).max(64).default(1),

  // --- Promotions engine ---
  /** Period of the promotion scheduler's poll (due promotions, expiry, round ends), in ms. */
  /** A per-message rate card (JSON, docs/economics.md "Cost") in place of the shipped Meta card. */
  RATE_CARD_FILE: z.string().min(1).optional(),
  PROMOTIONS_TICK_MS: z.coerce.number().int().min(50).max(1000).default(500),
  /** How often each worker's flow wake scanner looks for due timers (waits, ask timeouts), in ms. */
  FLOW_WAKE_SCAN_MS: z.coerce.number().int().min(20).max(5000).default(250),
  /** Due runs one wake batch takes (one transaction; a scan reads four batches' worth, continued side by side). */
  FLOW_WAKE_BATCH: z.coerce.number().int().min(1).max(5000).default(250),
  /** Seconds of the sender's rate a promotion creates ahead of dispatch (Stop acts within this). */
  PROMOTIONS_SEND_AHEAD_SECONDS: z.coerce.number().min(0.5).max(60).default(3),
  /** Delay before a retry round starts, in seconds. */
  PROMOTIONS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /**
   * Seconds a round waits, once it has nothing left to send, for the statuses of its messages;
   * then a message still not reported sent or failed counts as failed (`round_timeout`).
   */
  PROMOTIONS_ROUND_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(604_800).default(3600),
  /** Error codes a retry round sends again (comma-separated; Meta's temporary errors and our transient ones). */
  PROMOTIONS_RETRYABLE_CODES: z
    .string()
    .default("130429,131000,131016,131049,131056,provider_error,provider_unavailable"),
  // --- Promotions ---
  /** Largest CSV file of a target list upload (E1 form (a), list upload), in bytes; over it: 413. */
  PROMOTION_LIST_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(200 * 1024 * 1024),
  /**
   * Largest list (accepted rows) whose launch creates its recipients within the E1 request; a
   * larger one answers once its rows are stored and validated, in `Preparing`, and the
   * scheduler prepares it (docs/promotions.md "Launch").
   */
  PROMOTION_PREPARE_INLINE_MAX_ROWS: z.coerce.number().int().min(0).default(100_000),
  /**
   * Inbound texts (trimmed, any case) that put the sender on the business's opt-out list, beside
   * STOP and UNSUBSCRIBE, comma-separated (e.g. "STOPALL,END,CANCEL,ARRET").
   */
  PROMOTION_OPTOUT_KEYWORDS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean),
    ),

  // --- Callbacks ---
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

  // --- Providers (fallbacks for businesses without their own channel configuration) ---
  /** Meta Graph API base (tests and proxies point it elsewhere). */
  WHATSAPP_GRAPH_URL: z.string().url().default("https://graph.facebook.com/v21.0"),
  /** WhatsApp Cloud access token of businesses without their own. */
  WHATSAPP_ACCESS_TOKEN: z.string().optional(),
  /** WhatsApp Business Account id of businesses without their own. */
  WHATSAPP_WABA_ID: z.string().optional(),
  /** Meta app id of businesses without their own. */
  WHATSAPP_APP_ID: z.string().optional(),
  /** Verifies X-Hub-Signature-256 on the process-wide /api/webhooks/whatsapp only. */
  WHATSAPP_APP_SECRET: z.string().optional(),
  /** Answers Meta's hub.challenge on the process-wide webhook URL only. */
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  /** Graph API request timeout, ms; a timeout is a retryable failure. */
  WHATSAPP_SEND_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** RCS Business Messaging API base (regional endpoints, proxies, tests). */
  RBM_API_URL: z.string().url().default("https://rcsbusinessmessaging.googleapis.com"),
  /** RBM OAuth access token of businesses without their own. */
  RBM_ACCESS_TOKEN: z.string().optional(),
  /** RBM agent id of businesses without their own. */
  RBM_AGENT_ID: z.string().optional(),
  /** Verifies X-Goog-Signature on the process-wide /api/webhooks/rbm only. */
  RBM_CLIENT_TOKEN: z.string().optional(),
  /** RBM request timeout, ms; a timeout is a retryable failure. */
  RBM_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Exotel API base (the Mumbai cluster is https://api.in.exotel.com). */
  EXOTEL_BASE_URL: z.string().url().default("https://api.exotel.com"),
  /** Exotel account SID of businesses without their own. */
  EXOTEL_ACCOUNT_SID: z.string().optional(),
  /** Exotel API key of businesses without their own. */
  EXOTEL_API_KEY: z.string().optional(),
  /** Exotel API token of businesses without their own. */
  EXOTEL_API_TOKEN: z.string().optional(),
  /** UTC offset of Exotel's zone-less timestamps (its Indian accounts run on IST). */
  EXOTEL_TIME_OFFSET: z
    .string()
    .regex(/^[+-]\d{2}:\d{2}$/, "a UTC offset such as +05:30")
    .default("+05:30"),
  /** IANA time zone of the call CDR's StartTime/EndTime. */
  CALL_CDR_TIMEZONE: ianaTimeZone,

  // --- Simulator ---
  /** Simulator: seconds from acceptance to sent, delivered and read ("1,3,10"; "0,0,0" for tests and benchmarks). */
  SIMULATOR_MESSAGE_DELAYS: z
    .string()
    .regex(/^\d+(\.\d+)?,\d+(\.\d+)?,\d+(\.\d+)?$/, "three comma-separated seconds: sent,delivered,read")
    .default("1,3,10")
    .transform((v) => v.split(",").map((x) => seconds.parse(x)) as [number, number, number]),
  /** Simulator: seconds until a submitted template is approved (or rejected). */
  SIMULATOR_TEMPLATE_REVIEW_SECONDS: z.coerce.number().min(0).max(3600).default(3),
  /** Simulator: ms between a simulated call's ringing and answering steps. */
  CALL_SIMULATOR_STEP_MS: z.coerce.number().int().min(0).default(1500),
  /** Simulator: ms a simulated call talks before it ends. */
  CALL_SIMULATOR_TALK_MS: z.coerce.number().int().min(0).default(5000),
});

export type Env = z.infer<typeof schema>;

/** The names of every setting (lib/env.test.ts checks the docs against them). */
export const ENV_KEYS = Object.keys(schema.shape) as (keyof Env)[];

let cached: Env | undefined;

/**
 * Validated environment; read lazily so scripts can set variables first, then kept: whoever
 * changes process.env afterwards (tests, the embedded-database start) calls resetEnv(). An
 * empty value counts as unset (`FOO=` in an env file), as the `x || default` reads it
 * replaced did.
 */
export function env(): Env {
  if (!cached) cached = parseEnv(process.env);
  return cached;
}

/**
 * Validated now and not cached, for the few reads made at import time (the logger's level),
 * before scripts and tests have set their variables.
 */
export function freshEnv(): Env {
  return parseEnv(process.env);
}

/** Forget the cached environment (tests and scripts that change process.env). */
export function resetEnv(): void {
  cached = undefined;
}

/**
 * Sets variables in this process's environment, for what reads it itself rather than through
 * env() (next-auth's AUTH_SECRET, Next's telemetry switch, the worker processes this one starts),
 * and forgets the cached env() so it sees them too. `keep`: a variable already set stays.
 */
export function setProcessEnv(vars: Record<string, string>, { keep = false }: { keep?: boolean } = {}): void {
  for (const [name, value] of Object.entries(vars)) {
    if (!keep || process.env[name] === undefined) process.env[name] = value;
  }
  resetEnv();
}

/** This process's environment with `extra` over it: what a child process it spawns gets. */
export function childProcessEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

/** Validates a set of variables; the error names each bad variable and what it must be. */
export function parseEnv(vars: Record<string, string | undefined>): Env {
  const set = Object.fromEntries(
    ENV_KEYS.map((k) => [k, vars[k]]).filter(([, v]) => v !== undefined && v !== ""),
  ) as Record<string, string>;
  const parsed = schema.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  return parsed.data;
}
