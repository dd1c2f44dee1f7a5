import { describe, expect, it } from "vitest";
import { fillReferences, referencedColumns, stringsIn } from "./column-references";

describe("column references", () => {
  it("lists each referenced column once, lower-cased", () => {
    expect(referencedColumns(["Hi ${Name}, ${phone}", "${name} ${ city }"])).toEqual([
      "name",
      "phone",
      "city",
    ]);
  });

  it("fills references from a row and reports the ones without a value", () => {
    expect(fillReferences("Hi ${NAME} from ${city}", { name: "Asha", city: "" })).toEqual({
      text: "Hi Asha from ",
      missing: ["city"],
    });
    expect(fillReferences("no refs", {})).toEqual({ text: "no refs", missing: [] });
  });

  it("walks every string of nested components", () => {
    const components = [
      { type: "BODY", variables: [{ type: "text", value: "${a}" }] },
      { cards: [{ x: "${b}" }] },
    ];
    expect(referencedColumns(stringsIn(components))).toEqual(["a", "b"]);
  });
});
