import { describe, expect, it } from "vitest";
import { parseDob, profileRecordFor } from "./schemas";

const profileRecord = profileRecordFor(null);

describe("parseDob", () => {
  it("reads day/month/year", () => {
    expect(parseDob("21/04/1993")).toBe("1993-04-21");
    expect(parseDob("1-2-2000")).toBe("2000-02-01");
  });
  it("rejects impossible, future and month-first dates", () => {
    expect(parseDob("31/02/2000")).toBeNull();
    expect(parseDob("12/25/2000")).toBeNull();
    expect(parseDob("01/01/2999")).toBeNull();
    expect(parseDob("2000-01-01")).toBeNull();
  });
});

describe("profileRecord", () => {
  it("normalises and coerces CSV-style strings", () => {
    const r = profileRecord.parse({
      phone: 9876543210,
      countrycode: "in",
      age: " 31 ",
      name: "",
      dob: "21/04/1993",
    });
    expect(r).toEqual({ phone: "919876543210", countrycode: "IN", age: 31, dob: "1993-04-21" });
  });
  it("requires phone and countrycode", () => {
    const r = profileRecord.safeParse({ name: "x" });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join("."))).toEqual(["phone", "countrycode"]);
  });
});
