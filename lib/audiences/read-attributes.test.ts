import { describe, expect, it } from "vitest";
import { coerceAttributeValue, type AttributeDefinitionRule } from "./attribute-values";
import { attributesReader, readAttributes } from "./read-attributes";

const plan: AttributeDefinitionRule = { key: "plan", type: "choice", choices: ["Gold", "Silver", "10"] };
const spend: AttributeDefinitionRule = { key: "spend", type: "number", choices: null };
const rules = new Map([
  ["plan", plan],
  ["spend", spend],
]);

describe("attributesReader", () => {
  it("reads a choice as coerceAttributeValue does, whatever the case, a number or a refusal", () => {
    const read = attributesReader(rules);
    for (const value of ["gold", " SILVER ", "Gold", 10, "10", "Bronze", "", true, 1.5, ["Gold"]]) {
      const expected = coerceAttributeValue(plan, value);
      const got = read({ plan: value });
      if (typeof value === "string" && value.trim() === "") expect(got).toEqual({ ok: true, patch: {} });
      else if (expected.ok) expect(got).toEqual({ ok: true, patch: { plan: expected.value } });
      else
        expect(got).toEqual({ ok: false, errors: [{ path: "attributes.plan", message: expected.reason }] });
    }
  });

  it("is readAttributes: every problem by key, null removes, the object and its size checked", () => {
    expect(readAttributes(rules, { plan: null, spend: "42" })).toEqual({
      ok: true,
      patch: { plan: null, spend: 42 },
    });
    expect(readAttributes(rules, { nope: 1, spend: "x" })).toEqual({
      ok: false,
      errors: [
        { path: "attributes.nope", message: "nope: No attribute with this key is defined" },
        { path: "attributes.spend", message: "spend: Must be a finite number" },
      ],
    });
    expect(readAttributes(rules, ["x"])).toMatchObject({ ok: false, errors: [{ path: "attributes" }] });
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, 1]));
    expect(readAttributes(rules, many)).toEqual({
      ok: false,
      errors: [{ path: "attributes", message: "At most 100 keys" }],
    });
  });
});
