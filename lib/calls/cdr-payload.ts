import type { CallCdrPayload } from "../callbacks/schemas";
import type { CallRow } from "./call-view";
import { env } from "../env";

/**
 * "dd/mm/yyyy HH:MM:SS" (the spec's form for StartTime/EndTime, used for all four times) in
 * CALL_CDR_TIMEZONE (IANA name, default UTC).
 */
export function cdrTime(d: Date, timeZone = env().CALL_CDR_TIMEZONE): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * The call data record of an ended call (spec, Events). CallSid is our call id, the reference
 * G9 returned; numbers are E.164 digits; durations are seconds.
 */
export function cdrPayload(call: CallRow, updatedAt: Date = call.updatedAt): CallCdrPayload {
  const start = call.startedAt ?? call.createdAt;
  return {
    CallSid: call.id,
    EventType: "terminal",
    DateCreated: cdrTime(call.createdAt),
    DateUpdated: cdrTime(updatedAt),
    Status: call.status,
    To: call.toNumber,
    From: call.fromNumber,
    PhoneNumberSid: call.callerId,
    StartTime: cdrTime(start),
    EndTime: cdrTime(call.endedAt ?? updatedAt),
    Direction: call.direction,
    RecordingUrl: call.recordingUrl ?? "",
    ConversationDuration: call.conversationDuration,
    Legs: call.legs.map((l) => ({ OnCallDuration: l.OnCallDuration, Status: l.Status })),
  };
}
