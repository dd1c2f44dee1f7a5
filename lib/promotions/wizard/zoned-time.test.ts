import { describe, expect, it } from "vitest";
import { estimateSeconds, formatDuration } from "./estimate-duration";
import { isoToZoned, zonedToIso } from "./zoned-time";

describe("zonedToIso", () => {
  it("writes the zone's offset of that day", () => {
    expect(zonedToIso("2026-12-01T09:30", "Asia/Kolkata")).toBe("2026-12-01T09:30:00+05:30");
    expect(zonedToIso("2026-12-01T09:30", "UTC")).toBe("2026-12-01T09:30:00+00:00");
    expect(zonedToIso("2026-07-01T09:30", "America/New_York")).toBe("2026-07-01T09:30:00-04:00");
    expect(zonedToIso("2026-01-15T09:30", "America/New_York")).toBe("2026-01-15T09:30:00-05:00");
    expect(zonedToIso("tomorrow", "UTC")).toBeUndefined();
  });

  it("round-trips with isoToZoned", () => {
    const iso = zonedToIso("2026-03-29T10:15", "Europe/Berlin")!;
    expect(isoToZoned(new Date(iso), "Europe/Berlin")).toBe("2026-03-29T10:15");
  });
});

describe("estimateSeconds", () => {
  it("takes the slower of the sender's rate and the staggered batches", () => {
    const base = { recipients: 1000, senderRate: 50, staggered: false, batchSize: 0, batchTimer: 0 };
    expect(estimateSeconds(base)).toBe(20);
    expect(estimateSeconds({ ...base, staggered: true, batchSize: 100, batchTimer: 60 })).toBe(600);
    expect(estimateSeconds({ ...base, staggered: true, batchSize: 1000, batchTimer: 1 })).toBe(20);
    expect(estimateSeconds({ ...base, recipients: 0 })).toBe(0);
    expect(formatDuration(600)).toBe("about 10 min");
    expect(formatDuration(7500)).toBe("about 2 h 5 min");
  });
});
