import { describe, expect, it } from "vitest";
import { mergeSearchParams, parseTableParams } from "./data-table-params";

describe("mergeSearchParams", () => {
  it("sets only the changed keys on top of the current query", () => {
    // A sort click, then the debounced search: the search keeps the sort.
    const sorted = mergeSearchParams("q=ann", { sort: "-name", page: null });
    expect(sorted).toBe("q=ann&sort=-name");
    expect(mergeSearchParams(sorted, { q: "anna", page: null })).toBe("q=anna&sort=-name");
  });

  it("removes a key for null or an empty string and leaves it for undefined", () => {
    expect(mergeSearchParams("?q=a&page=3&size=50", { page: null, q: "", size: undefined })).toBe("size=50");
  });

  it("keeps other controls' params and appends new keys", () => {
    expect(mergeSearchParams(new URLSearchParams("status=PENDING&sort=name"), { channel: "rcs" })).toBe(
      "status=PENDING&sort=name&channel=rcs",
    );
  });

  it("encodes values, so what the page parses is what the control wrote", () => {
    const qs = mergeSearchParams("", { q: "a&b=c 50%" });
    expect(parseTableParams(Object.fromEntries(new URLSearchParams(qs))).q).toBe("a&b=c 50%");
  });
});
