import { describe, expect, it } from "vitest";
import { maskPhone } from "./mask-phone";

describe("maskPhone", () => {
  it("keeps the first two and last four digits", () => {
    expect(maskPhone("919876543210")).toBe("91XXXXXX3210");
    expect(maskPhone("14155550100")).toBe("14XXXXX0100");
    expect(maskPhone("4420794600")).toBe("44XXXX4600");
  });
  it("hides all but two digits of a short number", () => {
    expect(maskPhone("6512345")).toBe("XXXXX45");
  });
});
