import { describe, expect, it } from "vitest";
import { addOptOutsForm, splitPhones } from "./opt-out-form";

describe("the Add opt-outs form", () => {
  it("splits on lines, commas and semicolons, dropping blanks", () => {
    expect(splitPhones("+91 98100 00001\n\n919810000002, 9810000003;")).toEqual([
      "+91 98100 00001",
      "919810000002",
      "9810000003",
    ]);
  });

  it("takes typed numbers as elsewhere and names the ones that are not numbers", () => {
    expect(addOptOutsForm.safeParse({ phones: "+91 (98100) 00001\n09810000002" }).success).toBe(true);
    const bad = addOptOutsForm.safeParse({ phones: "919810000001\nhello\n12" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/^Not a phone number: hello, 12 /);
    expect(addOptOutsForm.safeParse({ phones: " \n" }).error?.issues[0]?.message).toBe(
      "Type at least one phone number",
    );
  });
});
