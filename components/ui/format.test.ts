import { describe, expect, it } from "vitest";
import { formatDateTime, formatInZone } from "./format";

const at = new Date("2026-11-26T08:05:09Z");

describe("formatInZone", () => {
  it("shows the time in the business's zone and names the zone", () => {
    expect(formatInZone(at, "UTC")).toBe("26 Nov 2026, 08:05 UTC");
    expect(formatInZone(at, "Asia/Kolkata")).toBe("26 Nov 2026, 13:35 GMT+5:30");
    expect(formatInZone(at, "America/New_York", { seconds: true })).toBe("26 Nov 2026, 03:05:09 GMT-5");
  });

  it("crosses the date line with the zone, not the server's clock", () => {
    expect(formatInZone(new Date("2026-11-26T20:00:00Z"), "Pacific/Auckland")).toBe(
      "27 Nov 2026, 09:00 GMT+13",
    );
  });

  it("falls back to UTC for an unknown zone, and to the empty text for no date", () => {
    expect(formatInZone(at, "Mars/Olympus")).toBe("26 Nov 2026, 08:05 UTC");
    expect(formatInZone(null, "UTC")).toBe("—");
    expect(formatInZone("not a date", "UTC", { empty: "never" })).toBe("never");
  });

  it("agrees with formatDateTime for UTC", () => {
    expect(formatInZone(at, "UTC")).toBe(formatDateTime(at));
  });
});
