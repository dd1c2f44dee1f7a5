import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { parseListHeader } from "./list-header";

describe("parseListHeader", () => {
  it("finds the phone column by its aliases, in order of preference", () => {
    const header = parseListHeader(["Name", "Mobile", "Phone"]);
    expect(header.phoneColumn).toBe("Phone");
    expect(header.phoneIndex).toBe(2);
    expect(header.keys).toEqual(["name", "mobile", "phone"]);
  });

  it("takes the column the caller names, in any case", () => {
    const header = parseListHeader(["Name", "Cell", "Phone"], "cell");
    expect(header.phoneColumn).toBe("Cell");
    expect(header.phoneIndex).toBe(1);
  });

  it("refuses a named phone column the header does not have, naming it", () => {
    try {
      parseListHeader(["Name", "Phone"], "whatsapp");
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).message).toContain("'whatsapp'");
    }
  });

  it("refuses a header without any phone alias", () => {
    expect(() => parseListHeader(["Name", "City"])).toThrow(/no phone column/);
  });
});
