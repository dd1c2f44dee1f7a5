import { describe, expect, it } from "vitest";
import { numberSearchDigits } from "./customer-name";

describe("a search that is a phone number", () => {
  it.each([
    ["98112 00011", "9811200011"],
    ["+91 98112-00011", "919811200011"],
    ["(0) 98112 00011", "9811200011"],
    ["0091 9811200011", "919811200011"],
    ["98112.00011", "9811200011"],
    ["919811200011", "919811200011"],
  ])("%s is searched as %s", (q, digits) => {
    expect(numberSearchDigits(q)).toBe(digits);
  });

  it.each(["Ravi", "Ravi 98112", "12", "+", ""])("%s is not a number", (q) => {
    expect(numberSearchDigits(q)).toBeNull();
  });
});
