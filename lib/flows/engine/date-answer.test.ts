import { describe, expect, it } from "vitest";
import { readDate } from "./date-answer";

const now = new Date("2026-12-23T20:00:00Z"); // already the 24th in Kolkata

describe("date answers", () => {
  it("reads the common forms as an ISO date and refuses what is not a real date", () => {
    for (const t of [
      "2026-12-24",
      "24/12/2026",
      "24-12-2026",
      "24.12.2026",
      "24 Dec 2026",
      "24th December 2026",
      "Dec 24 2026",
      "December 24, 2026",
    ])
      expect(readDate(t, now, "UTC"), t).toBe("2026-12-24");
    for (const t of ["31/02/2026", "2026-13-01", "someday", "24 Foo 2026", "12/24"])
      expect(readDate(t, now, "UTC"), t).toBeUndefined();
  });
  it("reads today and tomorrow in the business's time zone", () => {
    expect(readDate("today", now, "UTC")).toBe("2026-12-23");
    expect(readDate("Tomorrow", now, "Asia/Kolkata")).toBe("2026-12-25");
  });
});
