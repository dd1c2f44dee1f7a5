import { describe, expect, it } from "vitest";
import { parseWallTime, toWallTime } from "./zoned-time";

const iso = (d: Date | null) => d?.toISOString() ?? null;

describe("parseWallTime", () => {
  it("reads a date as that day's midnight in the business's zone", () => {
    expect(iso(parseWallTime("2026-11-26", "Asia/Kolkata"))).toBe("2026-11-25T18:30:00.000Z");
    expect(iso(parseWallTime("2026-11-26", "UTC"))).toBe("2026-11-26T00:00:00.000Z");
    expect(iso(parseWallTime("2026-11-26", "America/New_York"))).toBe("2026-11-26T05:00:00.000Z");
  });

  it("reads a datetime-local value, with or without seconds, in the zone", () => {
    expect(iso(parseWallTime("2026-11-26T14:05", "Asia/Kolkata"))).toBe("2026-11-26T08:35:00.000Z");
    expect(iso(parseWallTime("2026-07-01T09:00:30", "Europe/London"))).toBe("2026-07-01T08:00:30.000Z");
  });

  it("follows daylight saving time: summer and winter offsets differ", () => {
    expect(iso(parseWallTime("2026-07-01T00:00", "America/New_York"))).toBe("2026-07-01T04:00:00.000Z");
    expect(iso(parseWallTime("2026-01-01T00:00", "America/New_York"))).toBe("2026-01-01T05:00:00.000Z");
  });

  it("reads a skipped wall time as the same clock time after the change, a repeated one as its first", () => {
    // 2026-03-08 02:30 does not exist in New York (02:00 EST -> 03:00 EDT).
    expect(iso(parseWallTime("2026-03-08T02:30", "America/New_York"))).toBe("2026-03-08T07:30:00.000Z");
    // 2026-11-01 01:30 happens twice (EDT, then EST): the first.
    expect(iso(parseWallTime("2026-11-01T01:30", "America/New_York"))).toBe("2026-11-01T05:30:00.000Z");
  });

  it("refuses what is not a real date and time", () => {
    for (const bad of ["2026-02-30", "2026-11-26T24:00", "26/11/2026", "", "2026-11-26T14:05Z"])
      expect(parseWallTime(bad, "UTC"), bad).toBeNull();
  });
});

describe("toWallTime", () => {
  it("writes an instant as the zone's datetime-local value, and reads back to it", () => {
    const at = new Date("2026-11-25T18:30:00Z");
    expect(toWallTime(at, "Asia/Kolkata")).toBe("2026-11-26T00:00");
    expect(toWallTime(at, "UTC")).toBe("2026-11-25T18:30");
    expect(iso(parseWallTime(toWallTime(at, "Asia/Kolkata"), "Asia/Kolkata"))).toBe(at.toISOString());
  });
});
