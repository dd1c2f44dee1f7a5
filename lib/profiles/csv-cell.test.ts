import { describe, expect, it } from "vitest";
import { csvLine, safeCell } from "./csv-cell";

describe("CSV cells", () => {
  it.each([
    ['=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'],
    ["+1+1", "'+1+1"],
    ["-2", "'-2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tx", "'\tx"],
    ["\rx", "'\rx"],
    ["919812340001", "919812340001"],
    ["Asha", "Asha"],
    ["", ""],
  ])("%j -> %j", (input, out) => expect(safeCell(input)).toBe(out));

  it("quotes commas, quotes and line breaks after neutralising", () => {
    expect(csvLine(["a,b", 'say "hi"', "=1", null, 42])).toBe('"a,b","say ""hi""",\'=1,,42\r\n');
  });
});
