import { describe, expect, it } from "vitest";
import { canonicalTimeZone, timeZone, timeZoneNames } from "./time-zone";

describe("business time zone", () => {
  it("accepts IANA zones, spelled as the runtime lists them", () => {
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    expect(canonicalTimeZone(" Asia/Kolkata ")).toBe("Asia/Kolkata");
    expect(canonicalTimeZone("asia/tokyo")).toBe("Asia/Tokyo");
    expect(canonicalTimeZone("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
    expect(timeZone.parse("europe/berlin")).toBe("Europe/Berlin");
  });

  it("refuses what is not a zone, offsets included", () => {
    for (const bad of ["", "Mars/Olympus", "+05:30", "GMT+5", "Asia/Kolkata;drop", "../../etc", "IST1"]) {
      expect(canonicalTimeZone(bad), bad).toBeUndefined();
      expect(timeZone.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("lists UTC first and every zone once", () => {
    const names = timeZoneNames();
    expect(names[0]).toBe("UTC");
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain("Asia/Tokyo");
  });
});
