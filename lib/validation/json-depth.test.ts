import { describe, expect, it } from "vitest";
import { jsonDepth } from "./json-depth";

describe("jsonDepth", () => {
  it("counts nested arrays and objects, not brackets inside strings", () => {
    expect(jsonDepth('"a"')).toBe(0);
    expect(jsonDepth("[]")).toBe(1);
    expect(jsonDepth('{"a":[1,{"b":[]}],"c":{}}')).toBe(4);
    expect(jsonDepth('["[[[[", "\\"[[[", {"k]]": "{{"}]')).toBe(2);
  });

  it("measures 100,000 levels without overflowing the stack", () => {
    expect(jsonDepth("[".repeat(100_000) + "]".repeat(100_000))).toBe(100_000);
    expect(jsonDepth('{"a":'.repeat(100_000))).toBe(100_000);
  });
});
