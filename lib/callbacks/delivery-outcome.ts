import type { StoredAttempt } from "@/db/schema";
import { uuidv7 } from "../ids";
import type { PostResult } from "./http-post";

/** A delivery being sent: `body` is the JSON text sent and signed as is, never parsed here. */
export type Claimed = {
  id: string;
  endpoint_id: string;
  event_type: string;
  subject_id?: string | null;
  body: string;
  attempts: number;
  step: number;
};

/** What one attempt (or its absence: endpoint disabled) made of a delivery. */
export type Outcome = {
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

/** A delivery's attempt log keeps its latest attempts (replays add cycles to it). */
export const ATTEMPT_LOG_MAX = 50;

/** The outcome as the recording statements read it (json_to_recordset). */
export function outcomeValues(o: Outcome) {
  return {
    id: o.id,
    status: o.status,
    tried: o.tried,
    step: o.step,
    delay: o.delay,
    code: o.attempt?.status ?? null,
    err: o.error ? clean(o.error).slice(0, 500) : null,
    attempt: o.attempt ? [storedAttempt(o.attempt)] : null,
  };
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

/** Postgres text cannot hold NUL. */
function clean(s: string): string {
  return s.includes("\u0000") ? s.replaceAll("\u0000", "\uFFFD") : s;
}

/** The retry jobs of the outcomes still pending: one per delay and chunk. */
export function retriesByDelay(outcomes: Outcome[]): Map<number, string[]> {
  const byDelay = new Map<number, string[]>();
  for (const o of outcomes) {
    if (o.status !== "pending" || o.delay === null) continue;
    const list = byDelay.get(o.delay);
    if (list) list.push(o.id);
    else byDelay.set(o.delay, [o.id]);
  }
  return byDelay;
}
