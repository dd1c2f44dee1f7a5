import { describe, expect, it } from "vitest";
import { describeVariable, variableCells, variableColumns } from "./variable-columns";

describe("variableColumns", () => {
  it("names each variable that takes its value from a column, phone left out", () => {
    const components = [
      { type: "HEADER", format: "IMAGE", media: { mediaUrl: "${image}" } },
      {
        type: "BODY",
        variables: [
          { type: "text", value: "${Name}" },
          { type: "text", value: "Hi ${phone}" },
        ],
      },
      { type: "BUTTONS", parameters: [{ type: "text", text: "${code}" }] },
      {
        type: "CAROUSEL",
        cards: [
          { card_index: 1, components: [{ type: "BODY", variables: [{ type: "text", value: "${city}" }] }] },
        ],
      },
    ];
    expect(variableColumns(components)).toEqual([
      { variable: "header", column: "image" },
      { variable: "{{1}}", column: "name" },
      { variable: "buttons {{1}}", column: "code" },
      { variable: "card 1 {{1}}", column: "city" },
    ]);
    expect(variableCells(["phone", "Name", "city"], components).map((v) => v.position)).toEqual([0, 2, 0, 3]);
    expect(describeVariable({ variable: "{{1}}", column: "name" })).toBe('{{1}} (column "name")');
  });
});
