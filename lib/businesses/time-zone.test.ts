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

  it("stores the canonical IANA name of an alias, whatever ICU calls the zone", () => {
    expect(canonicalTimeZone("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(canonicalTimeZone("asia/calcutta")).toBe("Asia/Kolkata");
    expect(canonicalTimeZone("Europe/Kiev")).toBe("Europe/Kyiv");
    expect(canonicalTimeZone("Asia/Saigon")).toBe("Asia/Ho_Chi_Minh");
    expect(canonicalTimeZone("US/Eastern")).toBe("America/New_York");
    expect(canonicalTimeZone("Etc/UTC")).toBe("UTC");
    expect(canonicalTimeZone("GMT")).toBe("UTC");
    expect(timeZone.parse("Asia/Calcutta")).toBe("Asia/Kolkata");
  });

  it("lists the IANA names (Asia/Kolkata, not ICU's Asia/Calcutta), sorted", () => {
    const names = timeZoneNames();
    for (const n of ["Asia/Kolkata", "Europe/Kyiv", "Asia/Ho_Chi_Minh", "America/Nuuk", "Pacific/Kanton"])
      expect(names, n).toContain(n);
    for (const n of ["Asia/Calcutta", "Europe/Kiev", "Asia/Saigon", "America/Godthab"])
      expect(names, n).not.toContain(n);
    expect(names.slice(1)).toEqual([...names.slice(1)].sort());
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
