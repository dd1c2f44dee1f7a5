import type { StoredAttempt } from "@/db/schema";
import { db } from "../db/pool";
import { env } from "../env";
import { uuidv7 } from "../ids";
import { rawQuery } from "../db/sql";
import { retryOnConnectionLoss } from "../db/retry-write";
import { writeStatement } from "../db/write-statement";
import { keepingLease, ownThenClaim } from "../jobs/job-leases";
import { log } from "../log";
import { runtimeSlot } from "../runtime";
import { deliveryJobs, deliveryQueue, type DeliveryJob } from "./deliver-job";
import { postJson, type PostResult } from "./http-post";
import { nextRetryDelay, retrySchedule } from "./retry-schedule";
import { authorizationHeader } from "./endpoint-auth";
import { decryptSecret } from "./secret-box";
import { secretBytes, signedHeaders } from "./sign";
import { countCallbackAttempt } from "../metrics/record";
import { BlockedUrlError, resolveCallbackTarget, type ResolvedTarget } from "./ssrf-guard";

/** `body` is the stored payload as JSON text: sent and signed as is, never parsed here. */
type Claimed = {
  id: string;
  endpoint_id: string;
  event_type: string;
  body: string;
  attempts: number;
  step: number;
};
type Endpoint = {
  id: string;
  url: string;
  enabled: boolean;
  secret_ciphertext: string;
  /** The receiver's credentials, sealed (endpoint-auth.ts); null when it takes the signature alone. */
  auth_ciphertext: string | null;
  /** The secret a rotation replaced, while its grace lasts (on the database clock); else null. */
  previous_ciphertext: string | null;
};

type Outcome = {
  id: string;
  endpointId: string;
  status: "pending" | "delivered" | "failed";
  /** 1 when an HTTP attempt was made (0: endpoint disabled). */
  tried: number;
  step: number;
  delay: number | null;
  attempt?: PostResult & { url: string; requestedAt: Date; attemptNo: number };
  error: string | null;
};

export type ProcessResult = { claimed: number; delivered: number; retrying: number; failed: number };

const COLUMNS = "d.id, d.endpoint_id, d.event_type, d.payload::text AS body, d.attempts, d.step";

// When a row fell due: a NULL next_attempt_at is a new delivery, due since it was made (its
// outcome write then changes no indexed column: callbackDeliveries).
const DUE_AT = "coalesce(d.next_attempt_at, d.created_at)";

// A row still under the lease it was born with: never tried, and its lease ends one lease after
// it fell due (enqueueCallbacks). A claim's lease ends later than that (a claim is made after
// the row fell due), so a row another job claimed and is sending (attempts are counted only at
// its outcome) is never taken for a birth-leased one.
const BIRTH_LEASED = `d.attempts = 0 AND d.locked_until <= ${DUE_AT} + make_interval(secs => $3)`;

// A first job (DeliveryJob.leased) owns its birth-leased rows while half that lease is left at
// least (to cover the sending) without writing them. Each id is looked up by primary key (the
// LATERAL ... OFFSET 0): with "id = ANY" the planner may scan every pending row through the due
// index instead, which grows with the backlog.
const OWNED = `SELECT ${COLUMNS} FROM unnest($2::uuid[]) AS k(id)
  CROSS JOIN LATERAL (SELECT * FROM callback_deliveries WHERE id = k.id OFFSET 0) d
  WHERE d.business_id = $1 AND d.status = 'pending' AND ${BIRTH_LEASED}
    AND ${DUE_AT} <= now() AND d.locked_until >= now() + make_interval(secs => $3 / 2.0)`;

// The rest are claimed with a lease: concurrent workers skip each other's rows, and rows of a
// worker that died become claimable again when the lease runs out. A leased job's first run
// ($4) also claims its birth-leased rows whose lease is running out (a backlog delayed it):
// nobody else may take them before that lease ends.
const CLAIM = `UPDATE callback_deliveries d SET locked_until = now() + make_interval(secs => $3)
  WHERE d.business_id = $1 AND d.id = ANY($2::uuid[]) AND d.status = 'pending'
    AND ${DUE_AT} <= now()
    AND (d.locked_until IS NULL OR d.locked_until < now() OR ($4::boolean AND ${BIRTH_LEASED}))
  RETURNING ${COLUMNS}`;

function claim(input: DeliveryJob, lease: number): Promise<Claimed[]> {
  return ownThenClaim(
    input,
    (ids) => rawQuery<Claimed>(db(), OWNED, [input.businessId, ids, lease]),
    (ids) => rawQuery<Claimed>(db(), CLAIM, [input.businessId, ids, lease, input.leased === true]),
  );
}

/**
 * The delivery worker for one chunk: claims the due deliveries among `ids`, POSTs them signed
 * (bounded concurrency, keep-alive), then records every attempt and the new states and
 * schedules the retries in one transaction.
 */
export async function processDeliveries(input: DeliveryJob): Promise<ProcessResult> {
  const cfg = env();
  const t0 = performance.now();
  const rows = await claim(input, cfg.CALLBACK_LEASE_SECONDS);
  if (rows.length === 0) return { claimed: 0, delivered: 0, retrying: 0, failed: 0 };
  const t1 = performance.now();
  try {
    const endpoints = await loadEndpoints(input.businessId, [...new Set(rows.map((r) => r.endpoint_id))]);
    // Secrets are unsealed once per endpoint and chunk, inside the attempt so that an
    // unreadable secret fails the attempt (recorded, retried) rather than the chunk.
    const keys = new Map<string, Buffer[]>();
    const keysOf = (e: Endpoint) => {
      let k = keys.get(e.id);
      if (!k) keys.set(e.id, (k = signingKeys(e)));
      return k;
    };
    const schedule = retrySchedule();
    // The SSRF check runs once per endpoint and chunk: the chunk is sent within seconds.
    const targets = new Map<string, Promise<ResolvedTarget>>();
    const targetOf = (e: Endpoint) => {
      let t = targets.get(e.id);
      if (!t) targets.set(e.id, (t = resolveCallbackTarget(e.url)));
      return t;
    };
    const lease = cfg.CALLBACK_LEASE_SECONDS;
    const outcomes = await keepingLease(
      lease,
      () => renewLease(input.businessId, rows, lease),
      () =>
        Promise.all(
          rows.map((row) =>
            withSlot(() =>
              attempt(
                row,
                endpoints.get(row.endpoint_id),
                keysOf,
                targetOf,
                schedule,
                cfg.CALLBACK_TIMEOUT_MS,
              ),
            ),
          ),
        ),
    );
    const t2 = performance.now();
    // The receivers already have these: a lost connection must not lose their attempts too.
    await retryOnConnectionLoss("recording callback attempts", () => record(input.businessId, outcomes));
    for (const o of outcomes) {
      if (o.tried === 0) continue;
      countCallbackAttempt(o.status === "pending" ? "retrying" : o.status, o.attempt?.latencyMs ?? 0);
    }
    // Where a chunk's time goes (LOG_LEVEL=debug), for tuning throughput.
    log.debug(
      {
        claimed: rows.length,
        claimMs: Math.round(t1 - t0),
        sendMs: Math.round(t2 - t1),
        recordMs: Math.round(performance.now() - t2),
      },
      "callback chunk",
    );
    return {
      claimed: rows.length,
      delivered: outcomes.filter((o) => o.status === "delivered").length,
      retrying: outcomes.filter((o) => o.status === "pending").length,
      failed: outcomes.filter((o) => o.status === "failed").length,
    };
  } catch (err) {
    // Give the rows back so the job's retry (or the sweeper) can claim them at once.
    await rawQuery(
      db(),
      `UPDATE callback_deliveries SET locked_until = NULL WHERE business_id = $1 AND id = ANY($2::uuid[])`,
      [input.businessId, rows.map((r) => r.id)],
    ).catch((e: unknown) => log.error({ err: e }, "could not release callback leases"));
    throw err;
  }
}

/**
 * Extends the lease of a chunk's rows still pending and leased (ours: our lease has not ended).
 * A chunk waits for the process's CALLBACK_CONCURRENCY slots behind the other chunks, and with
 * a slow endpoint (timeouts) it can send for longer than a lease (keepingLease). HOT:
 * locked_until is in no index.
 */
function renewLease(businessId: string, rows: Claimed[], leaseSeconds: number): Promise<unknown> {
  return rawQuery(
    db(),
    `UPDATE callback_deliveries SET locked_until = now() + make_interval(secs => $3)
     WHERE business_id = $1 AND id = ANY($2::uuid[]) AND status = 'pending' AND locked_until > now()`,
    [businessId, rows.map((r) => r.id), leaseSeconds],
  );
}

async function attempt(
  row: Claimed,
  endpoint: Endpoint | undefined,
  keysOf: (e: Endpoint) => Buffer[],
  targetOf: (e: Endpoint) => Promise<ResolvedTarget>,
  schedule: number[],
  timeoutMs: number,
): Promise<Outcome> {
  const base = { id: row.id, endpointId: row.endpoint_id };
  if (!endpoint || !endpoint.enabled) {
    return { ...base, status: "failed", tried: 0, step: row.step, delay: null, error: "endpoint disabled" };
  }
  const requestedAt = new Date();
  const attemptNo = row.attempts + 1;
  let result: PostResult;
  try {
    const target = await targetOf(endpoint);
    const body = row.body;
    const headers = signedHeaders(keysOf(endpoint), row.id, Math.floor(requestedAt.getTime() / 1000), body);
    const sent: Record<string, string> = { ...headers, "x-switchboard-event": row.event_type };
    if (endpoint.auth_ciphertext) sent.authorization = authorizationHeader(endpoint.auth_ciphertext);
    result = await postJson(target, sent, body, timeoutMs);
  } catch (err) {
    const message =
      err instanceof BlockedUrlError ? err.message : `could not send: ${(err as Error).message}`;
    result = { status: null, latencyMs: Date.now() - requestedAt.getTime(), error: message, body: null };
  }
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const error = ok ? null : (result.error ?? `HTTP ${result.status}`);
  const delay = ok ? null : nextRetryDelay(row.step, schedule);
  return {
    ...base,
    status: ok ? "delivered" : delay === null ? "failed" : "pending",
    tried: 1,
    step: ok || delay === null ? row.step : row.step + 1,
    delay,
    attempt: { ...result, url: endpoint.url, requestedAt, attemptNo },
    error,
  };
}

/** A delivery's attempt log keeps its latest attempts (replays add cycles to it). */
export const ATTEMPT_LOG_MAX = 50;

/**
 * Records a chunk's outcomes in ONE statement (atomic on its own, one round trip): the new
 * states with each attempt appended to its delivery's log, and the retry jobs (one per delay
 * and chunk, due on the DB clock). A new delivery's first attempt that succeeds changes no
 * indexed column (next_attempt_at and last_error stay NULL): the update is HOT.
 */
async function record(businessId: string, outcomes: Outcome[]): Promise<void> {
  const byDelay = new Map<number, string[]>();
  for (const o of outcomes) {
    if (o.status === "pending" && o.delay !== null)
      byDelay.set(o.delay, [...(byDelay.get(o.delay) ?? []), o.id]);
  }
  const retries = [...byDelay].flatMap(([delay, ids]) => deliveryJobs(businessId, ids, delay));
  await writeStatement()
    .with(
      "u",
      `UPDATE callback_deliveries d SET
         status = v.status, attempts = d.attempts + v.tried, step = v.step,
         next_attempt_at = CASE WHEN v.delay IS NULL THEN NULL ELSE now() + make_interval(secs => v.delay) END,
         locked_until = NULL, last_response_code = CASE WHEN v.tried = 1 THEN v.code ELSE d.last_response_code END,
         last_error = v.err, updated_at = now(),
         delivered_at = CASE WHEN v.status = 'delivered' THEN now() ELSE d.delivered_at END,
         attempt_log = CASE
           WHEN v.attempt IS NULL THEN d.attempt_log
           WHEN jsonb_array_length(d.attempt_log) < $3 THEN d.attempt_log || v.attempt
           ELSE (d.attempt_log - 0) || v.attempt END
       FROM json_to_recordset($2::json) AS v(id uuid, status text, tried int, step int, delay int, code int, err text,
         attempt jsonb)
       WHERE d.business_id = $1 AND d.id = v.id`,
      [
        businessId,
        JSON.stringify(
          outcomes.map((o) => ({
            id: o.id,
            status: o.status,
            tried: o.tried,
            step: o.step,
            delay: o.delay,
            code: o.attempt?.status ?? null,
            err: o.error ? clean(o.error).slice(0, 500) : null,
            attempt: o.attempt ? [storedAttempt(o.attempt)] : null,
          })),
        ),
        ATTEMPT_LOG_MAX,
      ],
    )
    .jobs(deliveryQueue, retries)
    .run(db());
}

function storedAttempt(a: NonNullable<Outcome["attempt"]>): StoredAttempt {
  return {
    id: uuidv7(),
    attemptNo: a.attemptNo,
    url: a.url,
    requestedAt: Math.floor(a.requestedAt.getTime() / 1000),
    responseStatus: a.status,
    latencyMs: a.latencyMs,
    error: a.error ? clean(a.error).slice(0, 500) : null,
    responseBody: a.body === null ? null : clean(a.body),
  };
}

async function loadEndpoints(businessId: string, ids: string[]): Promise<Map<string, Endpoint>> {
  const rows = await rawQuery<Endpoint>(
    db(),
    `SELECT id, url, enabled, secret_ciphertext, auth_ciphertext,
       CASE WHEN previous_secret_expires_at > now() THEN previous_secret_ciphertext END AS previous_ciphertext
     FROM callback_endpoints WHERE business_id = $1 AND id = ANY($2::uuid[])`,
    [businessId, ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

// Decrypting once per sealed secret, not once per delivery: a rotation changes the
// ciphertext, so a stale entry is never used. Keyed by ciphertext, so the previous secret
// after a rotation is usually already here (it was the current one).
const secrets = new Map<string, Buffer>();
function unseal(ciphertext: string): Buffer {
  const hit = secrets.get(ciphertext);
  if (hit) return hit;
  const key = secretBytes(decryptSecret(ciphertext));
  if (secrets.size > 10_000) secrets.clear();
  secrets.set(ciphertext, key);
  return key;
}

/** The current secret, then the replaced one while its grace lasts (header order). */
function signingKeys(endpoint: Endpoint): Buffer[] {
  const current = unseal(endpoint.secret_ciphertext);
  return endpoint.previous_ciphertext ? [current, unseal(endpoint.previous_ciphertext)] : [current];
}

/** Postgres text cannot hold NUL. */
function clean(s: string): string {
  return s.includes("\u0000") ? s.replaceAll("\u0000", "\uFFFD") : s;
}

declare module "../runtime" {
  interface Runtime {
    /** The process-wide bound on callback requests in flight: those running and those waiting. */
    callbackSlots: { active: number; waiting: Array<() => void> };
  }
}
// A process-wide bound on callback requests in flight (CALLBACK_CONCURRENCY), shared by every
// job the fetch loop runs at once, in the runtime so every bundle's copy of this module counts
// against the same bound. A released slot is handed straight to the next waiter.
const slots = runtimeSlot("callbackSlots", () => ({ active: 0, waiting: [] }));
async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (slots.active < env().CALLBACK_CONCURRENCY) slots.active++;
  else await new Promise<void>((resolve) => slots.waiting.push(resolve));
  try {
    return await fn();
  } finally {
    const next = slots.waiting.shift();
    if (next) next();
    else slots.active--;
  }
}
