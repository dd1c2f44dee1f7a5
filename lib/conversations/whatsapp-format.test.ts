import { describe, expect, it } from "vitest";
import { formatWhatsApp } from "./whatsapp-format";

describe("formatWhatsApp", () => {
  it("reads the four markers", () => {
    expect(formatWhatsApp("a *b* _c_ ~d~ ```e```")).toEqual([
      { text: "a ", styles: [] },
      { text: "b", styles: ["bold"] },
      { text: " ", styles: [] },
      { text: "c", styles: ["italic"] },
      { text: " ", styles: [] },
      { text: "d", styles: ["strike"] },
      { text: " ", styles: [] },
      { text: "e", styles: ["mono"] },
    ]);
  });

  it("nests styles and leaves monospace as written", () => {
    expect(formatWhatsApp("*bold _both_*")).toEqual([
      { text: "bold ", styles: ["bold"] },
      { text: "both", styles: ["bold", "italic"] },
    ]);
    expect(formatWhatsApp("```*x*```")).toEqual([{ text: "*x*", styles: ["mono"] }]);
  });

  it("keeps markers that frame nothing, spaces or a line break as text", () => {
    expect(formatWhatsApp("2 * 3 * 4")).toEqual([{ text: "2 * 3 * 4", styles: [] }]);
    expect(formatWhatsApp("**")).toEqual([{ text: "**", styles: [] }]);
    expect(formatWhatsApp("*a\nb*")).toEqual([{ text: "*a\nb*", styles: [] }]);
    expect(formatWhatsApp("snake_case_name")).toEqual([{ text: "snake_case_name", styles: [] }]);
  });
});
