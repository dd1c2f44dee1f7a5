import { describe, expect, it } from "vitest";
import { nextMidnight } from "./next-midnight";

const at = (iso: string) => new Date(iso);

describe("nextMidnight", () => {
  it("is the next 00:00 of the zone, as a UTC instant", () => {
    expect(nextMidnight("UTC", at("2026-11-26T08:20:00Z")).toISOString()).toBe("2026-11-27T00:00:00.000Z");
    // 08:20 UTC is 13:50 in Kolkata (+05:30): midnight there is 18:30 UTC.
    expect(nextMidnight("Asia/Kolkata", at("2026-11-26T08:20:00Z")).toISOString()).toBe(
      "2026-11-26T18:30:00.000Z",
    );
    // 20:00 UTC is already the 27th in Kolkata: the coming midnight is the 27th's end.
    expect(nextMidnight("Asia/Kolkata", at("2026-11-26T20:00:00Z")).toISOString()).toBe(
      "2026-11-27T18:30:00.000Z",
    );
    // West of Greenwich: 02:00 UTC on the 26th is the evening of the 25th in New York (EST).
    expect(nextMidnight("America/New_York", at("2026-11-26T02:00:00Z")).toISOString()).toBe(
      "2026-11-26T05:00:00.000Z",
    );
  });

  it("rolls over months and years", () => {
    expect(nextMidnight("UTC", at("2026-12-31T23:59:59Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(nextMidnight("Asia/Tokyo", at("2027-02-28T10:00:00Z")).toISOString()).toBe(
      "2027-02-28T15:00:00.000Z",
    );
  });

  it("uses the offset of the coming day across a daylight-saving change", () => {
    // New York leaves DST on 2026-11-01 at 02:00: midnight of the 2nd is EST (-05:00).
    expect(nextMidnight("America/New_York", at("2026-11-01T12:00:00Z")).toISOString()).toBe(
      "2026-11-02T05:00:00.000Z",
    );
    // Berlin enters DST on 2026-03-29: midnight of the 29th is still CET (+01:00), of the 30th CEST.
    expect(nextMidnight("Europe/Berlin", at("2026-03-28T12:00:00Z")).toISOString()).toBe(
      "2026-03-28T23:00:00.000Z",
    );
    expect(nextMidnight("Europe/Berlin", at("2026-03-29T12:00:00Z")).toISOString()).toBe(
      "2026-03-29T22:00:00.000Z",
    );
  });

  it("starts the day at the end of a gap that skips midnight", () => {
    // Santiago (Chile) moves clocks from 24:00 to 01:00 on the first Sunday of September 2026.
    const d = nextMidnight("America/Santiago", at("2026-09-05T12:00:00Z"));
    const local = new Intl.DateTimeFormat("en-GB", {
      timeZone: "America/Santiago",
      dateStyle: "short",
      timeStyle: "medium",
    }).format(d);
    expect(local).toBe("06/09/2026, 01:00:00");
    expect(d.getTime()).toBeGreaterThan(at("2026-09-05T12:00:00Z").getTime());
  });

  it("is always in the future", () => {
    const now = new Date();
    for (const tz of ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kathmandu"]) {
      const m = nextMidnight(tz, now);
      expect(m.getTime()).toBeGreaterThan(now.getTime());
      expect(m.getTime() - now.getTime()).toBeLessThanOrEqual(25 * 3600 * 1000);
    }
  });
});
