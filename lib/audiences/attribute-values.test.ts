import { describe, expect, it } from "vitest";
import { coerceAttributeValue, type AttributeDefinitionRule } from "./attribute-values";

const rule = (type: AttributeDefinitionRule["type"], choices: string[] | null = null) => ({
  key: "k",
  type,
  choices,
});
const ok = (r: AttributeDefinitionRule, raw: unknown) => coerceAttributeValue(r, raw);

describe("coerceAttributeValue", () => {
  it("text: trimmed, numbers as text, at most 500 characters", () => {
    expect(ok(rule("text"), "  Gold member ")).toEqual({ ok: true, value: "Gold member" });
    expect(ok(rule("text"), 42)).toEqual({ ok: true, value: "42" });
    expect(ok(rule("text"), "x".repeat(500))).toMatchObject({ ok: true });
    expect(ok(rule("text"), "x".repeat(501))).toEqual({ ok: false, reason: "k: At most 500 characters" });
    expect(ok(rule("text"), true)).toEqual({ ok: false, reason: "k: Must be text" });
    expect(ok(rule("text"), { a: 1 })).toEqual({ ok: false, reason: "k: Must be text" });
  });

  it("number: finite numbers and numeric text only", () => {
    expect(ok(rule("number"), 12.5)).toEqual({ ok: true, value: 12.5 });
    expect(ok(rule("number"), " -3 ")).toEqual({ ok: true, value: -3 });
    expect(ok(rule("number"), "1e3")).toEqual({ ok: true, value: 1000 });
    for (const bad of [Infinity, NaN, "1e999", "12abc", "", "0x10", true, [1], null]) {
      expect(ok(rule("number"), bad), String(bad)).toEqual({
        ok: false,
        reason: "k: Must be a finite number",
      });
    }
  });

  it("date: yyyy-mm-dd or epoch milliseconds, stored as yyyy-mm-dd", () => {
    expect(ok(rule("date"), "2026-12-03")).toEqual({ ok: true, value: "2026-12-03" });
    expect(ok(rule("date"), Date.UTC(2026, 11, 3, 15, 30))).toEqual({ ok: true, value: "2026-12-03" });
    expect(ok(rule("date"), String(Date.UTC(1990, 0, 1)))).toEqual({ ok: true, value: "1990-01-01" });
    for (const bad of ["2026-02-30", "03/12/2026", "2026-12-3", "1899-12-31", 1.5, -1e15, true, "x"]) {
      const r = ok(rule("date"), bad);
      expect(r.ok, String(bad)).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(/^k: Must be a date written yyyy-mm-dd or epoch milliseconds/);
    }
  });

  it("boolean: true/false, also as text", () => {
    expect(ok(rule("boolean"), false)).toEqual({ ok: true, value: false });
    expect(ok(rule("boolean"), " TRUE ")).toEqual({ ok: true, value: true });
    expect(ok(rule("boolean"), "false")).toEqual({ ok: true, value: false });
    for (const bad of ["yes", 1, 0, "", null]) {
      expect(ok(rule("boolean"), bad)).toEqual({ ok: false, reason: "k: Must be true or false" });
    }
  });

  it("choice: one of the list, whatever the case, stored as defined", () => {
    const plan = rule("choice", ["Gold", "Silver"]);
    expect(ok(plan, "gold")).toEqual({ ok: true, value: "Gold" });
    expect(ok(plan, " Silver")).toEqual({ ok: true, value: "Silver" });
    expect(ok(plan, "Bronze")).toEqual({ ok: false, reason: "k: Must be one of: Gold, Silver" });
    expect(ok(plan, ["Gold"])).toMatchObject({ ok: false });
    expect(ok(rule("choice", ["1", "2"]), 2)).toEqual({ ok: true, value: "2" });
  });
});
