import { describe, expect, it } from "vitest";
import { findUnstorableText } from "./find-unstorable-text";

describe("findUnstorableText", () => {
  it("names every string, field name and file name holding U+0000 or an unpaired surrogate", () => {
    const found = findUnstorableText({
      ok: "plain, \u00e9 and \ud83d\ude00",
      message: { components: [{ parameters: [{ text: "a\u0000b" }] }] },
      ["k\u0000"]: 1,
      tail: "x\udc00",
      head: "\ud800",
      file: new File([new Uint8Array([1])], "a\u0000.png"),
    });
    expect(found.map((d) => d.path)).toEqual([
      "message.components.0.parameters.0.text",
      "k\\u0000",
      "tail",
      "head",
      "file",
    ]);
    expect(found[0]!.message).toBe(
      "Text contains the NUL character (U+0000), which cannot be stored; remove it",
    );
    expect(found[1]!.message).toMatch(/^The field name contains the NUL character/);
    expect(found[2]!.message).toMatch(/unpaired UTF-16 surrogate \(U\+DC00\)/);
    expect(found[4]!.message).toMatch(/^The file name contains the NUL character/);
  });

  it("walks a value nested 200,000 levels deep without overflowing the stack", () => {
    const deep = JSON.parse(`${"[".repeat(200_000)}"\\u0000"${"]".repeat(200_000)}`) as unknown;
    expect(findUnstorableText(deep)).toHaveLength(1);
  });

  it("stops at 20 findings and takes a prefix", () => {
    expect(findUnstorableText(new Array(50).fill("\u0000"))).toHaveLength(20);
    expect(findUnstorableText("a\u0000", "query.email")[0]!.path).toBe("query.email");
  });
});
