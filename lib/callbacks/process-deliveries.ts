import { db } from "../db";
import { env } from "../env";
import { rawQuery } from "../db/sql";
import { log } from "../log";
import { claimDue, takeCarried } from "./claim-deliveries";
import type { DeliveryJob } from "./deliver-job";
import type { Claimed, Outcome } from "./delivery-outcome";
import { postJson, type PostResult } from "./http-post";
import { recordFirstOutcomes, recordOutcomes } from "./record-outcomes";
import { nextRetryDelay, retrySchedule } from "./retry-schedule";
import { decryptSecret } from "./secret-box";
import { secretBytes, signedHeaders } from "./sign";
import { BlockedUrlError, resolveCallbackTarget, type ResolvedTarget } from "./ssrf-guard";

type Endpoint = {
  id: string;
  url: string;
  enabled: boolean;
  secret_ciphertext: string;
  /** The secret a rotation replaced, while its grace lasts (on the database clock); else null. */
  previous_ciphertext: string | null;
};

export type ProcessResult = { claimed: number; delivered: number; retrying: number; failed: number };

/**
 * The delivery worker for one chunk: takes its carried new deliveries, or claims the due rows
 * among `ids`, POSTs them signed (bounded concurrency, keep-alive), then records every attempt
 * and the new states (new deliveries: their rows, written once) and schedules the retries in
 * one statement.
 */
export async function processDeliveries(
  input: DeliveryJob,
  /** The job's first run (pg-boss retryCount 0): its carried deliveries cannot be written yet. */
  opts: { firstRun?: boolean } = {},
): Promise<ProcessResult> {
  const cfg = env();
  const t0 = performance.now();
  const carried = input.carried !== undefined;
  const rows = carried
    ? await takeCarried(input, opts.firstRun === true)
    : await claimDue(input, cfg.CALLBACK_LEASE_SECONDS);
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
    const outcomes = await Promise.all(
      rows.map((row) =>
        withSlot(() =>
          attempt(row, endpoints.get(row.endpoint_id), keysOf, targetOf, schedule, cfg.CALLBACK_TIMEOUT_MS),
        ),
      ),
    );
    const t2 = performance.now();
    if (carried) await recordFirstOutcomes(input.businessId, rows, outcomes);
    else await recordOutcomes(input.businessId, outcomes);
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
    // Give claimed rows back so the job's retry (or the sweeper) can claim them at once; a
    // carried chunk has no rows yet: its job's retry sends it again.
    if (carried) throw err;
    await rawQuery(
      db(),
      `UPDATE callback_deliveries SET locked_until = NULL WHERE business_id = $1 AND id = ANY($2::uuid[])`,
      [input.businessId, rows.map((r) => r.id)],
    ).catch((e: unknown) => log.error({ err: e }, "could not release callback leases"));
    throw err;
  }
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
    result = await postJson(target, { ...headers, "x-switchboard-event": row.event_type }, body, timeoutMs);
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

async function loadEndpoints(businessId: string, ids: string[]): Promise<Map<string, Endpoint>> {
  const rows = await rawQuery<Endpoint>(
    db(),
    `SELECT id, url, enabled, secret_ciphertext,
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

// A process-wide bound on callback requests in flight (CALLBACK_CONCURRENCY), shared by every
// job the fetch loop runs at once. A released slot is handed straight to the next waiter.
let active = 0;
const waiting: Array<() => void> = [];
async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (active < env().CALLBACK_CONCURRENCY) active++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else active--;
  }
}
