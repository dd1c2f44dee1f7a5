import { describe, expect, it } from "vitest";
import { parseDob, profileRecordReader } from "./schemas";

const readRecord = profileRecordReader(null);

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
    const r = readRecord({
      phone: 9876543210,
      countrycode: "in",
      age: " 31 ",
      name: "",
      dob: "21/04/1993",
    });
    expect(r).toEqual({
      ok: true,
      record: { phone: "919876543210", countrycode: "IN", age: 31, dob: "1993-04-21" },
    });
  });
  it("requires phone and countrycode", () => {
    const r = readRecord({ name: "x" });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.map((e) => e.path)).toEqual(["phone", "countrycode"]);
  });

  const rules = new Map([
    ["plan", { key: "plan", type: "choice" as const, choices: ["Gold", "Silver"] }],
    ["spend", { key: "spend", type: "number" as const, choices: null }],
  ]);
  const withRules = profileRecordReader("IN", rules);

  it("reads the extras: tags trimmed and taken once whatever the case, attributes by type", () => {
    const r = withRules({
      phone: "9810000001",
      tags: [" VIP ", "vip", "Trial"],
      attributes: { plan: "gold", spend: "42", other: "" },
    });
    // "other" is not defined: refused even blank, as every write path refuses an unknown key.
    expect(r).toEqual({
      ok: false,
      errors: [{ path: "attributes", message: "other: No attribute with this key is defined" }],
    });
    const ok = withRules({
      phone: "9810000001",
      tags: [" VIP ", "vip", "Trial"],
      attributes: { plan: "gold", spend: "42" },
    });
    expect(ok).toEqual({
      ok: true,
      record: {
        phone: "919810000001",
        countrycode: "IN",
        tags: ["VIP", "Trial"],
        attributes: { plan: "Gold", spend: 42 },
      },
    });
    // Null or blank extras say nothing.
    expect(withRules({ phone: "9810000001", tags: null, attributes: "" })).toEqual({
      ok: true,
      record: { phone: "919810000001", countrycode: "IN" },
    });
  });

  it("reports the fields' problems, then the tags', then the attributes'; the number only when there are none", () => {
    const r = withRules({ phone: "12", age: "old", tags: ["ok", ""], attributes: { plan: "Bronze" } });
    expect(r).toEqual({
      ok: false,
      errors: [
        { path: "age", message: "Must be a whole number" },
        { path: "tags.1", message: "Must not be empty" },
        { path: "attributes", message: "plan: Must be one of: Gold, Silver" },
      ],
    });
    const phoneOnly = withRules({ phone: "12", tags: ["ok"] });
    expect(!phoneOnly.ok && phoneOnly.errors.map((e) => e.path)).toEqual(["phone"]);
  });
});
