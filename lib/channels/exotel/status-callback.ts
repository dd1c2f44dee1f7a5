import { z } from "zod";
import type { CallOutcome } from "../call-provider";

const num = z.preprocess(
  (v) => (v === "" || v === null || v === undefined ? 0 : Number(v)),
  z.number().int().min(0),
);

/** Exotel's StatusCallback body (JSON, or form fields with Legs[0][Status]-style names). */
export const exotelStatusCallback = z.object({
  CallSid: z.string().min(1),
  Status: z.string().min(1),
  EventType: z.string().optional(),
  RecordingUrl: z.string().nullish(),
  StartTime: z.string().nullish(),
  EndTime: z.string().nullish(),
  ConversationDuration: num.optional(),
  Legs: z.array(z.object({ OnCallDuration: num, Status: z.string() })).optional(),
});
export type ExotelStatusCallback = z.infer<typeof exotelStatusCallback>;

const terminal = new Map<string, CallOutcome["status"]>([
  ["completed", "completed"],
  ["no-answer", "no-answer"],
  ["busy", "busy"],
  ["failed", "failed"],
  ["canceled", "failed"],
]);

/** The outcome of a terminal callback; null for other events (e.g. `answered`). */
export function outcomeFromExotel(body: ExotelStatusCallback, timeOffset: string): CallOutcome | null {
  const status = terminal.get(body.Status.toLowerCase());
  if (!status || (body.EventType && body.EventType !== "terminal")) return null;
  const now = new Date();
  return {
    status,
    conversationDuration: body.ConversationDuration ?? 0,
    // Exotel says "completed" for a leg that talked and hung up; the CDR's word is "Disconnected".
    legs: (body.Legs ?? []).map((l) => ({
      OnCallDuration: l.OnCallDuration,
      Status: l.Status === "completed" ? "Disconnected" : l.Status,
    })),
    recordingUrl: body.RecordingUrl || null,
    startedAt: exotelTime(body.StartTime, timeOffset) ?? now,
    endedAt: exotelTime(body.EndTime, timeOffset) ?? now,
  };
}

/** "YYYY-MM-DD HH:mm:ss" in the account's zone -> Date. */
export function exotelTime(value: string | null | undefined, offset: string): Date | null {
  const m = value ? /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(value.trim()) : null;
  if (!m) return null;
  const d = new Date(`${m[1]}T${m[2]}${/^[+-]\d{2}:\d{2}$/.test(offset) ? offset : "Z"}`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Form-encoded callbacks name legs `Legs[0][Status]`; fold them into an array. */
export function foldFormLegs(form: Record<string, unknown>): Record<string, unknown> {
  const legs: Record<number, Record<string, unknown>> = {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(form)) {
    const m = /^Legs\[(\d+)\]\[(\w+)\]$/.exec(k);
    if (m) (legs[Number(m[1])] ??= {})[m[2]!] = v;
    else out[k] = v;
  }
  const indices = Object.keys(legs).map(Number);
  if (indices.length) out.Legs = indices.sort((a, b) => a - b).map((i) => legs[i]);
  return out;
}
