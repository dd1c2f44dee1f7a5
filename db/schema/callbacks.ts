import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businessIdColumn, createdAtColumn, updatedAtColumn } from "./columns";

export const callbackDeliveryStatuses = ["pending", "delivered", "failed"] as const;

/** One HTTP attempt of a delivery, as its attempt log stores it (times in epoch seconds). */
export type StoredAttempt = {
  id: string;
  attemptNo: number;
  url: string;
  requestedAt: number;
  /** Null when no HTTP response came back (refused, timeout, SSRF guard). */
  responseStatus: number | null;
  latencyMs: number;
  error: string | null;
  /** At most 1 KB of the response body. */
  responseBody: string | null;
};

/**
 * Where a business wants to hear about events. `events` empty means every event type. The
 * signing secret is stored encrypted (AES-256-GCM, see lib/callbacks/secret-box.ts) because the
 * dashboard must be able to reveal it again.
 */
export const callbackEndpoints = pgTable(
  "callback_endpoints",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    events: text("events")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    enabled: boolean("enabled").notNull().default(true),
    secretCiphertext: text("secret_ciphertext").notNull(),
    // The secret a rotation replaced, sealed like the current one, and when it stops being
    // used: until then every attempt carries a second signature made with it, so a receiver
    // still holding it keeps verifying (Standard Webhooks rotation, docs/callbacks.md).
    previousSecretCiphertext: text("previous_secret_ciphertext"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    // Credentials the receiver requires (Basic or Bearer), sealed like the secret: the JSON
    // of EndpointAuth. `auth_type`/`auth_username` are what the dashboard shows of them.
    authCiphertext: text("auth_ciphertext"),
    authType: text("auth_type", { enum: ["basic", "bearer"] }),
    authUsername: text("auth_username"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index("callback_endpoints_business_idx").on(t.businessId, t.createdAt)],
);

/**
 * One event for one endpoint. `id` is the Standard Webhooks `webhook-id`, stable across
 * retries and replays so receivers can deduplicate. `step` is the position in the retry
 * schedule of the current cycle (a replay starts a new cycle); `attempts` counts all attempts.
 * `locked_until` is the lease a worker takes while it sends, so two workers never send the same
 * delivery at once and a crashed worker's deliveries become claimable again.
 */
export const callbackDeliveries = pgTable(
  "callback_deliveries",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => callbackEndpoints.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    /** What the event is about (message id, call sid), for the message and call pages. */
    subjectId: text("subject_id"),
    payload: jsonb("payload").notNull(),
    status: text("status", { enum: callbackDeliveryStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    step: integer("step").notNull().default(0),
    /**
     * When the delivery waits for a retry or a replay. NULL on a new delivery (due at once,
     * sent by the job it was born with) and on a final one: the outcome of a first attempt
     * that succeeds leaves it NULL, so that write is HOT (see the indexes below).
     */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastResponseCode: integer("last_response_code"),
    lastError: text("last_error"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /**
     * Every HTTP attempt, oldest first (the last ATTEMPT_LOG_MAX, lib/callbacks): appended by the
     * outcome write the delivery needs anyway, so an attempt costs no row of its own.
     */
    attemptLog: jsonb("attempt_log")
      .$type<StoredAttempt[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    index("callback_deliveries_business_idx").on(t.businessId, t.id),
    index("callback_deliveries_endpoint_idx").on(t.businessId, t.endpointId, t.id),
    // No index holds a column the outcome of a successful first attempt changes (status,
    // attempts, locked_until, delivered_at, the attempt log...), in its key or its predicate:
    // that write, one per delivery, is then HOT (heap-only: no new index entries; the table's
    // fillfactor leaves it room, migration 0027).
    // The log's "failed" filter: deliveries whose last attempt failed (every failed one, by the
    // check below, and the pending ones waiting for a retry). A successful first attempt leaves
    // last_error NULL.
    index("callback_deliveries_failed_idx")
      .on(t.businessId, t.id)
      .where(sql`${t.lastError} is not null`),
    index("callback_deliveries_subject_idx").on(t.businessId, t.subjectId),
    // Not tenant-led on purpose: the sweeper looks across businesses for stranded deliveries
    // waiting for a retry or a replay. New deliveries (next_attempt_at NULL) it finds by id
    // (UUIDv7, time-ordered) from a persisted mark onwards (requeueStranded).
    index("callback_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
    check("callback_deliveries_failed_has_error", sql`${t.status} <> 'failed' or ${t.lastError} is not null`),
  ],
);
