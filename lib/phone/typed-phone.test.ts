import { describe, expect, it } from "vitest";
import { messageSearchFilters } from "../messages/status/search-schemas";
import { readInternational } from "./international";
import { typedDigits, typedPhone } from "./typed-phone";

describe("typedDigits: a number as a person writes it", () => {
  it.each([
    ["+91 98123 40002", "+919812340002"],
    ["+1 (415) 555-0100", "+14155550100"],
    ["0791.123.456", "0791123456"],
    ["+44\u00a07911\u2013123456", "+447911123456"],
    ["  919812340002 ", "919812340002"],
  ])("%s -> %s", (typed, digits) => expect(typedDigits(typed)).toBe(digits));

  it("leaves what is not a separator for the check to refuse", () => {
    expect(typedDigits("98123abc")).toBe("98123abc");
    expect(typedDigits("91+98")).toBe("91+98");
  });
});

describe("typedPhone and the forms that use it", () => {
  const field = typedPhone("Enter a number");

  it("accepts spaces, dashes and parentheses and outputs the digits", () => {
    expect(field.parse("+91 98123-40002")).toBe("+919812340002");
    expect(field.safeParse("12ab").success).toBe(false);
    expect(field.safeParse("+91 98").success).toBe(false);
  });

  it("the messages filter takes '+91 98123 40002' (it refused it before)", () => {
    const f = messageSearchFilters.parse({ number: "+91 98123 40002" });
    expect(f.number).toBe("+919812340002");
    expect(messageSearchFilters.parse({ number: "" }).number).toBe("");
    expect(messageSearchFilters.safeParse({ number: "98x" }).success).toBe(false);
  });

  it("the server's recipient parser reads the same typed forms", () => {
    expect(readInternational("+91 98123 40002")).toBe("919812340002");
    expect(readInternational("+91 98123 4000x")).toBeUndefined();
    expect(readInternational("+91 (981) 234-0002")).toBe("919812340002");
  });
});
