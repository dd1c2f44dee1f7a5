import { describe, expect, it } from "vitest";
import { simulatedOutcome } from "../channels/simulator/calls";
import { exotelTime, foldFormLegs } from "../channels/exotel/status-callback";
import type { CallRow } from "./call-view";
import { cdrPayload, cdrTime } from "./cdr-payload";

const placed = new Date("2025-03-09T23:59:58Z");

describe("cdrTime", () => {
  it("writes dd/mm/yyyy HH:MM:SS in the configured zone (UTC by default)", () => {
    expect(cdrTime(placed, "UTC")).toBe("09/03/2025 23:59:58");
    expect(cdrTime(placed, "Asia/Kolkata")).toBe("10/03/2025 05:29:58");
  });
});

describe("simulatedOutcome", () => {
  it("is deterministic by the number's last digits", () => {
    const ok = simulatedOutcome("919876543215", placed, "http://x/rec.wav");
    expect(ok).toMatchObject({
      status: "completed",
      conversationDuration: 25,
      recordingUrl: "http://x/rec.wav",
    });
    expect(ok.endedAt.getTime() - placed.getTime()).toBe(30_000);
    expect(simulatedOutcome("919876543210", placed, "u")).toMatchObject({
      status: "no-answer",
      recordingUrl: null,
    });
    expect(simulatedOutcome("919876543219", placed, "u")).toMatchObject({
      status: "busy",
      conversationDuration: 0,
    });
  });
});

describe("cdrPayload", () => {
  it("has every field of the spec", () => {
    const o = simulatedOutcome("919876543215", placed, "http://x/rec.wav");
    const call = {
      id: "0193b6f2-8c1a-7cde-9f00-1234567890ab",
      status: "completed",
      toNumber: "919876543215",
      fromNumber: "919900000011",
      callerId: "918012345678",
      direction: "OUTBOUND",
      recordingUrl: o.recordingUrl,
      conversationDuration: o.conversationDuration,
      legs: o.legs,
      createdAt: placed,
      updatedAt: placed,
      startedAt: o.startedAt,
      endedAt: o.endedAt,
    } as CallRow;
    expect(cdrPayload(call)).toEqual({
      CallSid: call.id,
      EventType: "terminal",
      DateCreated: "09/03/2025 23:59:58",
      DateUpdated: "09/03/2025 23:59:58",
      Status: "completed",
      To: "919876543215",
      From: "919900000011",
      PhoneNumberSid: "918012345678",
      StartTime: "09/03/2025 23:59:58",
      EndTime: "10/03/2025 00:00:28",
      Direction: "OUTBOUND",
      RecordingUrl: "http://x/rec.wav",
      ConversationDuration: 25,
      Legs: [
        { OnCallDuration: 30, Status: "Disconnected" },
        { OnCallDuration: 25, Status: "Disconnected" },
      ],
    });
  });
});

describe("Exotel callback helpers", () => {
  it("reads Exotel's local times and folds form legs", () => {
    expect(exotelTime("2025-01-15 14:30:00", "+05:30")?.toISOString()).toBe("2025-01-15T09:00:00.000Z");
    expect(exotelTime("garbage", "+05:30")).toBeNull();
    expect(foldFormLegs({ a: "1", "Legs[1][Status]": "busy", "Legs[0][Status]": "completed" })).toEqual({
      a: "1",
      Legs: [{ Status: "completed" }, { Status: "busy" }],
    });
  });
});
