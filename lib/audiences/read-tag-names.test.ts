import { describe, expect, it } from "vitest";
import { readTagNames } from "./read-tag-names";
import { tagNames } from "./schemas";

describe("readTagNames", () => {
  // Every kind of value a body may hold: the reading is tagNames' own, valid or not.
  const inputs: unknown[] = [
    [],
    ["VIP"],
    [" VIP ", "vip", "Vip", "Trial"],
    ["a".repeat(50)],
    ["a".repeat(51)],
    [" " + "a".repeat(50) + " "],
    [""],
    ["   "],
    ["ok", "bad\u0007"],
    ["line\nbreak"],
    ["ok", 1],
    [null],
    ["ok", , "x"],
    Array.from({ length: 50 }, (_, i) => `t${i}`),
    Array.from({ length: 51 }, (_, i) => `t${i}`),
    Array.from({ length: 51 }, () => "same"),
    "VIP",
    { 0: "VIP" },
    42,
    ["Ünïcode ✓", "ÜNÏCODE ✓"],
  ];

  it.each(inputs.map((input, i) => [i, input]))("reads input %i as tagNames does", (_, input) => {
    const expected = tagNames.safeParse(input);
    const read = readTagNames(input);
    if (expected.success) expect(read).toEqual({ ok: true, names: expected.data });
    else
      expect(read).toEqual({
        ok: false,
        errors: expected.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
      });
  });

  it("keeps the first spelling of a repeated name", () => {
    expect(readTagNames(["vip", "VIP"])).toEqual({ ok: true, names: ["vip"] });
  });
});
