import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv-line";

describe("csvCell (OWASP CSV injection, RFC 4180 quoting)", () => {
  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ["+1+1", "'+1+1"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", `"'\rcmd"`],
    ["=1,2", `"'=1,2"`],
  ])("neutralises %j", (input, out) => {
    expect(csvCell(input)).toBe(out);
  });

  it("leaves ordinary values, quotes separators and quotes", () => {
    expect(csvCell("Asha")).toBe("Asha");
    expect(csvCell("919900000001")).toBe("919900000001");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("")).toBe("");
    expect(csvCell(null)).toBe("");
    expect(csvCell(3)).toBe("3");
  });

  it("makes a CRLF line of cells, each neutralised then quoted", () => {
    expect(csvLine(["a", 1, null])).toBe("a,1,\r\n");
    expect(csvLine(["a,b", 'say "hi"', "=1", null, 42])).toBe('"a,b","say ""hi""",\'=1,,42\r\n');
  });
});
